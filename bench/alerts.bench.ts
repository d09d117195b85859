/*
 * New-match alert benchmark (`npm run bench:alerts`; bench/README.md). Prints a table; never asserts timings.
 *
 * Per engine (PGlite in a temporary folder; PostgreSQL too when DATABASE_URL is set, in a schema
 * of its own): the demo directory (BENCH_ROWS, 300,000), BENCH_ALERTS (10,000) saved searches with
 * a daily alert held by 1,000 users, each search a realistic combination taken from a real row
 * (its specialty and state; a third also a city, a word of the name or a title). Then, for each
 * window size, that many physicians are marked changed (as a day of approvals, or an import
 * changes them) and one alert run evaluates every due search and queues the digests (the whole
 * `runAlertDigests`, as the server's maintenance pass runs it: claiming, the window query, the
 * index, the digest emails). Target (ADR 024): 10,000 saved searches in under 10 s.
 */
import { loadDemoDirectory } from '../server/db/seed/demo';
import type { Db } from '../server/db/client';
import { loadEnv } from '../server/lib/env';
import { createLogger } from '../server/lib/logger';
import { createServices } from '../server/services';
import { ALERT_SETTLE_MS, runAlertDigests } from '../server/features/saved-searches/alerts';
import { benchEngines, printTable, type BenchEngine } from './bench-db';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const ROWS = num('BENCH_ROWS', 300_000);
const ALERTS = num('BENCH_ALERTS', 10_000);
const USERS = 1_000;
const WINDOWS = (process.env.BENCH_ALERT_WINDOWS ?? '1000,20000').split(',').map(Number);

/** A seeded generator, so every engine gets the same searches. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function seedAlerts(db: Db) {
  await db.sql.query(
    `INSERT INTO users (email, password_hash, email_verified_at)
     SELECT 'alerts' || g || '@example.com', 'x', now() FROM generate_series(1, $1::int) AS g`,
    [USERS],
  );
  const { rows: users } = await db.sql.query<{ id: string }>(
    `SELECT id FROM users WHERE email LIKE 'alerts%' ORDER BY email`,
  );
  const { rows: samples } = await db.sql.query<{
    specialty: string;
    state: string;
    city: string;
    last_name: string;
    title: string | null;
  }>(
    `SELECT specialty, state, city, last_name, title FROM physicians
      WHERE specialty IS NOT NULL AND state IS NOT NULL AND city IS NOT NULL ORDER BY id LIMIT 20000`,
  );
  const rand = random(42);
  const rows: string[] = [];
  for (let i = 0; i < ALERTS; i++) {
    const p = samples[Math.floor(rand() * samples.length)];
    const params: Record<string, string> = { specialty: p.specialty, state: p.state };
    const extra = rand();
    if (extra < 0.1) params.city = p.city;
    else if (extra < 0.2) params.query = p.last_name;
    else if (extra < 0.3 && p.title) params.title = p.title.split(' ')[0];
    else if (extra < 0.4) delete params.state;
    rows.push(JSON.stringify([users[i % USERS].id, `Search ${i}`, params]));
  }
  await db.sql.query(
    `INSERT INTO saved_searches (user_id, name, params, alert, alert_checked_at)
     SELECT (r->>0)::uuid, r->>1, r->2, 'daily', now() - interval '2 days'
       FROM jsonb_array_elements($1::jsonb) AS r`,
    [`[${rows.join(',')}]`],
  );
}

type Row = string[];

async function run(engine: BenchEngine): Promise<Row[]> {
  await loadDemoDirectory(engine.driver, { count: ROWS });
  const env = loadEnv({
    NODE_ENV: 'production',
    MAIL_OUTBOX_ONLY: '1',
    BILLING_DEMO: '1',
    LOG_LEVEL: 'silent',
    DEMO_DIRECTORY_SIZE: '0',
    APP_URL: 'http://localhost:3000',
  });
  const base = { db: engine.db, env, logger: createLogger('silent', false) };
  // What the alert run uses of the app (ADR 060): the search index the services build.
  const deps = { ...base, directory: (await createServices(base)).directory };
  await seedAlerts(engine.db);
  // The directory as loaded a month ago: only the rows each window marks are new.
  await engine.db.sql.query(`UPDATE physicians SET updated_at = now() - interval '30 days'`);
  await engine.db.sql.query('ANALYZE');
  const out: Row[] = [];
  for (const changed of WINDOWS) {
    await engine.db.sql.query(
      `UPDATE saved_searches SET alert_checked_at = now() - interval '2 days' WHERE alert = 'daily'`,
    );
    await engine.db.sql.query('DELETE FROM email_outbox');
    await engine.db.sql.query(
      `UPDATE physicians SET updated_at = now() - interval '30 days' WHERE updated_at > now() - interval '1 day'`,
    );
    // Spread over the directory: every 15th id from a seeded start, as approvals and imports land anywhere.
    await engine.db.sql.query(
      `UPDATE physicians SET updated_at = now() WHERE id IN (SELECT id FROM physicians ORDER BY (id::bigint * 7919) % 300007 LIMIT $1)`,
      [changed],
    );
    const now = new Date(Date.now() + ALERT_SETTLE_MS + 1000);
    const heap = process.memoryUsage().heapUsed;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await runAlertDigests(deps, now);
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const { rows } = await engine.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox');
    out.push([
      engine.name,
      ROWS.toLocaleString('en-US'),
      result.evaluated.toLocaleString('en-US'),
      changed.toLocaleString('en-US'),
      seconds.toFixed(2),
      ((used.user + used.system) / 1e6).toFixed(2),
      (result.evaluationMs / 1000).toFixed(2),
      (result.evaluationMs / Math.max(1, result.evaluated)).toFixed(3),
      result.digests.toLocaleString('en-US'),
      String(rows[0].n),
      result.newMatches.toLocaleString('en-US'),
      ((process.memoryUsage().heapUsed - heap) / 1e6).toFixed(0),
    ]);
    console.error(`  ${engine.name}: ${changed} changed -> ${seconds.toFixed(2)} s`);
  }
  return out;
}

const table: Row[] = [
  [
    'engine',
    'directory',
    'alerts evaluated',
    'changed physicians',
    'run s',
    'CPU s',
    'evaluation s',
    'evaluation ms per alert',
    'digests',
    'emails queued',
    'new matches',
    'heap delta MB',
  ],
];
for (const open of benchEngines('alerts')) {
  const engine = await open();
  try {
    table.push(...(await run(engine)));
  } finally {
    await engine.close();
  }
}
console.log(
  `\nAlert evaluation: ${ALERTS.toLocaleString('en-US')} saved searches with a daily alert (target: all in under 10 s)\n`,
);
printTable(table);
console.log(
  '\nrun s: one runAlertDigests pass (claim, window query, index, digest emails written and queued, commit), wall clock;\n' +
    "evaluation s: the part finding each alert's new matches in the index (the rest is the database and composing the emails).",
);
