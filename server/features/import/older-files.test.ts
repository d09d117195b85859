import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { nppesIndividual } from '../../test/support/import/fixtures';
import { nppesHeaderLine, nppesLine } from './nppes-layout';
import { NPPES } from './nppes';
import { summaryText } from './progress';
import { runImport } from './service';

/*
 * Files only move forward (docs/decisions/035-freshest-source-and-move-signals.md): an NPPES
 * file older than what the directory holds (an earlier monthly file imported after a later one)
 * changes nothing: no deactivated NPI comes back, no date moves back, no change row is written.
 */

const database = await openTestDatabase();
afterAll(() => database.close());
const dir = mkdtempSync(join(tmpdir(), 'older-files-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MOVER = '1200000001';
const REMOVED = '1200000002';
const NEVER_SEEN = '1200000003';

const cardiologist = (npi: string, last: string, updated: string, city: string, zip: string) =>
  nppesIndividual(npi, {
    'Provider Last Name (Legal Name)': last,
    'Provider First Name': 'ANA',
    'Provider Credential Text': 'MD',
    'Last Update Date': updated,
    'Provider Business Practice Location Address City Name': city,
    'Provider Business Practice Location Address State Name': 'TX',
    'Provider Business Practice Location Address Postal Code': zip,
    'Provider Business Practice Location Address Telephone Number': city === 'HOUSTON' ? '7135550100' : '2145550100',
    'Healthcare Provider Taxonomy Code_1': '207RC0000X',
    'Provider License Number State Code_1': 'TX',
    'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
  });
const deactivatedLine = (npi: string, on: string, reactivated = '') =>
  nppesLine({ NPI: npi, 'NPI Deactivation Reason Code': 'DT', 'NPI Deactivation Date': on, 'NPI Reactivation Date': reactivated });

/** October's file: everyone active, the mover in Houston. */
const OCTOBER =
  nppesHeaderLine() +
  cardiologist(MOVER, 'FLORES', '01/10/2024', 'HOUSTON', '77030') +
  cardiologist(REMOVED, 'GRANT', '03/02/2023', 'AUSTIN', '78701') +
  cardiologist(NEVER_SEEN, 'HUANG', '04/04/2022', 'WACO', '76701');
/** November's: the mover in Dallas (updated later), the two others deactivated. */
const NOVEMBER =
  nppesHeaderLine() +
  cardiologist(MOVER, 'FLORES', '06/01/2025', 'DALLAS', '75201') +
  deactivatedLine(REMOVED, '05/01/2025') +
  deactivatedLine(NEVER_SEEN, '05/02/2025');

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function state() {
  const physicians = await database.db.sql.query(
    `SELECT p.npi, p.city, p.zip, p.npi_last_updated::text AS updated, p.location_source_date::text AS location_date,
            p.moved_on::text AS moved_on, p.updated_at::text AS updated_at, c.office_phone
     FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id ORDER BY p.npi`,
  );
  const changes = await database.db.sql.query(`SELECT count(*)::int AS n FROM physician_changes`);
  return { physicians: physicians.rows, changes: changes.rows[0] };
}

describe(`an older NPPES file after a newer one (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('the newer file first (into an empty directory), then the older: nothing of the older file is written', async () => {
    const november = await runImport(database.db, NPPES, file('npidata_pfile_november.csv', NOVEMBER), { batchSize: 1 });
    expect(november).toMatchObject({ inserted: 1, olderThanStored: 0, skipped: { deactivated: 2 } });
    const before = await state();

    const october = await runImport(database.db, NPPES, file('npidata_pfile_october.csv', OCTOBER), { batchSize: 1 });
    expect(october).toMatchObject({ read: 3, inserted: 0, updated: 0, unchanged: 0, olderThanStored: 3, removed: 0 });
    expect(summaryText(october)).toContain("3 records older than the directory's were left as they are");
    expect(await state()).toEqual(before);
    expect(before.physicians.map((p) => [p.npi, p.city, p.updated])).toEqual([[MOVER, 'Dallas', '2025-06-01']]);
  });

  it('older, newer, older again: the newer file removes and moves; the older one puts nothing back', async () => {
    await database.db.sql.exec(`DELETE FROM physicians; DELETE FROM physician_changes; DELETE FROM deactivated_npis`);
    const first = await runImport(database.db, NPPES, file('npidata_pfile_october_1.csv', OCTOBER.split('\n').slice(0, 3).join('\n') + '\n'));
    expect(first).toMatchObject({ inserted: 2 });
    const november = await runImport(database.db, NPPES, file('npidata_pfile_november_2.csv', NOVEMBER), { batchSize: 1 });
    expect(november).toMatchObject({ updated: 1, removed: 1, olderThanStored: 0 });
    const before = await state();
    expect(before.physicians).toMatchObject([{ npi: MOVER, city: 'Dallas', updated: '2025-06-01', moved_on: '2025-06-01', office_phone: '(214) 555-0100' }]);
    expect(before.changes).not.toEqual({ n: 0 });

    const again = await runImport(database.db, NPPES, file('npidata_pfile_october_3.csv', OCTOBER), { batchSize: 2 });
    expect(again).toMatchObject({ read: 3, inserted: 0, updated: 0, unchanged: 0, olderThanStored: 3, removed: 0 });
    expect(await state()).toEqual(before);
  });

  it('a reactivation after the deactivation brings the NPI back; a deactivation older than the record removes nothing', async () => {
    const reactivated = await runImport(
      database.db,
      NPPES,
      file('npidata_pfile_december.csv', nppesHeaderLine() + cardiologist(REMOVED, 'GRANT', '07/01/2025', 'AUSTIN', '78701')),
    );
    expect(reactivated).toMatchObject({ inserted: 1, olderThanStored: 0 });
    // November's file again: its deactivation (2025-05-01) is older than the record now held.
    const november = await runImport(database.db, NPPES, file('npidata_pfile_november_4.csv', NOVEMBER));
    expect(november).toMatchObject({ removed: 0, unchanged: 1 });
    expect((await state()).physicians.map((p) => p.npi)).toEqual([MOVER, REMOVED]);
  });
});
