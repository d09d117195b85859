import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvRecords, TRUNCATED, type CsvRecord, type CsvRecordsOptions } from './csv-records';

/** Feeds `text` in chunks of `size` characters (records cross chunk boundaries). */
function read(text: string, size = 7, options: CsvRecordsOptions = {}): CsvRecord[] {
  const splitter = new CsvRecords(options);
  const out: CsvRecord[] = [];
  for (let i = 0; i < text.length; i += size) splitter.push(text.slice(i, i + size), out);
  splitter.end(out);
  return out;
}

describe('CsvRecords', () => {
  it('reads what csv-parse reads: quoted, unquoted, escaped quotes, commas and newlines inside fields, CRLF, BOM', () => {
    const text =
      '\uFEFF"NPI","Name","City"\r\n' +
      '"1","SMITH, JONES & ""PARTNERS"" LLC","AUSTIN"\r\n' +
      '2,plain,DALLAS\n' +
      '\n' +
      '"3","O\'BRIEN","WINSTON-SALEM"\n' +
      '"4","two\nlines, and ""quotes""","EL PASO"\n' +
      '"5","","",""\n' +
      '6,"mixed",HOUSTON\n' +
      '"7","a field with "","" inside","TYLER"';
    // csv-parse takes one record delimiter per file: give it the same text with LF line ends.
    const expected = parse(text.replace('\uFEFF', '').replaceAll('\r\n', '\n'), { relax_column_count: true, skip_empty_lines: true }) as string[][];
    expect(expected).toHaveLength(8);
    expect(expected[7]).toEqual(['7', 'a field with "," inside', 'TYLER']);
    const records = read(text);
    expect(records.map((r) => ('fields' in r ? r.fields : r.error))).toEqual(expected);
    // Each record with the line it ends on (the two-line field ends on line 7).
    expect(records.map((r) => r.line)).toEqual([1, 2, 3, 5, 7, 8, 9, 10]);
  });

  it('gives chunk size no say in the result', () => {
    const text = '"a","b,c","d""e"\n"f\ng","h",i\n1,2,3\n';
    const whole = read(text, text.length);
    for (const size of [1, 2, 3, 5, 11]) expect(read(text, size)).toEqual(whole);
  });

  it('names a broken record and its line, and goes on', () => {
    const records = read('"a","b"\n"x" y,"z"\n"c","d"\n"open field\n');
    expect(records[0]).toEqual({ line: 1, fields: ['a', 'b'] });
    expect(records[1]!.line).toBe(2);
    expect('error' in records[1]! && records[1].error).toMatch(/quote/i);
    expect(records[2]).toEqual({ line: 3, fields: ['c', 'd'] });
    expect(records[3]).toEqual({ line: 4, error: TRUNCATED });
  });

  const NPPES_START = /^"?\d{10}(?:\.0)?"?,/;
  const nppesLine = (npi: number, name = 'SMITH') => `"${npi}","1","${name}","AUSTIN"\n`;

  it('a stray quote costs its own line only: reading goes on at the next line that starts a record', () => {
    let text = '"NPI","Entity","Name","City"\n';
    for (let npi = 1000000001; npi <= 1000000010; npi++) text += nppesLine(npi, npi === 1000000003 ? 'O"BRIEN' : 'SMITH');
    for (const size of [3, 64, text.length]) {
      const records = read(text, size, { recordStart: NPPES_START });
      expect(records.filter((r) => 'fields' in r)).toHaveLength(1 + 9);
      expect(records.filter((r) => 'error' in r)).toEqual([{ line: 4, error: 'a quote is not closed (line 4 skipped; reading goes on at line 5)' }]);
      expect(records.map((r) => r.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    }
    // Without the record-start rule, the same stray quote swallows every later record (the old reading).
    expect(read(text, 64).filter((r) => 'fields' in r)).toHaveLength(3);
  });

  it('a newline inside a quoted field still joins its lines when the next line does not start a record', () => {
    const text = '"NPI","Name"\n"1000000001","SUITE 4\nBUILDING B"\n"1000000002","X"\n';
    expect(read(text, 5, { recordStart: NPPES_START })).toEqual([
      { line: 1, fields: ['NPI', 'Name'] },
      { line: 3, fields: ['1000000001', 'SUITE 4\nBUILDING B'] },
      { line: 4, fields: ['1000000002', 'X'] },
    ]);
  });

  it('marks a last line without a line end, and names a file that ends inside a quoted field as truncated', () => {
    expect(read('"a","b"\n"c","d"')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['c', 'd'], lastInFile: true },
    ]);
    expect(read('"a","b"\n"1000000001","cut off her', 4, { recordStart: NPPES_START })).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, error: TRUNCATED },
    ]);
  });

  it('a line longer than the limit is one malformed line, found without holding or rescanning it', () => {
    const splitter = new CsvRecords({ maxLineChars: 1000 });
    const out: CsvRecord[] = [];
    splitter.push('"a","b"\n', out);
    // 20 MB without a line end, in 64 KB chunks: held text stays under the limit throughout.
    const chunk = 'x'.repeat(64 * 1024);
    let held = 0;
    for (let i = 0; i < 320; i++) {
      splitter.push(chunk, out);
      held = Math.max(held, splitter.bufferedChars);
    }
    splitter.push('x\n"c","d"\n', out);
    splitter.end(out);
    expect(held).toBeLessThanOrEqual(1000 + chunk.length);
    expect(out).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, error: 'the line is longer than 1,000 characters' },
      { line: 3, fields: ['c', 'd'] },
    ]);
  });

  it('reads a 200 MB line with no line end in linear time (the old reading rescanned it for every chunk)', () => {
    const splitter = new CsvRecords();
    const out: CsvRecord[] = [];
    const chunk = 'y'.repeat(1 << 20);
    const started = performance.now();
    for (let i = 0; i < 200; i++) splitter.push(chunk, out);
    splitter.end(out);
    // Linear: about 0.1 s here; the quadratic reading took minutes for 700 MB.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(out).toEqual([{ line: 1, error: 'the line is longer than 200,000 characters' }]);
  });

  it("the match upload review's line of 4 million commas is one malformed line, never split into fields", () => {
    // The line limit bounds a record's fields too (at most one a character): no column cap is needed.
    const out: CsvRecord[] = [];
    const splitter = new CsvRecords();
    splitter.push(`NPI,Name\n1234567893${','.repeat(4_000_000)}\n"1234567893","Smith"\n`, out);
    splitter.end(out);
    expect(out).toEqual([
      { line: 1, fields: ['NPI', 'Name'] },
      { line: 2, error: 'the line is longer than 200,000 characters' },
      { line: 3, fields: ['1234567893', 'Smith'] },
    ]);
  });
});
