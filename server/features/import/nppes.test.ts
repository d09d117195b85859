import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { addSuppressions } from '../removal/suppression';
import { nppesHeaderLine, nppesLine } from './nppes-layout';
import { NPPES } from './nppes';
import { runImport } from './service';

const dir = mkdtempSync(join(tmpdir(), 'nppes-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const individual = (npi: string, extra: Record<string, string>) =>
  nppesLine({
    NPI: npi,
    'Entity Type Code': '1',
    'Provider Enumeration Date': '05/23/2005',
    'Last Update Date': '07/08/2021',
    ...extra,
  });

/** A small file in the real layout: quoted values with commas and quotes, every kind of skip. */
export function sampleNppesFile(options: { oldLayout?: boolean } = {}): string {
  return (
    nppesHeaderLine(options) +
    // 1) A cardiologist (sub-specialty code), commas and an apostrophe in values, two licence states.
    individual('1000000001', {
      'Provider Last Name (Legal Name)': "O'BRIEN",
      'Provider First Name': 'MARY',
      'Provider Middle Name': 'ANN',
      'Provider Credential Text': 'M.D., PH.D.',
      'Provider Business Practice Location Address City Name': 'WINSTON-SALEM',
      'Provider Business Practice Location Address State Name': 'NC',
      'Provider Business Practice Location Address Postal Code': '271570001',
      'Provider Business Practice Location Address Telephone Number': '3367161000',
      'Provider First Line Business Practice Location Address': '1 MEDICAL CENTER BLVD, SUITE "A"',
      [options.oldLayout ? 'Provider Gender Code' : 'Provider Sex Code']: 'F',
      'Healthcare Provider Taxonomy Code_1': '207R00000X',
      'Provider License Number State Code_1': 'VA',
      'Healthcare Provider Primary Taxonomy Switch_1': 'N',
      'Healthcare Provider Taxonomy Code_2': '207RC0000X',
      'Provider License Number State Code_2': 'NC',
      'Healthcare Provider Primary Taxonomy Switch_2': 'Y',
    }) +
    // 2) An organisation.
    nppesLine({
      NPI: '1000000002',
      'Entity Type Code': '2',
      'Provider Organization Name (Legal Business Name)': 'SMITH, JONES & "PARTNERS" LLC',
      'Healthcare Provider Taxonomy Code_1': '207Q00000X',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
    }) +
    // 3) A nurse practitioner.
    individual('1000000003', {
      'Provider Last Name (Legal Name)': 'NURSE',
      'Provider First Name': 'NORA',
      'Healthcare Provider Taxonomy Code_1': '363L00000X',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
    }) +
    // 4) A deactivated NPI (the real file leaves its other fields blank).
    nppesLine({ NPI: '1000000004', 'NPI Deactivation Reason Code': 'DT', 'NPI Deactivation Date': '01/15/2020' }) +
    // 5) A suppressed physician (their owner asked to be removed).
    individual('1000000005', {
      'Provider Last Name (Legal Name)': 'HIDDEN',
      'Provider First Name': 'HARRY',
      'Healthcare Provider Taxonomy Code_1': '207Q00000X',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
    }) +
    // 6) A malformed line (line 7 of the file): cut short, 3 columns of 330.
    '"1000000006","1","TRUNCATED"\n' +
    // 7) A family physician, osteopath, male, licence in two slots of one state.
    individual('1000000007', {
      'Provider Last Name (Legal Name)': 'MCDONALD',
      'Provider First Name': 'JAMES',
      'Provider Credential Text': 'D.O.',
      'Provider Business Practice Location Address City Name': 'AUSTIN',
      'Provider Business Practice Location Address State Name': 'TX',
      'Provider Business Practice Location Address Postal Code': '78701',
      [options.oldLayout ? 'Provider Gender Code' : 'Provider Sex Code']: 'M',
      'Healthcare Provider Taxonomy Code_1': '207Q00000X',
      'Provider License Number State Code_1': 'TX',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
      'Healthcare Provider Taxonomy Code_2': '207QA0505X',
      'Provider License Number State Code_2': 'TX',
      'Healthcare Provider Primary Taxonomy Switch_2': 'N',
    }) +
    // 8) A physician assistant.
    individual('1000000008', {
      'Provider Last Name (Legal Name)': 'PATEL',
      'Provider First Name': 'ASHA',
      'Provider Credential Text': 'PA-C',
      'Healthcare Provider Taxonomy Code_1': '363A00000X',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
    })
  );
}

const PHYSICIAN_COLUMNS = `npi, first_name, middle_name, last_name, credential, specialty, city, state, zip, gender,
  license_states, enumeration_date::text AS enumeration_date, npi_last_updated::text AS npi_last_updated, source`;

async function physicians() {
  const { rows } = await database.db.sql.query(`SELECT ${PHYSICIAN_COLUMNS} FROM physicians ORDER BY npi`);
  return rows;
}

describe('npm run import -- nppes', () => {
  let file: string;
  beforeAll(async () => {
    file = join(dir, 'npidata_pfile_20050523-20251109.csv');
    writeFileSync(file, sampleNppesFile());
    await addSuppressions(database.db, { emails: [], npis: ['1000000005'] });
  });

  it('imports the physicians and physician assistants, skips the rest with reasons and line numbers', async () => {
    const summary = await runImport(database.db, NPPES, file, { batchSize: 2 });
    expect(summary).toMatchObject({
      read: 8,
      inserted: 3,
      updated: 0,
      unchanged: 0,
      removed: 0,
      skipped: { organisation: 1, notPhysician: 1, deactivated: 1, suppressed: 1, malformed: 1 },
      resumed: false,
    });
    expect(summary.malformed).toHaveLength(1);
    expect(summary.malformed[0]!.line).toBe(7);

    expect(await physicians()).toEqual([
      {
        npi: '1000000001',
        first_name: 'Mary',
        middle_name: 'Ann',
        last_name: "O'Brien",
        credential: 'MD, PHD',
        specialty: 'Cardiology',
        city: 'Winston-Salem',
        state: 'NC',
        zip: '27157',
        gender: 'F',
        license_states: ['NC', 'VA'],
        enumeration_date: '2005-05-23',
        npi_last_updated: '2021-07-08',
        source: 'nppes',
      },
      {
        npi: '1000000007',
        first_name: 'James',
        middle_name: null,
        last_name: 'McDonald',
        credential: 'DO',
        specialty: 'Family Medicine',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        gender: 'M',
        license_states: ['TX'],
        enumeration_date: '2005-05-23',
        npi_last_updated: '2021-07-08',
        source: 'nppes',
      },
      {
        npi: '1000000008',
        first_name: 'Asha',
        middle_name: null,
        last_name: 'Patel',
        credential: 'PA-C',
        specialty: 'Physician Assistant',
        city: null,
        state: null,
        zip: null,
        gender: null,
        license_states: [],
        enumeration_date: '2005-05-23',
        npi_last_updated: '2021-07-08',
        source: 'nppes',
      },
    ]);
    // The practice phone is stored as the office (business) number, never as a mobile.
    const { rows: contacts } = await database.db.sql.query(
      `SELECT p.npi, c.office_phone, c.mobile_phone, c.personal_email, c.work_email
       FROM physician_contacts c JOIN physicians p ON p.id = c.physician_id ORDER BY p.npi`,
    );
    expect(contacts).toEqual([
      { npi: '1000000001', office_phone: '(336) 716-1000', mobile_phone: null, personal_email: null, work_email: null },
    ]);
    const { rows: audit } = await database.db.sql.query(
      `SELECT details FROM audit_events WHERE action = 'import.completed'`,
    );
    expect(audit).toHaveLength(1);
  });

  it('a re-import of the same file changes nothing', async () => {
    const before = await database.db.sql.query(`SELECT *, updated_at::text AS u FROM physicians ORDER BY npi`);
    const summary = await runImport(database.db, NPPES, file, { batchSize: 2 });
    expect(summary).toMatchObject({ read: 8, inserted: 0, updated: 0, unchanged: 3, removed: 0 });
    const after = await database.db.sql.query(`SELECT *, updated_at::text AS u FROM physicians ORDER BY npi`);
    expect(after.rows).toEqual(before.rows);
  });

  it('reads the old layout (Provider Gender Code); a later file updates, deactivates, and leaves our own records alone', async () => {
    // One of our own records (resume submission) with an NPI that NPPES also lists.
    await database.db.sql.query(
      `INSERT INTO physicians (npi, first_name, last_name, specialty, source) VALUES ('1000000008', 'Asha', 'Patel', 'Cardiology', 'resume')
       ON CONFLICT (npi) DO UPDATE SET source = 'resume', specialty = 'Cardiology'`,
    );
    const later = join(dir, 'npidata_pfile_old.csv');
    writeFileSync(
      later,
      sampleNppesFile({ oldLayout: true })
        .replace('"WINSTON-SALEM"', '"DURHAM"')
        .replace(/"1000000007","1"(.*)\n/, '"1000000007","","","","","","","","","","","","","","","","","","","","","","","","","","","","","","","","","","","","","","","01/01/2024"' + ',""'.repeat(290) + '\n'),
    );
    const summary = await runImport(database.db, NPPES, later);
    expect(summary).toMatchObject({
      read: 8,
      inserted: 0,
      updated: 1,
      unchanged: 1,
      removed: 1,
      skipped: { organisation: 1, notPhysician: 1, deactivated: 2, suppressed: 1, malformed: 1 },
    });
    const rows = await physicians();
    expect(rows.map((r) => [r.npi, r.city, r.gender, r.specialty, r.source])).toEqual([
      ['1000000001', 'Durham', 'F', 'Cardiology', 'nppes'],
      ['1000000008', null, null, 'Cardiology', 'resume'],
    ]);
  });
});
