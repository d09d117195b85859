import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { DAC, foldDac, mergeDac, type DacRow } from './dac';
import { DAC_HEADER, dacLine } from '../../test/support/import/fixtures';
import { leadingNpi, scatteredNpis } from './groups';
import { runImport } from './service';
import { openCsvSource } from './source';

// One fold per NPI per file (ADR 056): a real DAC file is not sorted by NPI, and its batches
// must not decide which address, group or specialty a physician gets.
const dir = mkdtempSync(join(tmpdir(), 'dac-fold-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.sql.exec(`DELETE FROM physician_changes; DELETE FROM physicians; DELETE FROM import_runs;`);
});

const person = { 'Provider Last Name': 'ALLEN', 'Provider First Name': 'SCOTT', gndr: 'M', Cred: 'MD', Grd_yr: '2001' };
/** Three records of one internist-nephrologist: two groups and addresses, two enrolments. */
const SPLIT = [
  dacLine({ NPI: '1000000301', ...person, pri_spec: 'INTERNAL MEDICINE', 'Facility Name': 'SMALL CLINIC', num_org_mem: '12', 'City/Town': 'SAINT LOUIS', State: 'MO', 'ZIP Code': '63110', 'Telephone Number': '3145550100', Telehlth: 'Y' }),
  dacLine({ NPI: '1000000301', ...person, pri_spec: 'NEPHROLOGY', sec_spec_1: 'INTERNAL MEDICINE', 'Facility Name': 'BJC MEDICAL GROUP', num_org_mem: '1200', 'City/Town': 'CLAYTON', State: 'MO', 'ZIP Code': '63105', 'Telephone Number': '3145550199' }),
  dacLine({ NPI: '1000000301', ...person, pri_spec: 'NEPHROLOGY', 'Facility Name': 'NO ADDRESS GROUP', num_org_mem: '4000' }),
];
/** Other physicians, one record each, between them. */
const others = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    dacLine({ NPI: String(1000000400 + from + i), 'Provider Last Name': 'DOE', 'Provider First Name': 'JO', Cred: 'DO', pri_spec: 'FAMILY PRACTICE', 'City/Town': 'DENVER', State: 'CO', 'ZIP Code': '80202' }),
  );

function write(name: string, lines: string[]): string {
  const file = join(dir, `DAC_NationalDownloadableFile_${name}.csv`);
  writeFileSync(file, DAC_HEADER + '\n' + lines.join(''));
  return file;
}

const shown = () =>
  database.db.sql.query(
    `SELECT p.npi, telehealth, specialty, sub_specialty, secondary_specialty, organization, organization_size, city, state, zip, moved_on, c.office_phone
     FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id ORDER BY npi`,
  );
const changeRows = async () => Number((await database.db.sql.query<{ n: string }>(`SELECT count(*) AS n FROM physician_changes`)).rows[0]!.n);

describe('DAC: one fold per NPI per file', () => {
  it('an NPI whose records lie in different batches: one row chosen by the rule, no moves, a re-import changes nothing', async () => {
    // The NPI's records at the start, in the middle and at the end, in batches of 2.
    const file = write('split', [SPLIT[0]!, ...others(0, 3), SPLIT[1]!, ...others(3, 3), SPLIT[2]!]);
    expect([...(await scatteredNpis(await openCsvSource(file, DAC.filePattern), leadingNpi))]).toEqual([1000000301]);

    const first = await runImport(database.db, DAC, file, { batchSize: 2, fileDate: '2026-10-01' });
    expect(first).toMatchObject({ read: 9, inserted: 7, updated: 0, unchanged: 0 });
    const { rows } = await shown();
    expect(rows[0]).toEqual({
      npi: '1000000301',
      // Specialty and sub-specialty from one record (the finer, with its secondary).
      specialty: 'Internal Medicine',
      sub_specialty: 'Nephrology',
      secondary_specialty: 'Internal Medicine',
      // Location, phone and group from one record: with an address and a phone, the larger group.
      organization: 'Bjc Medical Group',
      organization_size: '1000 to 4999',
      city: 'Clayton',
      state: 'MO',
      zip: '63105',
      moved_on: null,
      // Offered in one record of three.
      telehealth: true,
      office_phone: '(314) 555-0199',
    });
    expect(rows.filter((row) => row.moved_on !== null)).toEqual([]);
    expect(await changeRows()).toBe(0);

    const again = await runImport(database.db, DAC, file, { batchSize: 2, fileDate: '2026-10-01' });
    expect(again).toMatchObject({ read: 9, inserted: 0, updated: 0, unchanged: 7 });
    expect(await changeRows()).toBe(0);
    expect((await shown()).rows).toEqual(rows);
  });

  it('the same records in any order, in any batch size, give the same directory', async () => {
    const lines = [...SPLIT, ...others(0, 4)];
    const orders = [lines, [...lines].reverse(), [lines[4]!, lines[2]!, lines[6]!, lines[0]!, lines[5]!, lines[1]!, lines[3]!]];
    const results = [];
    for (const [i, order] of orders.entries()) {
      await database.db.sql.exec(`DELETE FROM physician_changes; DELETE FROM physicians; DELETE FROM import_runs;`);
      const summary = await runImport(database.db, DAC, write(`order${i}`, order), { batchSize: 1 + i, fileDate: '2026-10-01' });
      expect(summary).toMatchObject({ read: 7, inserted: 5, unchanged: 0 });
      results.push((await shown()).rows);
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
  });

  it('an interrupted run held its scattered rows back: resumed, it writes them folded as one run would', async () => {
    const file = write('resume', [SPLIT[0]!, ...others(0, 4), SPLIT[1]!, ...others(4, 4), SPLIT[2]!]);
    let batches = 0;
    await expect(
      runImport(database.db, DAC, file, {
        batchSize: 2,
        fileDate: '2026-10-01',
        onBatch: () => {
          if (++batches === 2) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    // Not written yet: its records are held back for the last batch.
    expect((await shown()).rows.map((row) => row.npi)).not.toContain('1000000301');
    const resumed = await runImport(database.db, DAC, file, { batchSize: 2, fileDate: '2026-10-01' });
    expect(resumed).toMatchObject({ resumed: true, read: 11, inserted: 9 });
    const afterResume = (await shown()).rows;
    expect(afterResume[0]).toMatchObject({ npi: '1000000301', city: 'Clayton', sub_specialty: 'Nephrology', telehealth: true });
    expect(await changeRows()).toBe(0);
    // The same as a run that was never interrupted (the first record, read again, counted once).
    await database.db.sql.exec(`DELETE FROM physician_changes; DELETE FROM physicians; DELETE FROM import_runs;`);
    const whole = await runImport(database.db, DAC, file, { batchSize: 2, fileDate: '2026-10-01' });
    expect(whole).toMatchObject({ resumed: false, read: 11, inserted: 9 });
    expect((await shown()).rows).toEqual(afterResume);
  });

  it('merging is order-free: a by b equals b by a, and folding equals merging one at a time', () => {
    const rows = foldDacRows();
    const [a, b, c] = rows;
    expect(mergeDac(a!, b!)).toEqual(mergeDac(b!, a!));
    expect(mergeDac(mergeDac(a!, b!), c!)).toEqual(mergeDac(a!, mergeDac(b!, c!)));
    expect(foldDac(rows)).toEqual(foldDac([c!, a!, b!]));
  });
});

/** The three split records as the mapper reads them. */
function foldDacRows(): DacRow[] {
  const map = DAC.mapper(DAC_HEADER.split(','), {
    repairs: { phonesLost: 0 } as never,
    notes: { inTraining: 0, unlistedTaxonomy: 0, unlistedCodes: {}, unknownSpecialty: 0, unknownFacilities: 0, affiliationsEnded: 0, affiliationsNotEnded: null },
  });
  return SPLIT.map((line) => {
    const fields = line.trimEnd().split(',');
    const outcome = map(fields);
    if (outcome.kind !== 'row') throw new Error('not a row');
    return outcome.row;
  });
}
