import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { addSuppressions } from '../removal';
import { DAC } from './dac';
import { NPPES } from './nppes';
import { DAC_HEADER, dacLine, sampleNppesFile } from '../../test/support/import/fixtures';
import { runImport } from './service';

const dir = mkdtempSync(join(tmpdir(), 'dac-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

function sampleDacFile(): string {
  return (
    DAC_HEADER +
    '\n' +
    // Two rows for the NPPES cardiologist (two groups): folded into one.
    dacLine({
      NPI: '1000000001',
      'Provider Last Name': "O'BRIEN",
      'Provider First Name': 'MARY',
      gndr: 'F',
      Cred: 'MD',
      Med_sch: 'WAKE FOREST UNIVERSITY SCHOOL OF MEDICINE',
      Grd_yr: '2004',
      pri_spec: 'CARDIOVASCULAR DISEASE (CARDIOLOGY)',
      sec_spec_1: 'INTERNAL MEDICINE',
      Telehlth: 'Y',
      'Facility Name': 'WAKE FOREST BAPTIST, "ATRIUM" HEALTH',
      num_org_mem: '2500',
      'City/Town': 'WINSTON SALEM',
      State: 'NC',
      'ZIP Code': '271570001',
    }) +
    dacLine({
      NPI: '1000000001',
      'Provider Last Name': "O'BRIEN",
      'Provider First Name': 'MARY',
      gndr: 'F',
      Med_sch: 'WAKE FOREST UNIVERSITY SCHOOL OF MEDICINE',
      Grd_yr: '2004',
      pri_spec: 'CARDIOVASCULAR DISEASE (CARDIOLOGY)',
      'Facility Name': 'NOVANT HEALTH',
      num_org_mem: '40',
      'City/Town': 'CHARLOTTE',
      State: 'NC',
      'ZIP Code': '28204',
    }) +
    // Unknown NPI, a physician: created.
    dacLine({
      NPI: '1000000020',
      'Provider Last Name': 'GARCIA',
      'Provider First Name': 'LUIS',
      gndr: 'M',
      Cred: 'DO',
      Med_sch: 'OTHER',
      Grd_yr: '2012',
      pri_spec: 'INTERNAL MEDICINE',
      'City/Town': 'PHOENIX',
      State: 'AZ',
      'ZIP Code': '85004',
    }) +
    // Unknown NPI, a nurse practitioner: not created.
    dacLine({ NPI: '1000000021', 'Provider Last Name': 'NP', 'Provider First Name': 'NINA', pri_spec: 'NURSE PRACTITIONER' }) +
    // A suppressed NPI: not created.
    dacLine({ NPI: '1000000005', 'Provider Last Name': 'HIDDEN', 'Provider First Name': 'HARRY', pri_spec: 'FAMILY PRACTICE' }) +
    // Malformed: NPI not 10 digits (line 7).
    dacLine({ NPI: '12345', 'Provider Last Name': 'BAD', pri_spec: 'FAMILY PRACTICE' })
  );
}

describe('npm run import -- dac', () => {
  it('merges onto the NPPES records (two rows of one NPI folded), creates unknown physicians', async () => {
    const nppesFile = join(dir, 'npidata_pfile.csv');
    writeFileSync(nppesFile, sampleNppesFile());
    await addSuppressions(database.db, { emails: [], npis: ['1000000005'] });
    await runImport(database.db, NPPES, nppesFile);
    const file = join(dir, 'DAC_NationalDownloadableFile.csv');
    writeFileSync(file, sampleDacFile());

    // Dated before the NPPES records (2021-07-08): their practice addresses are fresher (ADR 035).
    const summary = await runImport(database.db, DAC, file, { batchSize: 2, fileDate: '2020-01-01' });
    expect(summary.fileDate).toEqual({ date: '2020-01-01', from: 'option' });
    expect(summary).toMatchObject({
      read: 6,
      inserted: 1,
      updated: 1,
      unchanged: 0,
      skipped: { notPhysician: 1, suppressed: 1, malformed: 1, organisation: 0, deactivated: 0 },
    });
    expect(summary.malformed).toEqual([{ line: 7, reason: 'NPI "12345" is not 10 digits' }]);

    const { rows } = await database.db.sql.query(
      `SELECT npi, first_name, last_name, specialty, secondary_specialty, medical_school, graduation_year, organization,
         organization_size, telehealth, city, state, zip, gender, credential, source, dac_refreshed_at IS NOT NULL AS dac
       FROM physicians ORDER BY npi`,
    );
    expect(rows).toEqual([
      {
        npi: '1000000001',
        first_name: 'Mary',
        last_name: "O'Brien",
        specialty: 'Cardiology',
        secondary_specialty: 'Internal Medicine',
        medical_school: 'Wake Forest University School Of Medicine',
        graduation_year: 2004,
        organization: 'Wake Forest Baptist, "Atrium" Health',
        organization_size: '1000 to 4999',
        telehealth: true,
        // NPPES's practice address stays: dated 2021-07-08, the file 2020-01-01.
        city: 'Winston-Salem',
        state: 'NC',
        zip: '27157',
        gender: 'F',
        credential: 'MD, PHD',
        source: 'nppes',
        dac: true,
      },
      expect.objectContaining({ npi: '1000000007', medical_school: null, dac: false }),
      expect.objectContaining({ npi: '1000000008', dac: false }),
      {
        npi: '1000000020',
        first_name: 'Luis',
        last_name: 'Garcia',
        specialty: 'Internal Medicine',
        secondary_specialty: null,
        medical_school: null, // DAC's 'OTHER' is not a school
        graduation_year: 2012,
        organization: null,
        organization_size: null,
        telehealth: null,
        city: 'Phoenix',
        state: 'AZ',
        zip: '85004',
        gender: 'M',
        credential: 'DO',
        source: 'dac',
        dac: true,
      },
    ]);

    const again = await runImport(database.db, DAC, file, { batchSize: 2, fileDate: '2020-01-01' });
    expect(again).toMatchObject({ read: 6, inserted: 0, updated: 0, unchanged: 2 });
  });

  it('counts each NPI once across batches, speaks the one specialty language, keeps unknown values as Other', async () => {
    await database.db.sql.exec(`DELETE FROM physicians; DELETE FROM import_runs;`);
    let text = DAC_HEADER + '\n';
    // 5 NPIs, 4 records each, spread over batches of 2: the summary adds up to 5, not 20.
    const values = ['ENDOCRINOLOGY', 'HEMATOLOGY', 'GYNECOLOGICAL ONCOLOGY', 'NURSE PRACTITIONER', 'ASTROLOGY'];
    for (let round = 0; round < 4; round++) {
      values.forEach((pri_spec, i) => {
        text += dacLine({
          NPI: String(1000000101 + i),
          'Provider Last Name': 'DOE',
          'Provider First Name': 'JANE',
          Cred: i === 0 ? 'M. D.' : 'D.O.',
          pri_spec,
          'ZIP Code': '2134',
          State: 'MA',
        });
      });
    }
    const file = join(dir, 'DAC_NationalDownloadableFile_counts.csv');
    writeFileSync(file, text);
    const summary = await runImport(database.db, DAC, file, { batchSize: 2 });
    expect(summary).toMatchObject({ read: 20, inserted: 4, updated: 0, unchanged: 0, skipped: { notPhysician: 1 }, notes: { unknownSpecialty: 4 } });
    expect(summary.inserted + summary.updated + summary.unchanged + summary.skipped.notPhysician).toBe(5);
    const { rows } = await database.db.sql.query(`SELECT npi, credential, specialty, sub_specialty, zip FROM physicians ORDER BY npi`);
    expect(rows).toEqual([
      { npi: '1000000101', credential: 'MD', specialty: 'Internal Medicine', sub_specialty: 'Endocrinology, Diabetes & Metabolism', zip: '02134' },
      { npi: '1000000102', credential: 'DO', specialty: 'Internal Medicine', sub_specialty: 'Hematology', zip: '02134' },
      { npi: '1000000103', credential: 'DO', specialty: 'OBGYN', sub_specialty: 'Gynecologic Oncology', zip: '02134' },
      { npi: '1000000105', credential: 'DO', specialty: 'Other', sub_specialty: 'Astrology', zip: '02134' },
    ]);
  });
});
