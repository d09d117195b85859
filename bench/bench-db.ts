/*
 * What the benchmarks share: a database per engine (PGlite in a temporary folder; PostgreSQL in
 * a schema of its own when DATABASE_URL is set), the app built on it as the server builds it with
 * a signed-in caller, percentiles, and the printed table. Benchmarks measure; they never assert.
 */
import type { Role, Tier } from '../contract/account';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/errors';
import { createApp } from '../server/app';
import type { Db } from '../server/db/client';
import type { SqlDriver } from '../server/db/driver';
import { createSession, SESSION_COOKIE } from '../server/features/auth/session';
import { loadEnv } from '../server/lib/env';
import { createLogger } from '../server/lib/logger';
import { createServices } from '../server/services';
import { registerJobs } from '../server/jobs';
import { createTestUser } from '../server/test/harness';
import { prepareServerDatabase } from '../server/test/support/server-process';

export type BenchEngine = {
  name: 'PGlite' | 'PostgreSQL';
  driver: SqlDriver;
  db: Db;
  /** Closes the database and removes it (the folder, or the schema). */
  close(): Promise<void>;
};

/**
 * A migrated, empty database of one engine, prepared as the server-process tests prepare theirs
 * (PGlite in a temporary folder; PostgreSQL in the schema `bench_<name>`, dropped first if left
 * over). Closing it also removes it.
 */
async function openBench(engine: 'pglite' | 'postgres', name: string, pgUrl?: string): Promise<BenchEngine> {
  const prepared = await prepareServerDatabase({ engine, rows: 0, pgUrl, name: `bench_${name}` });
  return {
    name: engine === 'pglite' ? 'PGlite' : 'PostgreSQL',
    driver: prepared.driver,
    db: prepared.db,
    close: async () => {
      await prepared.driver.close();
      await prepared.drop();
    },
  };
}

/** PGlite, then PostgreSQL when DATABASE_URL is set: open each in turn (one database at a time). */
export function benchEngines(name: string): Array<() => Promise<BenchEngine>> {
  const url = process.env.DATABASE_URL;
  return [() => openBench('pglite', name), ...(url ? [() => openBench('postgres', name, url)] : [])];
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
    BILLING_DEMO: '1',
    LOG_LEVEL: 'silent',
    DEMO_DIRECTORY_SIZE: '0',
    APP_URL: 'http://localhost:3000',
    // A benchmark measures the work; the limiters still run, but never stop it.
    RATE_LIMIT_FACTOR: '1000',
    ...options.env,
  });
  const base = { db, env, logger: createLogger('silent', false) };
  const services = await createServices(base);
  registerJobs(services.jobs, { ...base, services });
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

/** The p-th percentile (nearest rank) of the samples; NaN for none. Every bench's one definition. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
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
