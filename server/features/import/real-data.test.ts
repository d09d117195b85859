import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPgDriver } from '../../db/pg-driver';
import { openTestDatabase } from '../../test/harness';
import { TRUNCATED } from './csv-records';
import { zipOf } from '../../test/support/import/fixtures';
import { NPPES } from './nppes';
import { nppesHeaderLine, nppesLine } from './nppes-layout';
import { runImport } from './service';

/*
 * Real files as they reach us: a stray quote, a cut-off download, Latin-1 text, a spreadsheet's
 * save, a corrupt zip, residents and MDs filed under other codes (docs/decisions/029). Small files
 * in the NPPES layout, on the engine of this test run.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'import-real-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.sql.exec(`DELETE FROM physicians; DELETE FROM import_runs;`);
});

const physician = (npi: number, extra: Record<string, string> = {}) =>
  nppesLine({
    NPI: String(npi),
    'Entity Type Code': '1',
    'Provider Last Name (Legal Name)': 'SMITH',
    'Provider First Name': 'JOHN',
    'Provider Credential Text': 'M.D.',
    'Provider Enumeration Date': '05/23/2005',
    'Last Update Date': '07/08/2021',
    'Provider Business Practice Location Address City Name': 'AUSTIN',
    'Provider Business Practice Location Address State Name': 'TX',
    'Provider Business Practice Location Address Postal Code': '787010001',
    'Healthcare Provider Taxonomy Code_1': '207Q00000X',
    'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
    ...extra,
  });

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function rows(columns = 'npi, first_name, last_name') {
  return (await database.db.sql.query<Record<string, unknown>>(`SELECT ${columns} FROM physicians ORDER BY npi`)).rows;
}

describe('no silent loss', () => {
  it('a stray quote on one line costs that line only: every later record is imported, the line is named', async () => {
    let text = nppesHeaderLine();
    for (let i = 1; i <= 40; i++) text += physician(1000000000 + i);
    // Line 11 (record 10): a quote inside a quoted field, not doubled, as a broken export writes it.
    text = text.replace('"1000000010","1","","","","SMITH"', '"1000000010","1","","","","SM"ITH"');
    const summary = await runImport(database.db, NPPES, file('npidata_pfile_stray.csv', text));
    expect(summary).toMatchObject({ read: 40, inserted: 39, skipped: { malformed: 1 } });
    expect(summary.malformed).toEqual([{ line: 11, reason: 'a quote is not closed (line 11 skipped; reading goes on at line 12)' }]);
    expect(await rows()).toHaveLength(39);
  });

  it('a file that ends mid-record says so', async () => {
    const whole = nppesHeaderLine() + physician(1000000001) + physician(1000000002);
    // Cut at a field boundary (every quote closed) and inside a quoted field.
    const second = whole.indexOf('"1000000002"');
    for (const cut of [whole.indexOf('","', second + 100) + 2, whole.indexOf('"AUSTIN"', second) + 3]) {
      await database.db.sql.exec(`DELETE FROM import_runs`);
      const summary = await runImport(database.db, NPPES, file('npidata_pfile_cut.csv', whole.slice(0, cut)));
      expect(summary.read).toBe(2);
      expect(summary.malformed).toEqual([{ line: 3, reason: TRUNCATED }]);
    }
  });

  it('reads the monthly .zip', async () => {
    const zip = zipOf({
      'npidata_pfile_20050523-20261109_fileheader.csv': nppesHeaderLine(),
      'npidata_pfile_20050523-20261109.csv': nppesHeaderLine() + physician(1000000001) + physician(1000000002),
    });
    const summary = await runImport(database.db, NPPES, file('NPPES_Data_Dissemination.zip', zip));
    expect(summary).toMatchObject({ read: 2, inserted: 2, skipped: { malformed: 0 } });
  });
});

describe('encodings', () => {
  it('detects Windows-1252 / Latin-1 and stores the letters, never U+FFFD', async () => {
    const text =
      nppesHeaderLine() +
      physician(1000000001, { 'Provider Last Name (Legal Name)': 'WIEBÉ', 'Provider First Name': 'DAVÍD' }) +
      physician(1000000002, { 'Provider Last Name (Legal Name)': 'MÜLLER', 'Provider First Name': 'FRANÇOIS' });
    const summary = await runImport(database.db, NPPES, file('npidata_pfile_latin1.csv', Buffer.from(text, 'latin1')));
    expect(summary.encoding).toBe('windows-1252');
    expect(await rows()).toEqual([
      { npi: '1000000001', first_name: 'Davíd', last_name: 'Wiebé' },
      { npi: '1000000002', first_name: 'François', last_name: 'Müller' },
    ]);
  });

  it('a Latin-1 letter far down a file that began as plain ASCII is read as Windows-1252 too', async () => {
    let text = nppesHeaderLine();
    for (let i = 1; i <= 400; i++) text += physician(1000000000 + i); // more ASCII than the encoding sample
    text += physician(1000000999, { 'Provider Last Name (Legal Name)': 'PEÑA' });
    const utf8 = nppesHeaderLine() + physician(1000000998, { 'Provider Last Name (Legal Name)': 'NUÑEZ' });
    const summary = await runImport(database.db, NPPES, file('npidata_pfile_late.csv', Buffer.from(text, 'latin1')));
    expect(summary.encoding).toBe('utf-8');
    await runImport(database.db, NPPES, file('npidata_pfile_utf8.csv', Buffer.from(utf8, 'utf8')));
    const names = await database.db.sql.query<{ last_name: string }>(`SELECT last_name FROM physicians WHERE npi IN ('1000000998', '1000000999') ORDER BY npi`);
    expect(names.rows.map((r) => r.last_name)).toEqual(['Nuñez', 'Peña']);
    const replaced = await database.db.sql.query(`SELECT npi FROM physicians WHERE first_name || last_name LIKE '%' || chr(65533) || '%'`);
    expect(replaced.rows).toEqual([]);
  });
});

describe('spreadsheet-saved files', () => {
  it("reads M/D/YY dates, ZIPs without their leading zero, '1.0' codes and phones in scientific notation, and counts them", async () => {
    const text =
      nppesHeaderLine() +
      physician(1000000001, {
        'Entity Type Code': '1.0',
        'Provider Enumeration Date': '5/23/05',
        'Last Update Date': '7/8/2021',
        'Provider Business Practice Location Address State Name': 'MA',
        'Provider Business Practice Location Address Postal Code': '2134',
        'Provider Business Practice Location Address Telephone Number': '6.177321000E+09',
      }) +
      physician(1000000002, {
        'Provider Business Practice Location Address State Name': 'NJ',
        'Provider Business Practice Location Address Postal Code': '70301234',
        'Provider Business Practice Location Address Telephone Number': '2.01E+09',
      });
    const summary = await runImport(database.db, NPPES, file('npidata_pfile_excel.csv', text));
    expect(summary).toMatchObject({ inserted: 2, repaired: { dates: 2, zips: 2, codes: 1, phones: 1, phonesLost: 1 } });
    expect(
      await rows(`npi, zip, enumeration_date::text AS enumerated, npi_last_updated::text AS updated,
        (SELECT office_phone FROM physician_contacts c WHERE c.physician_id = physicians.id) AS phone`),
    ).toEqual([
      { npi: '1000000001', zip: '02134', enumerated: '2005-05-23', updated: '2021-07-08', phone: '(617) 732-1000' },
      { npi: '1000000002', zip: '07030', enumerated: '2005-05-23', updated: '2021-07-08', phone: null },
    ]);
  });
});

describe('who is a physician, and in which specialty', () => {
  it('imports the whole NUCC grouping, residents as in training, MD/DOs filed under another code by their physician slot', async () => {
    const text =
      nppesHeaderLine() +
      physician(1000000001, { 'Healthcare Provider Taxonomy Code_1': '204F00000X' }) + // transplant surgery
      physician(1000000002, { 'Healthcare Provider Taxonomy Code_1': '390200000X', 'Provider Credential Text': 'M. D.' }) +
      physician(1000000003, {
        'Healthcare Provider Taxonomy Code_1': '390200000X',
        'Provider Credential Text': 'D.O.',
        'Healthcare Provider Taxonomy Code_2': '2080P0204X',
      }) +
      physician(1000000004, { 'Healthcare Provider Taxonomy Code_1': '390200000X', 'Provider Credential Text': 'RN' }) +
      physician(1000000005, {
        'Healthcare Provider Taxonomy Code_1': '174400000X',
        'Healthcare Provider Taxonomy Code_2': '2085R0203X',
        'Healthcare Provider Primary Taxonomy Switch_2': 'N',
      }) +
      physician(1000000006, { 'Healthcare Provider Taxonomy Code_1': '174400000X' }) +
      physician(1000000007, {
        'Healthcare Provider Taxonomy Code_1': '2084P2900X',
        'Provider Business Practice Location Address State Name': 'AE',
      });
    const summary = await runImport(database.db, NPPES, file('npidata_pfile_who.csv', text));
    expect(summary).toMatchObject({
      inserted: 5,
      skipped: { notPhysician: 1, credentialWithoutPhysicianCode: 1 },
      notes: { inTraining: 2 },
    });
    expect(await rows('npi, credential, specialty, sub_specialty, in_training, state')).toEqual([
      { npi: '1000000001', credential: 'MD', specialty: 'General Surgery', sub_specialty: 'Transplant Surgery', in_training: false, state: 'TX' },
      { npi: '1000000002', credential: 'MD', specialty: null, sub_specialty: null, in_training: true, state: 'TX' },
      { npi: '1000000003', credential: 'DO', specialty: 'Pediatrics', sub_specialty: 'Pediatric Emergency Medicine', in_training: true, state: 'TX' },
      { npi: '1000000005', credential: 'MD', specialty: 'Oncology', sub_specialty: 'Therapeutic Radiology', in_training: false, state: 'TX' },
      { npi: '1000000007', credential: 'MD', specialty: 'Anesthesiology', sub_specialty: 'Pain Medicine', in_training: false, state: 'AE' },
    ]);
  });
});

describe('npm run import (exit codes)', () => {
  const pgUrl = process.env.DATABASE_URL;
  const schema = `import_cli_${process.pid}`;
  beforeAll(async () => {
    if (!pgUrl) return;
    const admin = openPgDriver({ connectionString: pgUrl, max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
  });
  afterAll(async () => {
    if (!pgUrl) return;
    const admin = openPgDriver({ connectionString: pgUrl, max: 1 });
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  });
  /** The CLI on a database of its own: a fresh PGlite folder, or a schema of DATABASE_URL. */
  async function cli(path: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    if (pgUrl) {
      const url = new URL(pgUrl);
      url.searchParams.set('options', `-c search_path=${schema},public`);
      env.DATABASE_URL = url.toString();
    } else {
      env.DATA_DIR = join(dir, 'cli-data');
    }
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', 'nppes', path], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const [code] = await once(child, 'exit');
    return { code: code as number | null, stdout, stderr };
  }

  it('exits 2 with one clear line for a file it cannot read (a corrupt zip), without a stack trace', { timeout: 120_000 }, async () => {
    const good = zipOf({ 'npidata_pfile_1.csv': nppesHeaderLine() + physician(1000000001).repeat(400) });
    const corrupt = Buffer.from(good);
    for (let i = 200; i < 260; i++) corrupt[i] = corrupt[i]! ^ 0x5a;
    for (const [name, bytes] of [
      ['corrupt.zip', corrupt],
      ['truncated.zip', good.subarray(0, good.length - 30)],
      ['not-a-zip.zip', Buffer.from('this is not a zip')],
    ] as const) {
      const result = await cli(file(name, bytes));
      expect(result.code, result.stderr).toBe(2);
      const lines = result.stderr.trim().split('\n');
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Cannot read ${name.replace('.', '\\.')}: `));
      expect(result.stderr).not.toMatch(/\n\s+at |Unhandled 'error' event/);
    }
  });

  it('exits 3 when lines were skipped (summary first), 0 when every line was read', { timeout: 120_000 }, async () => {
    let text = nppesHeaderLine() + physician(1000000101) + physician(1000000102);
    const clean = await cli(file('npidata_pfile_clean.csv', text));
    expect(clean.code, clean.stderr).toBe(0);
    text = text.replace('"1000000102","1","","","","SMITH"', '"1000000102","1","","","","SM"ITH"') + physician(1000000103);
    const partial = await cli(file('npidata_pfile_partial.csv', text));
    expect(partial.code, partial.stderr).toBe(3);
    expect(partial.stdout).toMatch(/finished in .* with 1 lines skipped/);
    expect(partial.stdout).toContain('line 3: a quote is not closed');
  });
});
