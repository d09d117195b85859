import type { ExportTable } from './table';

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell that cannot run as a formula when the file is opened in Excel, LibreOffice or Sheets:
 * a value starting with = + - @ tab or CR gets a leading apostrophe, which spreadsheets show as
 * text. ('-' also starts negative numbers, but no exported column is numeric.)
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** RFC 4180 quoting: cells holding a comma, quote or line break are quoted, quotes doubled. */
function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
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
