import { isUtf8 } from 'node:buffer';
import { finished } from 'node:stream/promises';
import { CsvError, Parser, type InfoField } from 'csv-parse';
import iconv from 'iconv-lite';
import { MATCH_MAX_CELL_CHARS, MATCH_MAX_COLUMNS } from '../../../contract/matches';
import { AppError, fieldError } from '../../lib/errors';
import { sheetLimit, turnTaker, type SheetRows } from './sheet-rows';

/** Bytes handed to the parser at a time (a few milliseconds of parsing). */
const CHUNK_BYTES = 64 * 1024;
/** The delimiter is guessed from the first line's first bytes (a header is far shorter). */
const HEADER_SCAN_BYTES = 64 * 1024;

/** The first line's most frequent of ',', ';' and tab (',' on a tie), in its first 64 KB. */
function delimiterOf(bytes: Buffer): string {
  const newline = bytes.indexOf(0x0a);
  const end = Math.min(newline === -1 ? bytes.length : newline, HEADER_SCAN_BYTES);
  const counts = [0, 0, 0];
  for (let i = 0; i < end; i++) {
    const byte = bytes[i];
    if (byte === 0x2c) counts[0]!++;
    else if (byte === 0x3b) counts[1]!++;
    else if (byte === 0x09) counts[2]!++;
  }
  const best = counts.indexOf(Math.max(...counts));
  return [',', ';', '\t'][best]!;
}

/**
 * Reads a CSV into `rows` (docs/decisions/048-spreadsheets-read-with-limits.md): csv-parse as the
 * match upload always read it (the delimiter guessed, quotes relaxed, ragged rows kept), fed 64 KB
 * at a time with a turn for the event loop between, and stopped at the first limit passed: each
 * field is checked as csv-parse ends it (`cast`), so a line of a million commas stops at its
 * 51st field, and `max_record_size` stops one endless field before it ends. UTF-8 (byte order
 * marks dropped) when the whole file is valid UTF-8, else Windows-1252 (Excel's 'CSV' on Windows).
 */
export async function readCsvRows(bytes: Buffer, rows: SheetRows): Promise<void> {
  const utf8 = isUtf8(bytes);
  // Up to two byte order marks are dropped, as the whole-text reading did (its TextDecoder dropped
  // one and a replace the next): a file saved twice by a BOM-adding tool reads as it always read.
  const bomAt = (i: number) => utf8 && bytes[i] === 0xef && bytes[i + 1] === 0xbb && bytes[i + 2] === 0xbf;
  let at = bomAt(0) ? (bomAt(3) ? 6 : 3) : 0;
  const decoder = utf8 ? null : iconv.getDecoder('win1252');
  const parser = new Parser({
    delimiter: delimiterOf(bytes),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: false,
    // Fields are checked one by one below; this bounds the field being read (in bytes, hence the
    // room for multi-byte characters): passing it means a cell far over MATCH_MAX_CELL_CHARS.
    max_record_size: 4 * MATCH_MAX_COLUMNS * MATCH_MAX_CELL_CHARS,
    cast: (value: string, context: InfoField) => {
      rows.checkCell(context.index, value.length, `Line ${context.lines}`);
      return value;
    },
    on_record: (record: string[]) => {
      rows.add(record);
      return null;
    },
  });
  parser.resume();
  const done = finished(parser);
  done.catch(() => undefined);
  const pause = turnTaker();
  while (at < bytes.length && !parser.errored) {
    const chunk = bytes.subarray(at, at + CHUNK_BYTES);
    at += chunk.length;
    parser.write(decoder ? decoder.write(chunk) : chunk);
    await pause();
  }
  if (!parser.errored) parser.end(decoder?.end() || undefined);
  try {
    await done;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') throw sheetLimit.cell(`Line ${String(error.lines)}`);
    throw fieldError('file', `The CSV file could not be read: ${(error as Error).message.slice(0, 200)}`);
  }
}
