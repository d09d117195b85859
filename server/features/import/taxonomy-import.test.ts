import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestAgent } from '../../test/harness';
import { nppesIndividual } from '../../test/support/import/fixtures';
import { nppesHeaderLine } from './nppes-layout';
import { NPPES } from './nppes';
import { summaryText } from './progress';
import { runImport } from './service';

/*
 * Specialties and credentials as real NPPES extracts have them (contract/taxonomy-map.ts,
 * docs/decisions/029): codes NUCC added after v15 (a retina specialist, an epileptologist), a code
 * no table holds yet, dentists and nurse practitioners filed under a physician's code. A small file
 * in the NPPES layout, on the engine of this test run, then searched as a recruiter would.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());
const dir = mkdtempSync(join(tmpdir(), 'taxonomy-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const person = (
  npi: string,
  last: string,
  code: string,
  credential = 'M.D.',
  more: Record<string, string> = {},
) =>
  nppesIndividual(npi, {
    'Provider Last Name (Legal Name)': last,
    'Provider First Name': 'ANNA',
    'Provider Credential Text': credential,
    'Provider Business Practice Location Address City Name': 'BOSTON',
    'Provider Business Practice Location Address State Name': 'MA',
    'Provider Business Practice Location Address Postal Code': '021140000',
    'Healthcare Provider Taxonomy Code_1': code,
    'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
    ...more,
  });

const FILE =
  nppesHeaderLine() +
  person('1300000001', 'RETINA', '207WX0107X') +
  person('1300000002', 'STRABISMUS', '207WX0110X', 'D.O.') +
  person('1300000003', 'SEIZURE', '2084E0001X') +
  person('1300000004', 'CONGENITAL', '207RA0002X') +
  // Codes no table holds yet: filed as their classification's general code, and named.
  person('1300000005', 'NEWCODE', '207WX0199X') +
  person('1300000006', 'NEWCODE', '207WX0199X') +
  person('1300000007', 'NEWNEURO', '2084X0001X') +
  // A dentist and a nurse practitioner under physicians' codes: not physicians.
  person('1300000008', 'DENTIST', '204E00000X', 'D.D.S.') +
  person('1300000009', 'NURSE', '207Q00000X', 'FNP-C') +
  // An oral surgeon with both degrees is a physician.
  person('1300000010', 'D\u2019ANGELO', '204E00000X', 'DMD, M.D.') +
  // A physician assistant's certification however spaced.
  person('1300000011', 'ASSISTANT', '363A00000X', 'P.A. - C');

let premium: { agent: TestAgent };
let summary: Awaited<ReturnType<typeof runImport>>;
beforeAll(async () => {
  premium = await ctx.signedInAgent({ tier: 'premium' });
  const file = join(dir, 'npidata_pfile_taxonomy.csv');
  writeFileSync(file, FILE);
  summary = await runImport(ctx.db, NPPES, file, {});
  // The import ends with one notification; in tests the directory is told directly.
  await ctx.deps.services.directory.directoryChanged();
});

describe('NPPES specialties and credentials', () => {
  it('files the codes NUCC added after v15 under their specialty with their sub-specialty', async () => {
    const { rows } = await ctx.db.sql.query(
      `SELECT npi, last_name, credential, specialty, sub_specialty FROM physicians ORDER BY npi`,
    );
    expect(rows).toEqual([
      {
        npi: '1300000001',
        last_name: 'Retina',
        credential: 'MD',
        specialty: 'General Surgery',
        sub_specialty: 'Retina Specialist',
      },
      {
        npi: '1300000002',
        last_name: 'Strabismus',
        credential: 'DO',
        specialty: 'General Surgery',
        sub_specialty: 'Pediatric Ophthalmology and Strabismus Specialist',
      },
      {
        npi: '1300000003',
        last_name: 'Seizure',
        credential: 'MD',
        specialty: 'Neurology',
        sub_specialty: 'Epilepsy',
      },
      {
        npi: '1300000004',
        last_name: 'Congenital',
        credential: 'MD',
        specialty: 'Cardiology',
        sub_specialty: 'Adult Congenital Heart Disease',
      },
      {
        npi: '1300000005',
        last_name: 'Newcode',
        credential: 'MD',
        specialty: 'General Surgery',
        sub_specialty: 'Ophthalmology',
      },
      {
        npi: '1300000006',
        last_name: 'Newcode',
        credential: 'MD',
        specialty: 'General Surgery',
        sub_specialty: 'Ophthalmology',
      },
      {
        npi: '1300000007',
        last_name: 'Newneuro',
        credential: 'MD',
        specialty: 'Neurology',
        sub_specialty: null,
      },
      {
        npi: '1300000010',
        last_name: 'D\u2019Angelo',
        credential: 'DMD, MD',
        specialty: 'General Surgery',
        sub_specialty: 'Oral & Maxillofacial Surgery',
      },
      {
        npi: '1300000011',
        last_name: 'Assistant',
        credential: 'PA-C',
        specialty: 'Physician Assistant',
        sub_specialty: null,
      },
    ]);
  });

  it('skips a dentist and a nurse practitioner on a physician code with their own reason', () => {
    expect(summary).toMatchObject({
      read: 11,
      inserted: 9,
      skipped: {
        notPhysician: 0,
        credentialWithoutPhysicianCode: 0,
        credentialNotPhysician: 2,
        malformed: 0,
      },
    });
    expect(summaryText(summary)).toMatch(/other clinician \(DDS, NP\) 2/);
  });

  it('names each code the table does not hold yet with its count', () => {
    expect(summary.notes).toMatchObject({
      unlistedTaxonomy: 3,
      unlistedCodes: { '207WX0199X': 2, '2084X0001X': 1 },
    });
    expect(summaryText(summary)).toContain(
      "2 physician taxonomy codes are not in the table: 207WX0199X (2), 2084X0001X (1): filed under their classification's specialty",
    );
  });

  it('finds the retina specialist, the strabismus specialist and the unknown ophthalmology code as ophthalmologists', async () => {
    const res = await premium.agent.get('/api/physicians?query=ophthalmologist');
    expect(res.status, res.text).toBe(200);
    const npis = res.body.results.map((r: { npi: string }) => r.npi).sort();
    expect(npis).toEqual(['1300000001', '1300000002', '1300000005', '1300000006']);
    const epilepsy = await premium.agent.get('/api/physicians?query=epileptologist');
    expect(epilepsy.body.results.map((r: { npi: string }) => r.npi)).toEqual(['1300000003']);
  });
});
