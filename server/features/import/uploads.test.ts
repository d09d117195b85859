import { chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestAgent } from '../../test/harness';
import { addSuppressions } from '../removal';
import { sampleNppesFile } from '../../test/support/import/fixtures';
import { writeSyntheticNppesFile } from '../../test/support/import/synthetic-nppes';
import { createImportJobs } from './uploads';
import { IMPORT_KINDS, runImport } from './service';

const ctx = await createTestContext();
afterAll(() => ctx.close());
const dir = mkdtempSync(join(tmpdir(), 'import-upload-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { agent: admin, user: adminUser } = await ctx.signedInAgent({ role: 'admin', email: 'importer@example.com' });
const raw = { 'content-type': 'application/octet-stream' };

function upload(agent: TestAgent, query: string, body: string) {
  return agent.post(`/api/admin/imports?${query}`, body, { headers: raw });
}

/** Polls the job until it is no longer running. */
async function settled(id: string) {
  for (let i = 0; i < 600; i++) {
    const res = await admin.get(`/api/admin/imports/${id}`);
    expect(res.status).toBe(200);
    if (res.body.import.status !== 'running') return res.body.import;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

describe('POST /api/admin/imports (admin upload)', () => {
  it('imports an uploaded NPPES file in the server: progress, the exact summary, searchable at once, audited', async () => {
    await addSuppressions(ctx.db, { emails: [], npis: ['1000000005'] });
    expect((await ctx.agent().get('/api/physicians?query=McDonald')).body.total).toBe(0);

    const started = await upload(admin, 'kind=nppes&fileName=npidata_pfile_20050523-20251109.csv', sampleNppesFile());
    expect(started.status).toBe(202);
    expect(started.body.import).toMatchObject({ kind: 'nppes', fileName: 'npidata_pfile_20050523-20251109.csv', startedByEmail: 'importer@example.com' });

    const job = await settled(started.body.import.id);
    expect(job).toMatchObject({ status: 'finished', percent: 100, records: 8, error: null });
    expect(job.summary).toMatchObject({
      read: 8,
      inserted: 3,
      updated: 0,
      unchanged: 0,
      removed: 0,
      skipped: { organisation: 1, notPhysician: 1, deactivated: 1, suppressed: 1, malformed: 1 },
    });
    expect(job.summary.malformed).toEqual([{ line: 7, reason: 'expected 330 fields, found 3' }]);
    expect(Date.parse(job.finishedAt)).toBeGreaterThanOrEqual(Date.parse(job.startedAt));

    // The server's own index was refreshed: a search finds the imported physician now.
    const found = await ctx.agent().get('/api/physicians?query=McDonald');
    expect(found.body.total).toBe(1);
    const audit = await ctx.db.sql.query<{ actor_user_id: string }>(`SELECT actor_user_id FROM audit_events WHERE action = 'import.completed'`);
    expect(audit.rows).toEqual([{ actor_user_id: adminUser.id }]);

    const listed = await admin.get('/api/admin/imports');
    expect(listed.body.imports.map((j: { id: string }) => j.id)).toEqual([started.body.import.id]);
  });

  it('refuses a second upload while one runs', async () => {
    const file = join(dir, 'npidata_pfile_big.csv');
    await writeSyntheticNppesFile(file, { rows: 20_000, seed: 3 });
    const first = await upload(admin, 'kind=nppes&fileName=npidata_pfile_big.csv', readFileSync(file, 'utf8'));
    expect(first.status).toBe(202);
    // While it imports, the upload is the server's user's only (ADR 049): a folder made with mkdtemp, 0700; the file 0600.
    const folder = ctx.deps.services.importJobs.folder();
    expect(basename(folder)).toMatch(new RegExp(`^physiciandirect-import-${process.pid}-\\w{6}$`));
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const [uploaded] = readdirSync(folder);
    expect(uploaded).toMatch(/npidata_pfile_big\.csv$/);
    expect(statSync(join(folder, uploaded)).mode & 0o777).toBe(0o600);
    const second = await upload(admin, 'kind=nppes&fileName=again.csv', sampleNppesFile());
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe('An import is already running. Wait for it to finish, then upload the next file.');
    const job = await settled(first.body.import.id);
    expect(job.summary).toMatchObject({ read: 20_000, inserted: 5_000 });
    expect((await admin.get('/api/admin/imports')).body.imports.map((j: { id: string }) => j.id)[0]).toBe(first.body.import.id);
  }, 120_000);

  it('answers 400 naming what is wrong, 404 for an unknown import, 401/403 to others', async () => {
    const badKind = await upload(admin, 'kind=pecos&fileName=a.csv', 'x');
    expect(badKind.status).toBe(400);
    expect(badKind.body.error.message).toContain('kind must be one of nppes, dac, hospitals, affiliations');
    const badName = await upload(admin, 'kind=nppes&fileName=notes.txt', 'x');
    expect(badName.status).toBe(400);
    expect(badName.body.error.message).toContain('fileName must end in .csv or .zip');
    const empty = await upload(admin, 'kind=nppes&fileName=empty.csv', '');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/no file|empty/i);
    expect((await admin.get('/api/admin/imports/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.get('/api/admin/imports/not-a-uuid')).status).toBe(400);

    expect((await upload(ctx.agent(), 'kind=nppes&fileName=a.csv', sampleNppesFile())).status).toBe(401);
    const { agent: premium } = await ctx.signedInAgent({ tier: 'premium' });
    expect((await upload(premium, 'kind=nppes&fileName=a.csv', sampleNppesFile())).status).toBe(403);
    expect((await premium.get('/api/admin/imports')).status).toBe(403);
  });

  it('refuses an upload over IMPORT_MAX_BYTES with 413 naming the limit, keeps no file, frees the import slot', async () => {
    const { env } = ctx.deps;
    const before = env.IMPORT_MAX_BYTES;
    env.IMPORT_MAX_BYTES = 4_000;
    try {
      const big = await upload(admin, 'kind=nppes&fileName=npidata_pfile_big.csv', sampleNppesFile());
      expect(big.status).toBe(413);
      expect(big.body.error.message).toContain('IMPORT_MAX_BYTES');
      expect(big.body.error.message).toContain('4,000 bytes');
      expect(readdirSync(ctx.deps.services.importJobs.folder())).toEqual([]);
    } finally {
      env.IMPORT_MAX_BYTES = before;
    }
    // The slot is free: the next upload runs.
    const next = await upload(admin, 'kind=nppes&fileName=npidata_pfile_small.csv', sampleNppesFile());
    expect(next.status).toBe(202);
    await settled(next.body.import.id);
  });

  it("lists the skipped lines of a partial import: a stray quote costs its line only", async () => {
    const text = sampleNppesFile().replace('"MCDONALD"', '"MC"DONALD"');
    const started = await upload(admin, 'kind=nppes&fileName=npidata_pfile_stray.csv', text);
    const job = await settled(started.body.import.id);
    expect(job.status).toBe('finished');
    // The broken line 8 is named; line 9 after it (the physician assistant) is still read.
    expect(job.summary.malformed).toEqual([
      { line: 7, reason: 'expected 330 fields, found 3' },
      { line: 8, reason: 'a quote is not closed (line 8 skipped; reading goes on at line 9)' },
    ]);
    expect(job.summary.read).toBe(8);
  });

  it("names the file as the operator uploaded it, never the server's copy or its folder", async () => {
    const started = await upload(admin, `kind=nppes&fileName=${encodeURIComponent('November NPPES.zip')}`, 'this is not a zip');
    expect(started.status).toBe(202);
    const job = await settled(started.body.import.id);
    expect(job.status).toBe('failed');
    expect(job.fileName).toBe('November NPPES.zip');
    expect(job.error).toMatch(/^Cannot read November NPPES\.zip: /);
    for (const internal of [job.id, 'November_NPPES', ctx.deps.services.importJobs.folder(), tmpdir()]) expect(job.error).not.toContain(internal);
    const listed = await admin.get('/api/admin/imports');
    expect(JSON.stringify(listed.body)).not.toContain(ctx.deps.services.importJobs.folder());
  });

  it("removes uploads left by stopped processes at start and its own at stop, never a live process's or another user's", () => {
    const root = mkdtempSync(join(tmpdir(), 'import-uploads-root-'));
    const live = `physiciandirect-import-${process.ppid}-aaaaaa`; // a live process (this test's parent)
    // Another user's, of a process that is gone (a chown needs root: CI runs as root, a laptop may not).
    const others = process.getuid?.() === 0 ? ['physiciandirect-import-999999998-bbbbbb'] : [];
    try {
      mkdirSync(join(root, 'physiciandirect-import-999999999-cccccc')); // a process that is gone
      writeFileSync(join(root, 'physiciandirect-import-999999999-cccccc', 'upload.zip'), 'x');
      mkdirSync(join(root, live));
      writeFileSync(join(root, live, 'upload.zip'), 'x');
      for (const name of others) {
        mkdirSync(join(root, name));
        chownSync(join(root, name), 65534, 65534);
      }
      // The one shared folder of versions before ADR 049: a gone process's folder and a loose file go.
      mkdirSync(join(root, 'physiciandirect-imports', '999999999'), { recursive: true });
      writeFileSync(join(root, 'physiciandirect-imports', '0b6a0f3e-old-layout-npidata.csv'), 'x');
      const jobs = createImportJobs(root);
      expect(readdirSync(root).sort()).toEqual([live, ...others, 'physiciandirect-imports'].sort());
      expect(readdirSync(join(root, 'physiciandirect-imports'))).toEqual([]);
      writeFileSync(join(jobs.folder(), 'importing.csv'), 'x');
      expect(readdirSync(root)).toHaveLength(3 + others.length);
      jobs.removeUploads();
      expect(readdirSync(root).sort()).toEqual([live, ...others, 'physiciandirect-imports'].sort());
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('several server processes, and a stop', () => {
  it('runs one import at a time across processes, answers a poll for another process\'s upload, and ends an abandoned one', async () => {
    // An upload another process is importing: its row, its heartbeat fresh.
    const other = '0f9a6c1e-2b7d-4c3a-9e5f-1a2b3c4d5e6f';
    await ctx.db.sql.query(
      `INSERT INTO import_uploads (id, kind, file_name, status, started_by_email, records, percent) VALUES ($1, 'nppes', 'other.csv', 'running', 'ops@example.com', 5000, 12.5)`,
      [other],
    );
    const refused = await upload(admin, 'kind=nppes&fileName=npidata.csv', sampleNppesFile());
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('An import is already running. Wait for it to finish, then upload the next file.');
    const polled = await admin.get(`/api/admin/imports/${other}`);
    expect(polled.body.import).toMatchObject({ status: 'running', fileName: 'other.csv', records: 5000, percent: 12.5 });

    // That process died (no heartbeat for two minutes): the next upload runs, and the row says what happened.
    await ctx.db.sql.query(`UPDATE import_uploads SET heartbeat_at = now() - interval '2 minutes' WHERE id = $1`, [other]);
    const started = await upload(admin, 'kind=nppes&fileName=npidata.csv', sampleNppesFile());
    expect(started.status).toBe(202);
    expect((await settled(started.body.import.id)).status).toBe('finished');
    const ended = await admin.get(`/api/admin/imports/${other}`);
    expect(ended.body.import).toMatchObject({ status: 'failed', error: expect.stringContaining('The server stopped during this import') });
    expect(ended.body.import.finishedAt).not.toBeNull();
  });

  it('a stop between two batches keeps what they wrote; the same file uploaded again continues from there', async () => {
    // The upload's run, stopped after its first batch (the job's signal aborted as the server stops):
    // an upload's checkpoint is named by its content's hash.
    const file = sampleNppesFile().replaceAll('1000000005', '1000000095');
    const path = join(dir, 'npidata_pfile_stop.csv');
    writeFileSync(path, file);
    const fileKey = `upload:${createHash('sha256').update(file).digest('hex')}`;
    const stop = new AbortController();
    const stopped = runImport(ctx.db, IMPORT_KINDS.nppes, path, { batchSize: 1, fileKey, signal: stop.signal, onBatch: () => stop.abort() });
    await expect(stopped).rejects.toThrow(
      /^The server stopped during the import\. 1 physician was imported \(up to line \d\) and stay in the directory\. Upload the same file again to finish: it continues from there/,
    );

    // The same bytes uploaded again (another name, another copy on the server) continue from there.
    const started = await upload(admin, 'kind=nppes&fileName=npidata-again.csv', file);
    expect(started.status).toBe(202);
    const job = await settled(started.body.import.id);
    expect(job.status).toBe('finished');
    expect(job.summary.resumed).toBe(true);
    // The summary of the two runs is the summary of one: every record of the file counted once
    // (the sample's three physicians, and the one whose NPI the first test suppressed, under another NPI here).
    expect(job.summary.read).toBe(8);
    expect(job.summary.inserted + job.summary.updated + job.summary.unchanged).toBe(4);
  });
});
