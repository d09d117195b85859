import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, prepareServerDatabase, serverWorkers, waitFor } from '../support/server-process';

/*
 * WEB_CONCURRENCY (ADR 038) with the real server: one primary and two workers on one port and one
 * PostgreSQL (run with DATABASE_URL, as CI's PostgreSQL pass does). The first worker builds the
 * index and writes its snapshot, the second reads it; both answer; a worker that dies is replaced
 * while the other serves; SIGTERM stops them all.
 */
const pgUrl = process.env.DATABASE_URL;
const root = fileURLToPath(new URL('../../..', import.meta.url));

describe.skipIf(!pgUrl)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  const snapshots = mkdtempSync(join(tmpdir(), 'cluster-snapshot-'));
  let database: Awaited<ReturnType<typeof prepareServerDatabase>>;
  let primary: ChildProcess;
  const output: string[] = [];
  let url = '';

  beforeAll(async () => {
    database = await prepareServerDatabase({ engine: 'postgres', rows: 300, pgUrl, name: `cluster_${process.pid}` });
    await database.driver.close();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    primary = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        ...database.serverEnv,
        WEB_CONCURRENCY: '2',
        INDEX_SNAPSHOT_DIR: snapshots,
        NODE_ENV: 'production',
        BILLING_DEMO: '1',
        MAIL_OUTBOX_ONLY: '1',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DEMO_DIRECTORY_SIZE: '0',
        DEMO_DATA: '',
        ADMIN_EMAILS: '',
        VERIFY_DNS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    primary.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
    primary.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    await waitFor('two server processes', async () => output.join('').includes('2 server processes ready'), 120_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${output.join('')}`);
      },
    );
  }, 180_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null) primary.kill('SIGKILL');
    for (const pid of primary?.pid ? serverWorkers(primary.pid) : []) process.kill(pid, 'SIGKILL');
    await database?.drop();
    rmSync(snapshots, { recursive: true, force: true });
  });

  it('the first worker builds and writes the snapshot, the second reads it; both answer on one port', async () => {
    const log = output.join('');
    if (process.env.SHOW_LOG) console.log(log);
    expect(log).toMatch(/directory index: 300 physicians in [\d.]+ s/);
    expect(log).toMatch(/directory index: 300 physicians read from .*directory-[0-9a-f]{16}\.snapshot/);
    expect(readdirSync(snapshots).filter((f) => f.endsWith('.snapshot'))).toHaveLength(1);
    expect(serverWorkers(primary.pid!)).toHaveLength(2);
    const totals = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const res = await fetch(`${url}/api/physicians?query=a`);
        expect(res.status).toBe(200);
        return ((await res.json()) as { total: number }).total;
      }),
    );
    expect(new Set(totals).size).toBe(1);
    expect(totals[0]).toBeGreaterThan(0);
  });

  it('a worker that dies is replaced, and the other answers meanwhile', async () => {
    const [victim, survivor] = serverWorkers(primary.pid!);
    process.kill(victim, 'SIGKILL');
    // Keep-alive sockets to the dead worker close; new connections go to the live one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let i = 0; i < 10; i++) expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const replaced = await waitFor(
      'a replacement worker',
      async () => {
        const now = serverWorkers(primary.pid!);
        return now.length === 2 && !now.includes(victim) && now.includes(survivor) ? now : undefined;
      },
      60_000,
    );
    expect(replaced).toHaveLength(2);
    await waitFor('the replacement ready', async () => output.join('').includes('starting another') && (await fetch(`${url}/api/ready`)).ok, 60_000);
  }, 90_000);

  it('SIGTERM to the primary stops every worker and exits 0', async () => {
    const workers = serverWorkers(primary.pid!);
    const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of workers) expect(existsSync(`/proc/${pid}`)).toBe(false);
  }, 30_000);
});
