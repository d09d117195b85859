import { parse } from 'csv-parse/sync';

/** One CSV record: its fields, or why it could not be read; `line` is the file line it ends on. */
export type CsvRecord = { line: number; fields: string[] } | { line: number; error: string };

/**
 * Splits streamed CSV text into records (docs/decisions/019-import-throughput.md). csv-parse
 * reads about 11,000 NPPES lines a second on one core (330 fields each), below the import's
 * target, so the two line shapes the public files consist of take an exact fast path:
 *   - a line without any quote: its fields are the text between commas;
 *   - a line whose every field is quoted (NPPES quotes every field): its fields are the text
 *     between '","', with doubled quotes made single.
 * Both are what any CSV parser reads from such a line. Every other record (a newline inside a
 * field, a mix of quoted and unquoted fields, a stray quote) is gathered whole, across
 * lines until its quotes balance, and read by csv-parse, which also names what is wrong with it.
 * Empty lines are skipped; CRLF line ends are accepted; a leading byte order mark is dropped.
 */
export class CsvRecords {
  private rest = '';
  private line = 0;
  private started = false;
  /** A record whose quotes are not balanced yet (a newline inside a quoted field). */
  private open: { text: string; quotes: number } | null = null;

  /** Adds text; appends the records it completes to `out`. */
  push(chunk: string, out: CsvRecord[]): void {
    let text = this.rest + chunk;
    if (!this.started && text.length) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    for (let end = text.indexOf('\n', start); end !== -1; end = text.indexOf('\n', start)) {
      this.take(text.slice(start, end), out);
      start = end + 1;
    }
    this.rest = text.slice(start);
  }

  /** The end of the text: the last line without a newline, or a record left open. */
  end(out: CsvRecord[]): void {
    if (this.rest) this.take(this.rest, out);
    this.rest = '';
    if (this.open) {
      out.push({ line: this.line, error: 'Quote Not Closed: the file ends inside a quoted field' });
      this.open = null;
    }
  }

  private take(raw: string, out: CsvRecord[]): void {
    this.line++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (this.open) {
      this.open.text += '\n' + line;
      this.open.quotes += countQuotes(line);
      if (this.open.quotes % 2 === 0) {
        out.push(readWithCsvParse(this.open.text, this.line));
        this.open = null;
      }
      return;
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
    else this.open = { text: line, quotes };
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
