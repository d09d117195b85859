import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestUser, TEST_PASSWORD } from '../harness';
import { openToOthers } from '../support/file-modes';
import { freePort, prepareServerDatabase, startServer, stopServer, type ServerProcess } from '../support/server-process';

/*
 * The operations an operator relies on, on the real server process (docs/operations.md): a SIGTERM
 * lets the request in progress finish and exits 0; a backup taken while the server runs and writes
 * restores into a new folder that a server then serves. Embedded database only (PostgreSQL is backed
 * up with pg_dump, and the shutdown path is the same code).
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, script), ...args], { cwd: root, env: { ...inherited, ...env } });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function signIn(server: ServerProcess, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

function createList(server: ServerProcess, cookie: string, name: string) {
  return fetch(`${server.url}/api/lists`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch', cookie },
    body: JSON.stringify({ name }),
  });
}

async function listNames(server: ServerProcess, cookie: string): Promise<string[]> {
  const res = await fetch(`${server.url}/api/lists`, { headers: { cookie } });
  const body = (await res.json()) as { lists: Array<{ name: string }> };
  return body.lists.map((l) => l.name).sort();
}

async function physicianTotal(server: ServerProcess): Promise<number> {
  return ((await (await fetch(`${server.url}/api/physicians`)).json()) as { total: number }).total;
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('operations on the real server process', () => {
  it('readiness: 503 while the server starts (database, migrations, index), 200 once it serves', async () => {
    const database = await prepareServerDatabase({ engine: 'pglite', rows: 2000, name: 'ready' });
    dirs.push(database.serverEnv.DATA_DIR);
    await database.driver.close();
    const port = await freePort();
    const inherited = { ...process.env };
    delete inherited.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
      cwd: root,
      env: { ...inherited, ...database.serverEnv, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1', BILLING_DEMO: '1', DEMO_DIRECTORY_SIZE: '0' },
      stdio: 'ignore',
    });
    const statuses: number[] = [];
    try {
      const deadline = Date.now() + 90_000;
      while (statuses.at(-1) !== 200 && Date.now() < deadline) {
        const status = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.status, () => 0);
        if (status) statuses.push(status);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Listening before it can serve: the balancer hears 'not ready', never a refused connection.
      expect(statuses[0]).toBe(503);
      expect(statuses.at(-1)).toBe(200);
      expect(new Set(statuses)).toEqual(new Set([503, 200]));
      const search = await fetch(`http://127.0.0.1:${port}/api/physicians`);
      expect(((await search.json()) as { total: number }).total).toBe(2000);
    } finally {
      await stopServer(child);
    }
  }, 120_000);

  it('SIGTERM during a request: the request finishes, new ones are refused, the process exits 0', async () => {
    const database = await prepareServerDatabase({ engine: 'pglite', rows: 0, name: 'sigterm' });
    dirs.push(database.serverEnv.DATA_DIR);
    await database.driver.close();
    const server = await startServer(database.serverEnv);
    const { port } = new URL(server.url);
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });
    // A sign-in whose body arrives slowly: in flight when the signal comes.
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/api/auth/login', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-requested-with': 'fetch' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        // Shutdown has begun while this request waits for the rest of its body.
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 500);
    });
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    expect(await answered).toBe(401);
    expect(await exited).toBe(0);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  }, 120_000);

  it('backs up a running server with writes in flight; the restored folder serves the same users, lists and physicians', async () => {
    const database = await prepareServerDatabase({ engine: 'pglite', rows: 300, name: 'backup' });
    const dataDir = database.serverEnv.DATA_DIR;
    dirs.push(dataDir);
    const user = await createTestUser(database.db, { tier: 'basic' });
    await database.driver.close();
    const server = await startServer(database.serverEnv);
    const restoredDir = mkdtempSync(join(tmpdir(), 'restored-'));
    dirs.push(restoredDir);
    const file = join(restoredDir, '..', `backup-${process.pid}.tar.gz`);
    dirs.push(file);
    let restored: ServerProcess | undefined;
    try {
      const cookie = await signIn(server, user.email);
      for (const name of ['Before 1', 'Before 2', 'Before 3']) expect((await createList(server, cookie, name)).status).toBe(201);
      const before = await listNames(server, cookie);

      // Writes in flight while the backup runs.
      const writes = Array.from({ length: 12 }, (_, i) => createList(server, cookie, `During ${i}`));
      const backup = await runScript('scripts/backup.ts', [file], { DATA_DIR: dataDir });
      expect(backup.output).toContain('from the running server');
      expect(backup.code).toBe(0);
      // The copy holds the whole database: its owner's only, as DATA_DIR and all in it (ADR 049).
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(openToOthers(dataDir)).toEqual([]);
      await Promise.all(writes);
      const after = await listNames(server, cookie);

      // A restore never lands on a folder that holds something.
      const refused = await runScript('scripts/restore.ts', [file], { DATA_DIR: dataDir });
      expect(refused.code).toBe(2);
      expect(refused.output).toContain('is not empty');

      const restore = await runScript('scripts/restore.ts', [file], { DATA_DIR: join(restoredDir, 'data') });
      expect(restore.output).toContain('300 physicians');
      expect(restore.code).toBe(0);
      expect(statSync(join(restoredDir, 'data')).mode & 0o777).toBe(0o700);
      expect(openToOthers(join(restoredDir, 'data'))).toEqual([]);
      await stopServer(server.child);

      restored = await startServer({ DATA_DIR: join(restoredDir, 'data') });
      expect(await physicianTotal(restored)).toBe(300);
      const restoredCookie = await signIn(restored, user.email);
      const lists = await listNames(restored, restoredCookie);
      // Whole transactions only: everything written before the backup, nothing that was not written.
      for (const name of before) expect(lists).toContain(name);
      for (const name of lists) expect(after).toContain(name);
    } finally {
      await stopServer(server.child);
      if (restored) await stopServer(restored.child);
    }
  }, 240_000);
});
