import { decodeText } from './decode';
import type { CsvSource } from './source';

/**
 * A file with several records per NPI (DAC: one per enrolment x group x address) is folded once
 * per NPI per file (ADR 056). Most NPIs' records lie next to each other; a real national extract
 * also has NPIs whose records lie far apart. This first pass finds those: the NPI of every line
 * that starts a record (the file's `recordStart`, with the NPI as its first field), and the NPIs
 * met again after another NPI's records. Only line starts are read (no CSV parsing): a line inside
 * a quoted field that happens to start like a record could at worst hold one more NPI back.
 */
export async function scatteredNpis(source: CsvSource, npiOfLine: (line: string) => number | null): Promise<Set<number>> {
  const finished = new Set<number>();
  const scattered = new Set<number>();
  let current: number | null = null;
  const see = (line: string) => {
    const npi = npiOfLine(line);
    if (npi === null || npi === current) return;
    if (current !== null) finished.add(current);
    if (finished.has(npi)) scattered.add(npi);
    current = npi;
  };
  let rest = '';
  for await (const text of decodeText(source.stream as AsyncIterable<Buffer>)) {
    let start = 0;
    let end = text.indexOf('\n');
    if (end !== -1 && rest) {
      see(rest + text.slice(0, Math.min(end, 24)));
      rest = '';
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    while (end !== -1) {
      // The NPI is within a line's first few characters: no need to copy the whole line.
      see(text.slice(start, Math.min(end, start + 24)));
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    rest = rest.length < 24 ? rest + text.slice(start, start + 24) : rest;
  }
  if (rest) see(rest);
  return scattered;
}

/** The NPI a DAC line starts with (a record's first field, quoted or not, '.0' from a spreadsheet). */
export function leadingNpi(line: string): number | null {
  const match = /^\uFEFF?"?(\d{10})(?:\.0)?"?,/.exec(line);
  return match ? Number(match[1]) : null;
}

/** The NPI of a parsed record's first field, as `leadingNpi` reads it. */
export function firstFieldNpi(fields: string[]): number | null {
  const match = /^\s*"?(\d{10})(?:\.0)?"?\s*$/.exec(fields[0] ?? '');
  return match ? Number(match[1]) : null;
}
