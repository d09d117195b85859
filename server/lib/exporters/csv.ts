import type { ExportTable } from './table';

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell that cannot run as a formula when the file is opened in Excel, LibreOffice or Sheets, in
 * any locale: a value starting with = + - @ tab or CR gets a leading apostrophe, which spreadsheets
 * show as text, and so does any part of it that a separator inside it would start. ('-' also
 * starts negative numbers, but no exported column is numeric.)
 */
export function neutraliseCell(value: string): string {
  const inner = value.replace(EMBEDDED_FORMULA, "$1'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

/**
 * A separator inside a cell followed (after spaces or quotes) by a formula character. A spreadsheet
 * whose list separator is ';' (or tab) reads our comma-separated line with quotes mid-field as
 * literal text, so the text after that ';' starts a cell of its own: it gets an apostrophe too.
 */
const EMBEDDED_FORMULA = /([;,\t\r\n])(?=[\s"]*[=+\-@])/g;

/**
 * RFC 4180 quoting: cells holding a comma, quote or line break are quoted, quotes doubled. So are
 * cells holding a semicolon or a tab: where ';' is the list separator (most of Europe) or the file
 * is read as tab-separated, an unquoted 'x;=cmd|...' would split into a cell that starts with '='.
 */
function quote(value: string): string {
  return /[",;\t\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * UTF-8 CSV with a byte-order mark (so Excel reads accents right), CRLF line ends, every cell
 * neutralised against formula injection.
 */
export function writeCsv(table: ExportTable): Buffer {
  const lines = [table.columns.map((c) => quote(neutraliseCell(c.header)))];
  for (const row of table.rows) lines.push(row.map((cell) => quote(neutraliseCell(cell ?? ''))));
  return Buffer.from(`\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`, 'utf8');
}
