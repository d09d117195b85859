/*
 * Lists benchmark (`npm run bench:lists`): prints a table, never asserts timings.
 *
 * Per engine (PGlite; PostgreSQL too when DATABASE_URL is set) it loads the demo directory
 * (BENCH_ROWS, default 300,000), then measures through the HTTP app (app.request, as a premium
 * user), BENCH_ITERATIONS times each:
 *   - add 500 new ids to a list (POST /api/lists/{id}/members);
 *   - open a 10,000-member list, page 1 (GET /api/lists/{id});
 *   - search within that list (GET /api/lists/{id}?query=...), the index's caches cleared first;
 *   - Select All of a broad search (GET /api/physicians/select-all), caches cleared first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../server/app';
import { createDb, type Db } from '../server/db/client';
import type { SqlDriver } from '../server/db/driver';
import { migrate } from '../server/db/migrate';
import { openPgDriver } from '../server/db/pg-driver';
import { openPgliteDriver } from '../server/db/pglite-driver';
import { loadDemoDirectory } from '../server/db/seed/demo';
import { createSession, SESSION_COOKIE } from '../server/features/auth/session';
import { loadEnv } from '../server/lib/env';
import { createLogger } from '../server/lib/logger';
import { createServices } from '../server/services';
import { createTestUser } from '../server/test/harness';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/errors';

const ROWS = Number(process.env.BENCH_ROWS ?? 300_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);
const PG_URL = process.env.DATABASE_URL;

type Engine = { name: string; driver: SqlDriver; db: Db; close: () => Promise<void> };

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function pglite(): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-lists-'));
  const driver = await openPgliteDriver({ dataDir: join(dir, 'pglite') });
  await migrate(driver);
  return {
    name: 'PGlite',
    driver,
    db: createDb(driver),
    close: async () => {
      await driver.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgres(url: string): Promise<Engine> {
  const schema = 'bench_lists';
  const admin = openPgDriver({ connectionString: url, max: 1 });
  await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  await admin.close();
  const driver = openPgDriver({ connectionString: url, searchPath: `${schema},public`, max: 10 });
  await migrate(driver);
  return {
    name: 'PostgreSQL',
    driver,
    db: createDb(driver),
    close: async () => {
      await driver.close();
      const cleanup = openPgDriver({ connectionString: url, max: 1 });
      await cleanup.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await cleanup.close();
    },
  };
}

async function bench(engine: Engine): Promise<string[][]> {
  await loadDemoDirectory(engine.driver, { count: ROWS });
  const env = loadEnv({
    NODE_ENV: 'production',
    MAIL_OUTBOX_ONLY: '1',
    LOG_LEVEL: 'silent',
    DEMO_DIRECTORY_SIZE: '0',
    APP_URL: 'http://localhost:3000',
  });
  const base = { db: engine.db, env, logger: createLogger('silent', false) };
  const services = await createServices(base);
  const app = createApp({ deps: { ...base, services } });
  const user = await createTestUser(engine.db, {
    tier: 'premium',
    email: `bench-lists-${Date.now()}@example.com`,
  });
  const { token } = await createSession(engine.db, user.id);
  const headers = {
    cookie: `${SESSION_COOKIE}=${token}`,
    'content-type': 'application/json',
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
  };
  const call = async (method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const res = await app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await res.text();
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
    return ms;
  };
  const newList = async (members: number[] = []) => {
    const { rows } = await engine.db.sql.query<{ id: string }>(
      'INSERT INTO physician_lists (user_id, name) VALUES ($1, $2) RETURNING id',
      [user.id, 'bench'],
    );
    if (members.length)
      await engine.db.sql.query(
        'INSERT INTO list_members (list_id, physician_id) SELECT $1, unnest($2::int[])',
        [rows[0].id, members],
      );
    return rows[0].id;
  };
  const { rows: idRows } = await engine.db.sql.query<{ id: number }>(
    'SELECT id FROM physicians ORDER BY id LIMIT 20000',
  );
  const ids = idRows.map((r) => Number(r.id));

  const results: Record<string, number[]> = { add: [], page: [], within: [], selectAll: [] };
  const big = await newList(ids.slice(0, 10_000));
  // Broad: one common word and a big specialty, well over 500 matches.
  const broad = 'query=a&specialty=Family%20Medicine&sortKey=location';
  for (let i = 0; i < ITERATIONS; i++) {
    const list = await newList();
    const batch = ids.slice(10_000 + ((i * 500) % 10_000), 10_000 + ((i * 500) % 10_000) + 500);
    results.add.push(await call('POST', `/api/lists/${list}/members`, { physicianIds: batch }));
    results.page.push(await call('GET', `/api/lists/${big}`));
    services.directory.index.clearCache();
    results.within.push(
      await call('GET', `/api/lists/${big}?query=${['smith', 'card', 'john', 'lee', 'md'][i % 5]}`),
    );
    services.directory.index.clearCache();
    results.selectAll.push(await call('GET', `/api/physicians/select-all?${broad}`));
  }
  const label: Record<string, string> = {
    add: 'add 500 ids to a list',
    page: 'open a 10,000-member list (page 1)',
    within: 'search within a 10,000-member list',
    selectAll: 'Select All, broad search (500 ids)',
  };
  const target: Record<string, number> = { add: 100, page: 100, within: 100, selectAll: 50 };
  return Object.entries(results).map(([key, samples]) => [
    engine.name,
    label[key],
    percentile(samples, 50).toFixed(1),
    percentile(samples, 95).toFixed(1),
    Math.max(...samples).toFixed(1),
    `< ${target[key]}`,
    percentile(samples, 95) < target[key] ? 'yes' : 'NO',
  ]);
}

const table: string[][] = [['engine', 'operation', 'p50 ms', 'p95 ms', 'max ms', 'target p95', 'met']];
for (const open of [pglite, ...(PG_URL ? [() => postgres(PG_URL)] : [])]) {
  const engine = await open();
  try {
    process.stderr.write(
      `${engine.name}: ${ROWS.toLocaleString('en-US')} physicians, ${ITERATIONS} iterations...\n`,
    );
    table.push(...(await bench(engine)));
  } finally {
    await engine.close();
  }
}
const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
for (const row of table) console.log(row.map((cell, c) => cell.padEnd(widths[c])).join(' | '));
process.exit(0);
