import { parse } from 'csv-parse/sync';

/**
 * One CSV record: its fields, or why it could not be read; `line` is the file line it ends on
 * (for a record that could not be read: the line it starts on). `lastInFile` marks a last line
 * that had no line end (a cut-off download leaves one).
 */
export type CsvRecord = { line: number; fields: string[]; lastInFile?: true } | { line: number; error: string };

export const TRUNCATED = 'the file ends mid-record (truncated download?)';

/**
 * A line longer than this is malformed. The public files' longest lines are a few thousand
 * characters; the limit keeps one runaway line (no line end for hundreds of megabytes) from
 * being held in memory, and it is found as the text streams by (docs/decisions/029).
 */
export const MAX_LINE_CHARS = 200_000;

export type CsvRecordsOptions = {
  /**
   * What a line that starts a record looks like (NPPES: a quoted 10-digit NPI and a comma). A
   * record whose quotes do not balance ends at the next such line: a stray quote costs its own
   * line, never the records after it.
   */
  recordStart?: RegExp;
  maxLineChars?: number;
};

/**
 * Splits streamed CSV text into records (docs/decisions/019-import-throughput.md). csv-parse
 * reads about 11,000 NPPES lines a second on one core (330 fields each), below the import's
 * target, so the two line shapes the public files consist of take an exact fast path:
 *   - a line without any quote: its fields are the text between commas;
 *   - a line whose every field is quoted (NPPES quotes every field): its fields are the text
 *     between '","', with doubled quotes made single.
 * Both are what any CSV parser reads from such a line. Every other record (a newline inside a
 * field, a mix of quoted and unquoted fields, a stray quote) is gathered whole, across
 * lines until its quotes balance (or the next line that starts a record), and read by csv-parse,
 * which also names what is wrong with it.
 * Empty lines are skipped; CRLF line ends are accepted; a leading byte order mark is dropped.
 * Each character is looked at a bounded number of times: the work is linear in the text.
 */
export class CsvRecords {
  /** The start of a line whose end has not arrived yet. */
  private rest = '';
  private line = 0;
  private started = false;
  /** The current line ran past the limit: its text is dropped until its line end. */
  private overlong = false;
  /** A record whose quotes are not balanced yet (a newline inside a quoted field). */
  private open: { text: string; quotes: number; firstLine: number } | null = null;
  private readonly recordStart: RegExp | undefined;
  private readonly maxLineChars: number;

  constructor(options: CsvRecordsOptions = {}) {
    this.recordStart = options.recordStart;
    this.maxLineChars = options.maxLineChars ?? MAX_LINE_CHARS;
  }

  /** Characters held while waiting for a line end or a closing quote (bounded by the limit). */
  get bufferedChars(): number {
    return this.rest.length + (this.open?.text.length ?? 0);
  }

  /** Adds text; appends the records it completes to `out`. */
  push(chunk: string, out: CsvRecord[]): void {
    if (!this.started && chunk.length) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    let start = 0;
    let end = chunk.indexOf('\n');
    if (this.overlong) {
      if (end === -1) return;
      this.endOverlong(out);
      start = end + 1;
      end = chunk.indexOf('\n', start);
    }
    if (end !== -1 && this.rest) {
      // Only the new chunk is searched for the line end: text already held is never rescanned.
      const line = this.rest + chunk.slice(start, end);
      this.rest = '';
      this.take(line, out);
      start = end + 1;
      end = chunk.indexOf('\n', start);
    }
    while (end !== -1) {
      this.take(chunk.slice(start, end), out);
      start = end + 1;
      end = chunk.indexOf('\n', start);
    }
    if (start < chunk.length) this.rest += chunk.slice(start);
    if (this.rest.length > this.maxLineChars) {
      this.rest = '';
      this.overlong = true;
    }
  }

  /** The end of the text: the last line without a newline, or a record left open. */
  end(out: CsvRecord[]): void {
    if (this.overlong) this.endOverlong(out);
    if (this.rest) {
      const before = out.length;
      this.take(this.rest, out);
      const last = out[before];
      if (out.length === before + 1 && last && 'fields' in last) last.lastInFile = true;
    }
    this.rest = '';
    if (this.open) {
      out.push({ line: this.open.firstLine, error: TRUNCATED });
      this.open = null;
    }
  }

  private endOverlong(out: CsvRecord[]): void {
    this.overlong = false;
    this.line++;
    this.closeOpen(out, this.line);
    out.push({ line: this.line, error: `the line is longer than ${this.maxLineChars.toLocaleString('en-US')} characters` });
  }

  /** A record left open by an unbalanced quote is malformed: reported at its first line. */
  private closeOpen(out: CsvRecord[], nextLine: number): void {
    if (!this.open) return;
    const { firstLine } = this.open;
    const lines = nextLine - 1 > firstLine ? `lines ${firstLine}-${nextLine - 1}` : `line ${firstLine}`;
    out.push({ line: firstLine, error: `a quote is not closed (${lines} skipped; reading goes on at line ${nextLine})` });
    this.open = null;
  }

  private take(raw: string, out: CsvRecord[]): void {
    this.line++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.length > this.maxLineChars) {
      this.closeOpen(out, this.line);
      out.push({ line: this.line, error: `the line is longer than ${this.maxLineChars.toLocaleString('en-US')} characters` });
      return;
    }
    if (this.open) {
      if (this.recordStart?.test(line)) {
        this.closeOpen(out, this.line);
      } else if (this.open.text.length + line.length > this.maxLineChars) {
        this.closeOpen(out, this.line + 1);
        return;
      } else {
        this.open.text += '\n' + line;
        this.open.quotes += countQuotes(line);
        if (this.open.quotes % 2 === 0) {
          out.push(readWithCsvParse(this.open.text, this.line));
          this.open = null;
        }
        return;
      }
    }
    if (line === '') return;
    if (line.indexOf('"') === -1) {
      out.push({ line: this.line, fields: line.split(',') });
      return;
    }
    const quoted = quotedFields(line);
    if (quoted) {
      out.push({ line: this.line, fields: quoted });
      return;
    }
    const quotes = countQuotes(line);
    if (quotes % 2 === 0) out.push(readWithCsvParse(line, this.line));
    else this.open = { text: line, quotes, firstLine: this.line };
  }
}

/**
 * The fields of a line whose every field is quoted, or null for any other line. Between the
 * separators '","' a quoted field's quotes come in pairs (""); a separator found inside a field
 * (its text holding "","") leaves a lone quote at a piece's edge, so any odd run of quotes in a
 * piece sends the line to csv-parse.
 */
function quotedFields(line: string): string[] | null {
  if (line.length < 2 || line.charCodeAt(0) !== 34 || line.charCodeAt(line.length - 1) !== 34) return null;
  const fields = line.slice(1, -1).split('","');
  for (let f = 0; f < fields.length; f++) {
    const field = fields[f]!;
    let i = field.indexOf('"');
    if (i === -1) continue;
    while (i !== -1) {
      let run = 1;
      while (field.charCodeAt(i + run) === 34) run++;
      if (run % 2 === 1) return null;
      i = field.indexOf('"', i + run);
    }
    fields[f] = field.replaceAll('""', '"');
  }
  return fields;
}

function countQuotes(text: string): number {
  let n = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) n++;
  return n;
}

function readWithCsvParse(text: string, line: number): CsvRecord {
  try {
    const records = parse(text, { relax_quotes: false, relax_column_count: true }) as string[][];
    if (records.length !== 1) return { line, error: `expected one record, found ${records.length}` };
    return { line, fields: records[0]! };
  } catch (error) {
    return { line, error: error instanceof Error ? error.message : String(error) };
  }
}
