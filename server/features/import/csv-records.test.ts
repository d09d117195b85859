import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvRecords, type CsvRecord } from './csv-records';

/** Feeds `text` in chunks of `size` characters (records cross chunk boundaries). */
function read(text: string, size = 7): CsvRecord[] {
  const splitter = new CsvRecords();
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
    expect(records[3]).toEqual({ line: 4, error: 'Quote Not Closed: the file ends inside a quoted field' });
  });
});
