import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { addSuppressions } from '../removal';
import { sampleNppesFile } from '../../test/support/import/fixtures';
import { NPPES } from './nppes';
import { runImport } from './service';

const dir = mkdtempSync(join(tmpdir(), 'nppes-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

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
