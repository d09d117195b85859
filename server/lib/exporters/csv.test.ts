import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { writeCsv } from './csv';

const FORMULA_START = /^[=+\-@\t\r]/;

const HOSTILE = [
  "x;=cmd|' /C calc'!A0",
  "x,=cmd|' /C calc'!A0",
  "x\t=cmd|' /C calc'!A0",
  '=HYPERLINK("https://evil.example","click")',
  '+1+1',
  '-2+3',
  '@SUM(A1:A2)',
  '\t=1+1',
  '\r=1+1',
  'a "quoted" word; then =1+1',
  'Plain, with comma',
  'line one\n=1+1',
  'line one\r\n@SUM(A1)',
];

function table(cells: string[]) {
  return { title: 'Physicians', columns: [{ header: 'Name', width: 10 }, { header: 'Note', width: 10 }], rows: cells.map((cell) => ['Ada', cell]) };
}

/** Every field a spreadsheet would see when it opens the file with `delimiter` as its list separator. */
function fieldsAs(csv: Buffer, delimiter: string): string[] {
  const text = csv.toString('utf8').replace(/^\uFEFF/, '');
  return (parse(text, { delimiter, relax_column_count: true, relax_quotes: true }) as string[][]).flat();
}

describe('CSV export against formula injection', () => {
  it('no field starts a formula whether the file is read with comma, semicolon or tab as separator', () => {
    const csv = writeCsv(table(HOSTILE));
    for (const delimiter of [',', ';', '\t']) {
      // A spreadsheet may skip leading spaces and quotes before it looks for '='.
      const formulas = fieldsAs(csv, delimiter).filter((field) => FORMULA_START.test(field.replace(/^[ "]+/, '')));
      expect(formulas, `delimiter ${JSON.stringify(delimiter)}`).toEqual([]);
    }
  });

  it('read back with commas, every value is the original behind at most a leading apostrophe', () => {
    const rows = parse(writeCsv(table(HOSTILE)).toString('utf8').replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];
    expect(rows[0]).toEqual(['Name', 'Note']);
    const unneutralised = rows.slice(1).map((row) => row[1].replace(/^'(?=[=+\-@\t\r])/, '').replace(/([;,\t\r\n])'/g, '$1'));
    expect(unneutralised).toEqual(HOSTILE);
    // Ordinary text is left as it is.
    expect(parse(writeCsv(table(['Smith-Jones; Boston, MA'])).toString('utf8').replace(/^\uFEFF/, ''))[1][1]).toBe('Smith-Jones; Boston, MA');
  });
});
