import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/harness';
import { nppesDate, nppesIndividual } from '../../test/support/import/fixtures';
import { nppesHeaderLine } from './nppes-layout';
import { NPPES } from './nppes';
import { runImport } from './service';

/*
 * A city spelled another way is no move (ADR 035; migration 0050): two monthly NPPES extracts in
 * the real layout where five physicians' cities are re-spelled as real files re-spell them, and one
 * moves. Only the one that moved has change rows and a moved_on date.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());
const dir = mkdtempSync(join(tmpdir(), 'place-names-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

/** NPI, city in the first file, city in the second, state, ZIP in the first and second file. */
const PEOPLE: Array<[string, string, string, string, string, string]> = [
  ['1200000001', 'SAINT LOUIS', 'ST LOUIS', 'MO', '631100000', '631100000'],
  ['1200000002', 'SAINT CHARLES', 'ST. CHARLES', 'MO', '633010000', '633010000'],
  ['1200000003', 'FORT WAYNE', 'FT WAYNE', 'IN', '468020000', '468021234'], // and a new ZIP+4
  ['1200000004', 'MT. VERNON', 'MOUNT VERNON', 'IL', '628640000', '628640000'],
  // Another name of the same 5-digit ZIP (USPS's alternate city names): no move either.
  ['1200000005', 'NORTH LITTLE ROCK', 'N LITTLE ROCK', 'AR', '72114', '72114'],
  // A real move: another city, another ZIP.
  ['1200000006', 'SAINT LOUIS', 'KANSAS CITY', 'MO', '631100000', '641080000'],
];

function extract(second: boolean): string {
  return (
    nppesHeaderLine() +
    PEOPLE.map(([npi, first, then, state, zip1, zip2], i) =>
      nppesIndividual(npi, {
        'Provider Last Name (Legal Name)': `PLACE${i}`,
        'Provider First Name': 'ANNA',
        'Provider Credential Text': 'MD',
        'Last Update Date': nppesDate(second ? daysAgo(5) : daysAgo(60)),
        'Provider Business Practice Location Address City Name': second ? then : first,
        'Provider Business Practice Location Address State Name': state,
        'Provider Business Practice Location Address Postal Code': second ? zip2 : zip1,
        'Healthcare Provider Taxonomy Code_1': '207RC0000X',
        'Provider License Number State Code_1': state,
        'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
      }),
    ).join('')
  );
}

async function importFile(name: string, text: string) {
  const file = join(dir, name);
  writeFileSync(file, text);
  return runImport(ctx.db, NPPES, file, {});
}

describe('a re-spelled city', () => {
  it('writes no change and sets no move; the city that changed place does', async () => {
    await importFile('npidata_pfile_1.csv', extract(false));
    const second = await importFile('npidata_pfile_2.csv', extract(true));
    expect(second.updated).toBe(PEOPLE.length); // the new spellings are stored
    const { rows: cities } = await ctx.db.sql.query<{ npi: string; city: string; moved_on: string | null }>(
      'SELECT npi, city, moved_on::text FROM physicians ORDER BY npi',
    );
    expect(cities.map((r) => r.city.toUpperCase())).toEqual(PEOPLE.map((p) => p[2])); // stored title-cased
    expect(cities.filter((r) => r.moved_on !== null).map((r) => r.npi)).toEqual(['1200000006']);
    const { rows: changes } = await ctx.db.sql.query<{ npi: string; field: string }>(
      `SELECT p.npi, ch.field FROM physician_changes ch JOIN physicians p ON p.id = ch.physician_id ORDER BY ch.id`,
    );
    expect(changes).toEqual([
      { npi: '1200000006', field: 'city' },
      { npi: '1200000006', field: 'zip' },
    ]);
  });

  it('folds Saint/St/St., Ste, Fort/Ft and Mount/Mt as whole words, case, punctuation and spaces', async () => {
    const spellings = [
      ['SAINT LOUIS', 'St. Louis', 'st louis'],
      ['EAST ST LOUIS', 'East Saint Louis'],
      ['STE GENEVIEVE', 'Sainte Genevieve'],
      ['FORT WAYNE', 'Ft. Wayne'],
      ['MT. VERNON', 'Mount Vernon'],
      ['WINSTON-SALEM', 'Winston Salem'],
      ['PORT ST. LUCIE', 'Port Saint Lucie'],
    ];
    for (const group of spellings) {
      const { rows } = await ctx.db.sql.query<{ key: string }>('SELECT physician_place_key(v) AS key FROM unnest($1::text[]) v', [group]);
      expect(new Set(rows.map((r) => r.key)).size, group.join(' / ')).toBe(1);
    }
    // Not places of one name: a street ('Main St'), a prefix ('Stone'), another city.
    const apart = ['SAINT LOUIS', 'ST LOUIS PARK', 'MAIN ST', 'STONE', 'FORT', 'MOUNT'];
    const { rows } = await ctx.db.sql.query<{ key: string }>('SELECT physician_place_key(v) AS key FROM unnest($1::text[]) v', [apart]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(apart.length);
  });
});
