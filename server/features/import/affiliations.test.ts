import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import {
  AFFILIATIONS_HEADER,
  HOSPITALS_HEADER,
  affiliationLine,
  hospitalLine,
} from '../../test/support/import/fixtures';
import { AFFILIATIONS } from './affiliations';
import { HOSPITALS } from './hospitals';
import { runImport } from './service';
import { TRUNCATED } from './csv-records';

/*
 * Hospitals and facility affiliations (ADR 063) on small files in CMS's layouts: leading-zero
 * CCNs, a spreadsheet's shortened one, a unit with its parent hospital, an NPI the directory does
 * not hold, a Windows-1252 hospital name, a cut-off last line, and a second month's file.
 */

const dir = mkdtempSync(join(tmpdir(), 'affiliations-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertPhysicians(database.db, [
    { npi: '1000000001', firstName: 'Mary', lastName: "O'Brien", specialty: 'Cardiology', state: 'MN', source: 'nppes' },
    { npi: '1000000002', firstName: 'Luis', lastName: 'Garcia', specialty: 'Internal Medicine', state: 'AL', source: 'nppes' },
    { npi: '1000000003', firstName: 'Ana', lastName: 'Ruiz', specialty: 'Pediatrics', state: 'PR', source: 'nppes' },
  ]);
});
afterAll(() => database.close());

function write(name: string, text: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const hospitalsFile = () =>
  Buffer.concat([
    Buffer.from(HOSPITALS_HEADER + '\n'),
    Buffer.from(
      hospitalLine({
        'Facility ID': '010001',
        'Facility Name': 'SOUTHEAST HEALTH MEDICAL CENTER',
        Address: '1108 ROSS CLARK CIRCLE',
        'City/Town': 'DOTHAN',
        State: 'AL',
        'ZIP Code': '36301',
        'County/Parish': 'HOUSTON',
        'Telephone Number': '(334) 793-8701',
        'Hospital Type': 'Acute Care Hospitals',
        'Hospital Ownership': 'Government - Hospital District or Authority',
        'Emergency Services': 'Yes',
      }) +
        hospitalLine({
          'Facility ID': '240010',
          'Facility Name': 'MAYO CLINIC HOSPITAL ROCHESTER',
          'City/Town': 'ROCHESTER',
          State: 'MN',
          'ZIP Code': '55905',
          'Hospital Type': 'Acute Care Hospitals',
          'Emergency Services': 'Yes',
        }),
    ),
    // A name in Windows-1252 (Ó is one byte, 0xD3).
    iconv.encode(
      hospitalLine({
        'Facility ID': '400021',
        'Facility Name': 'HOSPITAL DE LA CONCEPCIÓN',
        'City/Town': 'SAN GERMAN',
        State: 'PR',
        'ZIP Code': '00683',
        'Hospital Type': 'Acute Care Hospitals',
        'Emergency Services': 'No',
      }),
      'win1252',
    ),
    // A spreadsheet read the CCN as a number: 010005 -> 10005.
    Buffer.from(
      '"10005","MARSHALL MEDICAL CENTERS","2505 U S HIGHWAY 431 NORTH","BOAZ","AL","35957","MARSHALL","(256) 593-8310","Acute Care Hospitals","Government - Hospital District or Authority","Yes","","3","",""\n',
    ),
  ]);

describe('npm run import -- hospitals', () => {
  it('keeps CCNs as six characters, repairs a shortened one, reads a Windows-1252 name', async () => {
    const summary = await runImport(database.db, HOSPITALS, write('Hospital_General_Information.csv', hospitalsFile()));
    expect(summary).toMatchObject({ kind: 'hospitals', read: 4, inserted: 4, updated: 0, encoding: 'windows-1252' });
    expect(summary.repaired.codes).toBe(1);
    const { rows } = await database.db.sql.query<{ ccn: string; name: string; city: string; emergency_services: boolean | null; phone: string | null }>(
      `SELECT ccn, name, city, emergency_services, phone FROM hospitals ORDER BY ccn`,
    );
    expect(rows).toEqual([
      { ccn: '010001', name: 'Southeast Health Medical Center', city: 'Dothan', emergency_services: true, phone: '(334) 793-8701' },
      { ccn: '010005', name: 'Marshall Medical Centers', city: 'Boaz', emergency_services: true, phone: '(256) 593-8310' },
      { ccn: '240010', name: 'Mayo Clinic Hospital Rochester', city: 'Rochester', emergency_services: true, phone: null },
      { ccn: '400021', name: 'Hospital De La Concepción', city: 'San German', emergency_services: false, phone: null },
    ]);
  });

  it('a second run of the same rows changes nothing', async () => {
    const summary = await runImport(database.db, HOSPITALS, write('Hospital_General_Information-2.csv', hospitalsFile()));
    expect(summary).toMatchObject({ inserted: 0, updated: 0, unchanged: 4 });
  });

  it('refuses another layout in one line', async () => {
    await expect(runImport(database.db, HOSPITALS, write('Hospital_General_Information-x.csv', AFFILIATIONS_HEADER + '\n'))).rejects.toThrow(
      /is not in the Hospital General Information layout: no column "Facility ID"/,
    );
  });
});

const affiliations = (rows: string) => AFFILIATIONS_HEADER + '\n' + rows;

async function affiliationsOf(npi: string) {
  const { rows } = await database.db.sql.query<{ affiliations: unknown }>(`SELECT affiliations FROM physicians WHERE npi = $1`, [npi]);
  return rows[0]!.affiliations;
}

async function changesOf(npi: string) {
  const { rows } = await database.db.sql.query<{ field: string; old_value: string; new_value: string | null; source: string; source_date: string }>(
    `SELECT c.field, c.old_value, c.new_value, c.source, to_char(c.source_date, 'YYYY-MM-DD') AS source_date
     FROM physician_changes c JOIN physicians p ON p.id = c.physician_id WHERE p.npi = $1 ORDER BY c.id`,
    [npi],
  );
  return rows;
}

describe('npm run import -- affiliations', () => {
  it('stores each physician’s facilities, a unit with its parent, counts NPIs not in the directory and unknown CCNs', async () => {
    const file = affiliations(
      affiliationLine('1000000001', "O'BRIEN", 'MARY', 'Hospital', '240010') +
        // A unit inside Mayo (its own CCN, the hospital's as parent).
        affiliationLine('1000000001', "O'BRIEN", 'MARY', 'Inpatient rehabilitation facility', '24T010', '240010') +
        // A nursing home the hospitals file does not hold.
        affiliationLine('1000000001', "O'BRIEN", 'MARY', 'Nursing home', '245123') +
        affiliationLine('1000000002', 'GARCIA', 'LUIS', 'Hospital', '010001') +
        // Not in the directory: counted, not stored.
        affiliationLine('1999999999', 'NOBODY', 'NED', 'Hospital', '010001') +
        affiliationLine('1000000003', 'RUIZ', 'ANA', 'Hospital', '400021'),
    );
    const summary = await runImport(database.db, AFFILIATIONS, write('Facility_Affiliation.csv', file), { fileDate: '2026-10-01' });
    expect(summary).toMatchObject({ kind: 'affiliations', read: 6, updated: 3, unchanged: 0 });
    expect(summary.skipped.notPhysician).toBe(1);
    expect(summary.notes).toMatchObject({ unknownFacilities: 2, affiliationsEnded: 0, affiliationsNotEnded: null });
    expect(await affiliationsOf('1000000001')).toEqual([
      { ccn: '240010', type: 'Hospital', parent: null },
      { ccn: '245123', type: 'Nursing home', parent: null },
      { ccn: '24T010', type: 'Inpatient rehabilitation facility', parent: '240010' },
    ]);
    // The first file gives affiliations: no change recorded.
    expect(await changesOf('1000000001')).toEqual([]);
    const { rows } = await database.db.sql.query(`SELECT count(*)::int AS n FROM physicians WHERE npi = '1999999999'`);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('a cut-off file changes what it read and ends nothing', async () => {
    const file = affiliations(
      affiliationLine('1000000001', "O'BRIEN", 'MARY', 'Hospital', '240010') +
        affiliationLine('1000000001', "O'BRIEN", 'MARY', 'Inpatient rehabilitation facility', '24T010', '240010') +
        affiliationLine('1000000001', "O'BRIEN", 'MARY', 'Nursing home', '245123') +
        '1000000003,1234567890,RUIZ,ANA,,,Hosp',
    );
    const summary = await runImport(database.db, AFFILIATIONS, write('Facility_Affiliation-cut.csv', file), { fileDate: '2026-10-15' });
    expect(summary.malformed).toEqual([{ line: 5, reason: TRUNCATED }]);
    expect(summary.notes.affiliationsEnded).toBe(0);
    expect(summary.notes.affiliationsNotEnded).toMatch(/cut off/);
    expect(await affiliationsOf('1000000002')).toEqual([{ ccn: '010001', type: 'Hospital', parent: null }]);
  });

  it('next month’s file replaces them: a new and an ended hospital are a change and a move, a physician it no longer names has none', async () => {
    const file = affiliations(
      // Records of one NPI apart from each other, and in another order.
      affiliationLine('1000000001', "O'BRIEN", 'MARY', 'Hospital', '010001') +
        affiliationLine('1000000003', 'RUIZ', 'ANA', 'Hospital', '400021') +
        affiliationLine('1000000001', "O'BRIEN", 'MARY', 'Inpatient rehabilitation facility', '24T010', '240010') +
        affiliationLine('1000000001', "O'BRIEN", 'MARY', 'Hospital', '240010'),
    );
    const summary = await runImport(database.db, AFFILIATIONS, write('Facility_Affiliation-2.csv', file), { fileDate: '2026-11-01' });
    expect(summary).toMatchObject({ read: 4, updated: 2, unchanged: 1 });
    expect(summary.notes).toMatchObject({ affiliationsEnded: 1, affiliationsNotEnded: null });
    expect(await affiliationsOf('1000000001')).toEqual([
      { ccn: '010001', type: 'Hospital', parent: null },
      { ccn: '240010', type: 'Hospital', parent: null },
      { ccn: '24T010', type: 'Inpatient rehabilitation facility', parent: '240010' },
    ]);
    expect(await changesOf('1000000001')).toEqual([
      {
        field: 'hospitals',
        old_value: 'Mayo Clinic Hospital Rochester; CCN 245123; CCN 24T010',
        new_value: 'Southeast Health Medical Center; Mayo Clinic Hospital Rochester; CCN 24T010',
        source: 'affiliations',
        source_date: '2026-11-01',
      },
    ]);
    expect(await affiliationsOf('1000000002')).toEqual([]);
    expect(await changesOf('1000000002')).toEqual([
      { field: 'hospitals', old_value: 'Southeast Health Medical Center', new_value: null, source: 'affiliations', source_date: '2026-11-01' },
    ]);
    const { rows } = await database.db.sql.query<{ npi: string; moved_on: string | null }>(
      `SELECT npi, to_char(moved_on, 'YYYY-MM-DD') AS moved_on FROM physicians ORDER BY npi`,
    );
    expect(rows).toEqual([
      { npi: '1000000001', moved_on: '2026-11-01' },
      { npi: '1000000002', moved_on: '2026-11-01' },
      { npi: '1000000003', moved_on: null },
    ]);
    const { rows: seen } = await database.db.sql.query(`SELECT count(*)::int AS n FROM import_seen_npis`);
    expect(seen[0]).toEqual({ n: 0 });
  });
});
