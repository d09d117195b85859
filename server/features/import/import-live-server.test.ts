import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../db/data-dir-lock';
import { writeSyntheticNppesFile } from '../../test/support/import/synthetic-nppes';

/*
 * A running server sees an import. On PostgreSQL: a real server process on a database
 * of its own; `npm run import` (the CLI, another process) loads a file; a search over HTTP finds
 * the imported physicians without a restart, and the server reloaded its index once for the
 * whole import (its batches do not notify; the end does). On the embedded database the CLI
 * refuses while a server holds DATA_DIR, and says what to do.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const baseUrl = process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'import-live-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function run(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

describe.skipIf(!baseUrl)('an import into a running PostgreSQL-backed server', () => {
  const dbName = `import_live_${process.pid}_${randomBytes(3).toString('hex')}`;
  const dbUrl = baseUrl ? baseUrl.replace(/\/[^/?]*(\?.*)?$/, `/${dbName}$1`) : '';
  const file = join(dir, 'npidata_pfile_live.csv');
  let server: ReturnType<typeof run>;
  let url = '';
  let sql: pg.Client;

  beforeAll(async () => {
    // 24,000 lines, 6,000 physicians: two batches of the CLI's 5,000.
    await writeSyntheticNppesFile(file, { rows: 24_000, seed: 11 });
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = run(['server/main.ts'], {
      ...process.env,
      NODE_ENV: 'production',
      MAIL_OUTBOX_ONLY: '1',
      BILLING_DEMO: '1',
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      LOG_LEVEL: 'info',
      RATE_LIMIT_FACTOR: '100',
      DEMO_DATA: '',
      ADMIN_EMAILS: '',
    });
    await waitFor('the server', async () => (await fetch(`${url}/api/health`)).ok, 90_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.output()}`);
    });
    sql = new pg.Client({ connectionString: dbUrl });
    await sql.connect();
  }, 240_000);

  afterAll(async () => {
    await sql?.end().catch(() => undefined);
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  it('a search over HTTP finds the imported physicians, after one index reload', { timeout: 180_000 }, async () => {
    const total = async (query: string) => {
      const res = await fetch(`${url}/api/physicians?query=${encodeURIComponent(query)}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { total: number }).total;
    };
    expect(await total('Okafor')).toBe(0);
    const reloadsBefore = server.output().split('directory index reloaded').length - 1;

    const importer = run(['scripts/import.ts', 'nppes', file], { ...process.env, DATABASE_URL: dbUrl, LOG_LEVEL: 'silent' });
    const [code] = await once(importer.child, 'exit');
    expect(code, importer.output()).toBe(0);
    expect(importer.output()).toMatch(/inserted\s+6,000/);

    const { rows } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM physicians WHERE last_name = 'Okafor'`);
    const expected = rows[0]!.n;
    expect(expected).toBeGreaterThan(100);
    await waitFor('the server to find the imported physicians', async () => (await total('Okafor')) === expected, 15_000).catch(
      async (error: Error) => {
        throw new Error(`${error.message}: the server finds ${await total('Okafor')} of ${expected}\n${server.output()}`);
      },
    );
    // Two batches, one reload: the batches ask the triggers not to notify, the end sends one '*'.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(server.output().split('directory index reloaded').length - 1 - reloadsBefore).toBe(1);
  });
});

describe.skipIf(!!baseUrl)('the embedded database while a server holds DATA_DIR', () => {
  it('the CLI refuses and says what to do', { timeout: 60_000 }, async () => {
    const dataDir = join(dir, 'data');
    const file = join(dir, 'npidata_pfile_small.csv');
    await writeSyntheticNppesFile(file, { rows: 10 });
    // The lock a running server holds (server/db/open.ts), taken here by this live process.
    const lock = lockDataDir(dataDir);
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      delete env.DATABASE_URL;
      const importer = run(['scripts/import.ts', 'nppes', file], env);
      const [code] = await once(importer.child, 'exit');
      expect(code).toBe(1);
      expect(importer.output()).toContain(`The embedded database in DATA_DIR (${dataDir}) is in use by the running server. Stop the server, run the import`);
    } finally {
      lock.release();
    }
  });
});
