/*
 * Admin benchmark (`npm run bench:admin`; bench/README.md). Prints a table; never asserts timings.
 *
 * Per engine (PGlite in a temporary folder; PostgreSQL too when DATABASE_URL is set, in a schema
 * of its own), on a database with 10,000 users, 100,000 export rows, subscriptions and reveals:
 *   - the /users page: stats, page 1, a search by email, a deep page (through the HTTP app, as an admin);
 *   - the dashboard's overview;
 *   - a bulk approval of 100 submissions, one call after another as the screens make them, then a
 *     search for each approved physician by name (each must be found at once).
 */
import { randomBytes } from 'node:crypto';
import { loadDemoDirectory } from '../server/db/seed/demo';
import { listUsers, readUserStats } from '../server/features/admin/repo';
import type { Db } from '../server/db/client';
import { benchEngines, createBenchApp, percentile, printTable, type BenchEngine } from './bench-db';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const USERS = num('BENCH_USERS', 10_000);
const EXPORT_ROWS = num('BENCH_EXPORT_ROWS', 100_000);
const PHYSICIANS = num('BENCH_PHYSICIANS', 20_000);
const ITERATIONS = num('BENCH_ITERATIONS', 40);
const APPROVALS = num('BENCH_APPROVALS', 100);

/** 10,000 users (a few admins, 15% active subscribers, 3% trials), 100,000 exports, 20,000 reveals. */
async function seed(db: Db) {
  await db.sql.query(
    `INSERT INTO users (email, password_hash, role, created_at, last_sign_in_at)
     SELECT 'user' || g || '@company' || (g % 50) || '.example.com', 'x', CASE WHEN g % 2000 = 0 THEN 'admin' ELSE 'user' END,
            now() - (g || ' minutes')::interval, CASE WHEN g % 3 = 0 THEN NULL ELSE now() - (g || ' seconds')::interval END
       FROM generate_series(1, $1::int) AS g`,
    [USERS],
  );
  await db.sql.query(
    `INSERT INTO subscriptions (user_id, provider, status, price_id, tier)
     SELECT id, 'demo', CASE WHEN n % 100 < 15 THEN 'active' ELSE 'trialing' END,
            CASE WHEN n % 2 = 0 THEN 'price_annual' ELSE 'price_monthly' END,
            CASE WHEN n % 2 = 0 THEN 'premium' ELSE 'basic' END
       FROM (SELECT id, row_number() OVER (ORDER BY email) AS n FROM users) u WHERE n % 100 < 18`,
  );
  await db.sql.query(
    `INSERT INTO export_logs (user_id, export_count, export_date)
     SELECT u.id, 1 + (g % 500), now() - ((g % 60) || ' days')::interval
       FROM generate_series(1, $1::int) AS g
       JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users) u ON u.n = (g * 7919) % $2::int`,
    [EXPORT_ROWS, USERS],
  );
  await db.sql.query(
    `INSERT INTO contact_reveals (user_id, physician_id, created_at)
     SELECT u.id, 1 + g % 1000, now() - ((g % 45) || ' days')::interval
       FROM generate_series(1, 20000) AS g
       JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users) u ON u.n = (g * 104729) % $1::int`,
    [USERS],
  );
  await db.sql.query('ANALYZE');
}

type Row = { engine: string; what: string; p50: number; p95: number; note?: string };

async function run(engine: BenchEngine): Promise<Row[]> {
  const rows: Row[] = [];
  const started = performance.now();
  await loadDemoDirectory(engine.driver, { count: PHYSICIANS });
  await seed(engine.db);
  console.error(`${engine.name}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const { app, call: request } = await createBenchApp(engine.db, { user: { role: 'admin' }, env: { NODE_ENV: 'test' } });
  async function call(path: string, method = 'GET'): Promise<{ ms: number; body: unknown }> {
    const { ms, bytes } = await request(method, path);
    return { ms, body: JSON.parse(Buffer.from(bytes).toString()) };
  }

  async function measure(what: string, paths: string[], note?: string) {
    for (const path of paths) await call(path); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) samples.push((await call(paths[i % paths.length])).ms);
    rows.push({ engine: engine.name, what, p50: percentile(samples, 50), p95: percentile(samples, 95), note });
  }

  const searches = ['user1', 'company7', 'user99', 'example', 'USER42@', 'nobody-here'].map((q) => `/api/admin/users?query=${encodeURIComponent(q)}`);
  await measure('users: page 1', ['/api/admin/users']);
  await measure('users: search + page 1', searches, '6 different searches');
  await measure('users: page 200', ['/api/admin/users?page=200']);
  await measure('users: stat cards', ['/api/admin/users/stats']);
  // The /users screen: its two calls, as the browser makes them (in parallel).
  {
    const samples: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const t = performance.now();
      await Promise.all([call(searches[i % searches.length]), call('/api/admin/users/stats')]);
      samples.push(performance.now() - t);
    }
    rows.push({ engine: engine.name, what: 'users screen (search + page 1 + stats)', p50: percentile(samples, 50), p95: percentile(samples, 95) });
  }
  // The same calls' SQL as the database executes it (EXPLAIN ANALYZE 'Execution Time'): what the
  // queries cost without the HTTP app, the session lookup and, on a busy machine, the scheduler.
  {
    let spent = 0;
    const explaining = {
      sql: {
        async query(text: string, params?: unknown[]) {
          const { rows } = await engine.db.sql.query<Record<string, unknown>>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
          const plan = rows[0]?.['QUERY PLAN'];
          const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { 'Execution Time': number }[];
          spent += parsed[0]['Execution Time'];
          return { rows: [] };
        },
      },
    } as unknown as Db;
    const queries = ['user1', 'company7', 'user99', 'example', 'USER42@', 'nobody-here', ''];
    const samples: number[] = [];
    const statSamples: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      spent = 0;
      await listUsers(explaining, { query: queries[i % queries.length], limit: 25, offset: 0 });
      samples.push(spent);
      spent = 0;
      // No rows come back through the explaining executor, so reading them fails after the query ran.
      await readUserStats(explaining).catch(() => undefined);
      statSamples.push(spent);
    }
    rows.push({ engine: engine.name, what: 'users search + page 1: SQL execution', p50: percentile(samples, 50), p95: percentile(samples, 95), note: 'EXPLAIN ANALYZE, page + count' });
    rows.push({ engine: engine.name, what: 'users stat cards: SQL execution', p50: percentile(statSamples, 50), p95: percentile(statSamples, 95), note: 'EXPLAIN ANALYZE' });
  }
  await measure('dashboard overview', ['/api/admin/overview']);
  await measure('audit log page 1', ['/api/admin/audit']);

  // 100 approvals in one bulk run, one after another, then a search for each.
  const names: string[] = [];
  for (let i = 0; i < APPROVALS; i++) {
    const last = `Benchapprove${i.toString(36)}x${randomBytes(2).toString('hex')}`;
    names.push(last);
    await engine.db.sql.query(
      `INSERT INTO candidate_submissions (first_name, last_name, title, organization, specialty, email, phone, location, skills, education)
       VALUES ('Bench', $1, 'Hospitalist', 'Bench Medical', 'Internal Medicine', $2, '555-010-0000', 'Denver, CO', '{Leadership}', '[]')`,
      [last, `${last.toLowerCase()}@example.com`],
    );
  }
  const { body } = await call(`/api/admin/submissions?status=pending&pageSize=100`);
  const ids = (body as { submissions: { id: string }[] }).submissions.map((s) => s.id);
  const t = performance.now();
  const perCall: number[] = [];
  for (const id of ids) perCall.push((await call(`/api/admin/submissions/${id}/approve`, 'POST')).ms);
  const totalMs = performance.now() - t;
  let found = 0;
  for (const name of names) {
    const res = await app.request(`/api/physicians?query=${name}`);
    if (res.status !== 200) throw new Error(`search for ${name}: ${res.status}`);
    if (((await res.json()) as { total: number }).total === 1) found++;
  }
  rows.push({
    engine: engine.name,
    what: `approve ${ids.length} in a bulk run`,
    p50: percentile(perCall, 50),
    p95: percentile(perCall, 95),
    note: `total ${(totalMs / 1000).toFixed(2)} s; found by search right after: ${found}/${names.length}`,
  });
  return rows;
}

const all: Row[] = [];
for (const open of benchEngines('admin')) {
  const engine = await open();
  try {
    all.push(...(await run(engine)));
  } finally {
    await engine.close();
  }
}

console.log(`\nAdmin bench: ${USERS.toLocaleString('en-US')} users, ${EXPORT_ROWS.toLocaleString('en-US')} export rows, ${PHYSICIANS.toLocaleString('en-US')} physicians, ${ITERATIONS} iterations\n`);
printTable([
  ['engine', 'what', 'p50 ms', 'p95 ms', 'note'],
  ...all.map((r) => [r.engine, r.what, r.p50.toFixed(1), r.p95.toFixed(1), r.note ?? '']),
]);
process.exit(0);
