/*
 * What the benchmarks share: a database per engine (PGlite in a temporary folder; PostgreSQL in
 * a schema of its own when DATABASE_URL is set), the app built on it as the server builds it with
 * a signed-in caller, percentiles, and the printed table. Benchmarks measure; they never assert.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role, Tier } from '../contract/account';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/errors';
import { createApp } from '../server/app';
import { createDb, type Db } from '../server/db/client';
import type { SqlDriver } from '../server/db/driver';
import { migrate } from '../server/db/migrate';
import { openPgDriver } from '../server/db/pg-driver';
import { openPgliteDriver } from '../server/db/pglite-driver';
import { createSession, SESSION_COOKIE } from '../server/features/auth/session';
import { loadEnv } from '../server/lib/env';
import { createLogger } from '../server/lib/logger';
import { createServices } from '../server/services';
import { createTestUser } from '../server/test/harness';

export type BenchEngine = {
  name: 'PGlite' | 'PostgreSQL';
  driver: SqlDriver;
  db: Db;
  /** Closes the database and removes it (the folder, or the schema). */
  close(): Promise<void>;
};

/** Migrates the database `driver` opened; closing it also removes it (`remove`). */
async function migrated(
  name: BenchEngine['name'],
  driver: SqlDriver,
  remove: () => Promise<void>,
): Promise<BenchEngine> {
  await migrate(driver);
  return {
    name,
    driver,
    db: createDb(driver),
    close: async () => {
      await driver.close();
      await remove();
    },
  };
}

/** A migrated, empty PGlite database in a temporary folder. */
export async function openPgliteBench(prefix: string): Promise<BenchEngine> {
  const dir = mkdtempSync(join(tmpdir(), `bench-${prefix}-`));
  const driver = await openPgliteDriver({ dataDir: join(dir, 'pglite') });
  return migrated('PGlite', driver, async () => rmSync(dir, { recursive: true, force: true }));
}

/** A migrated, empty schema `bench_<prefix>` of the PostgreSQL at `url` (dropped first if left over). */
export async function openPostgresBench(prefix: string, url: string): Promise<BenchEngine> {
  const schema = `bench_${prefix.replace(/\W/g, '_')}`;
  const run = async (sql: string) => {
    const admin = openPgDriver({ connectionString: url, max: 1 });
    await admin.exec(sql);
    await admin.close();
  };
  await run(
    `DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}; CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`,
  );
  const driver = openPgDriver({ connectionString: url, searchPath: `${schema},public`, max: 10 });
  return migrated('PostgreSQL', driver, () => run(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
}

/** PGlite, then PostgreSQL when DATABASE_URL is set: open each in turn (one database at a time). */
export function benchEngines(prefix: string): Array<() => Promise<BenchEngine>> {
  const url = process.env.DATABASE_URL;
  return [() => openPgliteBench(prefix), ...(url ? [() => openPostgresBench(prefix, url)] : [])];
}

/**
 * The HTTP app on `db`, built as the server builds it (services, search index), and a signed-in
 * caller. `call` times one request until its body is read (wall clock, and this process's CPU
 * time) and throws on a non-2xx answer.
 */
export async function createBenchApp(
  db: Db,
  options: { user: { tier?: Tier; role?: Role }; env?: Record<string, string> },
) {
  const env = loadEnv({
    NODE_ENV: 'production',
    MAIL_OUTBOX_ONLY: '1',
    LOG_LEVEL: 'silent',
    DEMO_DIRECTORY_SIZE: '0',
    APP_URL: 'http://localhost:3000',
    // A benchmark measures the work; the limiters still run, but never stop it.
    RATE_LIMIT_FACTOR: '1000',
    ...options.env,
  });
  const base = { db, env, logger: createLogger('silent', false) };
  const services = await createServices(base);
  const app = createApp({ deps: { ...base, services } });
  const user = await createTestUser(db, {
    ...options.user,
    email: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
  });
  const { token } = await createSession(db, user.id);
  const headers = {
    cookie: `${SESSION_COOKIE}=${token}`,
    'content-type': 'application/json',
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
  };
  async function call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ ms: number; cpuMs: number; res: Response; bytes: ArrayBuffer }> {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const res = await app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = await res.arrayBuffer();
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    // CPU time of this process (PGlite's worker included, a PostgreSQL server's not): what the
    // call costs whatever else the machine runs.
    const cpuMs = (used.user + used.system) / 1000;
    if (!res.ok)
      throw new Error(`${method} ${path}: ${res.status} ${Buffer.from(bytes).toString().slice(0, 300)}`);
    return { ms, cpuMs, res, bytes };
  }
  return { app, services, user, call };
}

/** The p-th percentile (nearest rank) of the samples. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Prints rows as a table: the first row is the header; columns padded to their widest cell. */
export function printTable(rows: readonly (readonly string[])[]): void {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => (row[c] ?? '').length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, c) => (cell ?? '').padEnd(widths[c]))
      .join(' | ')
      .trimEnd();
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of rows.slice(1)) console.log(line(row));
}
