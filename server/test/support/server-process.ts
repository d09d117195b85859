/*
 * A real server process for the throughput benches (search, load): a free port, `server/main.ts`
 * started on a given database, ready when /api/health answers, stopped with SIGTERM.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlDriver } from '../../db/driver';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type ServerProcess = { url: string; child: ChildProcess; readySeconds: number };

/** Starts the server in production mode on the database `env` names (DATA_DIR or DATABASE_URL). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const started = performance.now();
  // Only this run's database: a PGlite server must not inherit a PostgreSQL DATABASE_URL.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.DATA_DIR;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      MAIL_OUTBOX_ONLY: '1',
      BILLING_DEMO: '1',
      DEMO_DIRECTORY_SIZE: '0',
      // The re-verification job runs in every server: tests never wait on the network's DNS.
      VERIFY_DNS: '0',
      // Links the server makes (mail, the Bullhorn callback) come back to this address.
      APP_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, readySeconds: (performance.now() - started) / 1000 };
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resident memory of a process in MB (Linux /proc), or NaN where unavailable. */
export async function rssMb(pid: number | undefined): Promise<number> {
  if (!pid) return NaN;
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return NaN;
  }
}

/**
 * A database of its own for a server process: PGlite in a temporary DATA_DIR, or a schema on the
 * PostgreSQL of `pgUrl`. Migrated, `rows` demo physicians loaded, and a driver open for setup
 * (close it before starting a PGlite server: the server takes the data directory's lock).
 */
export async function prepareServerDatabase(options: {
  engine: 'pglite' | 'postgres';
  rows: number;
  pgUrl?: string;
  name: string;
}) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { migrate } = await import('../../db/migrate');
  const { loadDemoDirectory } = await import('../../db/seed/demo');
  const { createDb } = await import('../../db/client');
  let driver: SqlDriver;
  let serverEnv: Record<string, string>;
  let drop: () => Promise<void>;
  if (options.engine === 'pglite') {
    const { openPgliteDriver } = await import('../../db/pglite-driver');
    const dir = mkdtempSync(join(tmpdir(), `${options.name}-`));
    driver = await openPgliteDriver({ dataDir: join(dir, 'pglite') });
    serverEnv = { DATA_DIR: dir };
    drop = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const { openPgDriver } = await import('../../db/pg-driver');
    const pgUrl = options.pgUrl!;
    const schema = options.name.replace(/\W/g, '_');
    const admin = openPgDriver({ connectionString: pgUrl, max: 1 });
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    await admin.close();
    driver = openPgDriver({ connectionString: pgUrl, searchPath: `${schema},public`, max: 4 });
    const url = new URL(pgUrl);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    // A DATA_DIR of its own for the index snapshot (ADR 049), not the checkout's ./data.
    const dir = mkdtempSync(join(tmpdir(), `${options.name}-`));
    serverEnv = { DATABASE_URL: url.toString(), DATA_DIR: dir };
    drop = async () => {
      const cleanup = openPgDriver({ connectionString: pgUrl, max: 1 });
      await cleanup.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await cleanup.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  await migrate(driver);
  if (options.rows > 0) await loadDemoDirectory(driver, { count: options.rows });
  return { driver, db: createDb(driver), serverEnv, drop };
}

/** Polls `check` every 50 ms until it gives a value (returned), or fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The server processes under a WEB_CONCURRENCY primary: its children running server/main.ts (not tsx's helper). */
export function serverWorkers(primary: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(primary)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/main.ts');
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}
