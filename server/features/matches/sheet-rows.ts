import {
  MATCH_MAX_CELL_CHARS,
  MATCH_MAX_COLUMNS,
  MATCH_MAX_ROWS,
  MATCH_MAX_TEXT_CHARS,
  MATCH_MAX_UNZIPPED_BYTES,
} from '../../../contract/matches';
import { fieldError } from '../../lib/errors';

/*
 * The limits of an uploaded list (contract/matches.ts, docs/decisions/048): the readers hand each
 * cell and row to SheetRows as soon as they have it, and the first limit passed stops the reading
 * with a 400 on 'file' naming it.
 */

const count = (n: number) => n.toLocaleString('en-US');

export const sheetLimit = {
  rows: () => fieldError('file', `The file holds more than ${count(MATCH_MAX_ROWS)} rows; split it and upload each part.`),
  columns: () =>
    fieldError('file', `The file has more than ${MATCH_MAX_COLUMNS} columns; keep the ones to match on and upload it again.`),
  /** `where`: 'Line 12' (CSV) or 'Row 12' (XLSX). */
  cell: (where: string) => fieldError('file', `${where} has a cell of more than ${count(MATCH_MAX_CELL_CHARS)} characters.`),
  text: () => fieldError('file', `The file holds more than ${count(MATCH_MAX_TEXT_CHARS)} characters of text; split it and upload each part.`),
  unzipped: () =>
    fieldError(
      'file',
      `The workbook unzips to more than ${MATCH_MAX_UNZIPPED_BYTES / 1024 / 1024} MB; save its first sheet alone (or as CSV) and upload that.`,
    ),
};

/**
 * The non-blank rows read so far (the header first), held to the limits: all of them, or only the
 * first `keep` (a preview counts the rest without holding their cells).
 */
export class SheetRows {
  readonly rows: string[][] = [];
  /** Non-blank rows read, the header included. */
  count = 0;
  /** The widest row's cells. */
  width = 0;
  private textChars = 0;

  constructor(private readonly keep = Number.POSITIVE_INFINITY) {}

  /** A cell about to be kept: its column (0 for the first) and its length. */
  checkCell(column: number, length: number, where: string): void {
    if (column >= MATCH_MAX_COLUMNS) throw sheetLimit.columns();
    if (length > MATCH_MAX_CELL_CHARS) throw sheetLimit.cell(where);
  }

  /** A whole row (its cells checked already); a row of blank cells is dropped. */
  add(cells: string[]): void {
    if (!cells.some((cell) => cell.trim() !== '')) return;
    if (this.count > MATCH_MAX_ROWS) throw sheetLimit.rows();
    for (const cell of cells) this.textChars += cell.length;
    if (this.textChars > MATCH_MAX_TEXT_CHARS) throw sheetLimit.text();
    this.count++;
    if (cells.length > this.width) this.width = cells.length;
    if (this.rows.length < this.keep) this.rows.push(cells);
  }
}

/**
 * A reader's pause: called between pieces of work, it gives the event loop a turn once `everyMs`
 * have passed since the last, so other requests wait at most about that long for a reading.
 */
export function turnTaker(everyMs = 10): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < everyMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
