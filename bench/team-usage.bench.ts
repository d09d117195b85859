/*
 * Team usage benchmark (`npm run bench:usage`; bench/README.md). Prints a table; never asserts timings.
 *
 * Per engine (PGlite in a temporary folder; PostgreSQL too when DATABASE_URL is set, in a schema of
 * its own): a team of BENCH_TEAM_MEMBERS (50) with BENCH_TEAM_REVEALS (100,000) counted reveals over
 * 90 days, 2,000 exports, searches and list adds per member and day, beside 20 other teams of 10
 * with 10,000 reveals each (their counters beside the team's), the counters (usage_daily) as the app
 * writes them. Times GET /api/team/usage through the HTTP app as the owner: this month, the last 90
 * days, and the CSV.
 */
import type { Db } from '../server/db/client';
import { benchEngines, createBenchApp, percentile, printTable, type BenchEngine } from './bench-db';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const MEMBERS = num('BENCH_TEAM_MEMBERS', 50);
const REVEALS = num('BENCH_TEAM_REVEALS', 100_000);
const ITERATIONS = num('BENCH_ITERATIONS', 60);
const OTHER_TEAMS = 20;

/** The team (owner: `ownerId`) and its members, their reveals, exports and daily counters; other teams beside. */
async function seed(db: Db, ownerId: string): Promise<void> {
  const team = await db.sql.query<{ id: string }>(`INSERT INTO teams (name) VALUES ('Bench team') RETURNING id`);
  const teamId = team.rows[0].id;
  await db.sql.query(`UPDATE subscriptions SET seats = $2 WHERE user_id = $1`, [ownerId, MEMBERS]);
  await db.sql.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'owner')`, [teamId, ownerId]);
  // Members, and the other teams' members.
  await db.sql.query(
    `WITH u AS (INSERT INTO users (email, password_hash) SELECT 'member' || g || '@bench-team.example', 'x' FROM generate_series(1, $2::int) g RETURNING id)
     INSERT INTO team_members (team_id, user_id, role) SELECT $1, id, 'member' FROM u`,
    [teamId, MEMBERS - 1],
  );
  for (let t = 0; t < OTHER_TEAMS; t++) {
    await db.sql.query(
      `WITH t AS (INSERT INTO teams (name) VALUES ('Other ' || $1::int) RETURNING id),
            u AS (INSERT INTO users (email, password_hash) SELECT 'other' || $1::int || '-' || g || '@bench-team.example', 'x' FROM generate_series(1, 10) g RETURNING id)
       INSERT INTO team_members (team_id, user_id, role) SELECT t.id, u.id, 'member' FROM t, u`,
      [t],
    );
  }
  // Counted reveals over 90 days: the team's, and 10,000 for each other team.
  await db.sql.query(
    `INSERT INTO contact_reveals (user_id, physician_id, team_id, counted, created_at)
     SELECT m.user_id, 1 + g % 20000, m.team_id, true, now() - ((g % (90 * 24)) || ' hours')::interval
       FROM generate_series(1, $2::int) g
       JOIN (SELECT user_id, team_id, row_number() OVER (ORDER BY user_id) - 1 AS n FROM team_members WHERE team_id = $1) m
         ON m.n = g % $3::int`,
    [teamId, REVEALS, MEMBERS],
  );
  await db.sql.query(
    `INSERT INTO contact_reveals (user_id, physician_id, team_id, counted, created_at)
     SELECT m.user_id, 1 + g % 20000, m.team_id, true, now() - ((g % (90 * 24)) || ' hours')::interval
       FROM generate_series(1, $1::int) g
       JOIN (SELECT user_id, team_id, row_number() OVER (ORDER BY user_id) - 1 AS n FROM team_members WHERE team_id <> $2) m
         ON m.n = g % (10 * $3::int)`,
    [10_000 * OTHER_TEAMS, teamId, OTHER_TEAMS],
  );
  await db.sql.query(
    `INSERT INTO export_logs (user_id, team_id, export_count, export_date)
     SELECT m.user_id, $1, 1 + g % 100, now() - ((g % 90) || ' days')::interval
       FROM generate_series(1, 2000) g
       JOIN (SELECT user_id, row_number() OVER (ORDER BY user_id) - 1 AS n FROM team_members WHERE team_id = $1) m ON m.n = g % $2::int`,
    [teamId, MEMBERS],
  );
  // The counters as the app writes them with each reveal and export (migration 0059's backfill
  // reads them the same way), and a day of searches and list adds per member.
  await db.sql.query(
    `INSERT INTO usage_daily (team_id, user_id, day, reveals)
     SELECT team_id, user_id, (created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM contact_reveals
      WHERE team_id IS NOT NULL AND counted GROUP BY 1, 2, 3`,
  );
  await db.sql.query(
    `INSERT INTO usage_daily (team_id, user_id, day, exports)
     SELECT team_id, user_id, (export_date AT TIME ZONE 'UTC')::date, sum(export_count)::int FROM export_logs
      WHERE team_id IS NOT NULL GROUP BY 1, 2, 3
     ON CONFLICT (team_id, day, user_id) DO UPDATE SET exports = excluded.exports`,
  );
  await db.sql.query(
    `INSERT INTO usage_daily (team_id, user_id, day, searches, list_adds)
     SELECT m.team_id, m.user_id, (now() AT TIME ZONE 'UTC')::date - d, 20 + d % 30, d % 7
       FROM team_members m, generate_series(0, 89) d
     ON CONFLICT (team_id, day, user_id) DO UPDATE SET searches = excluded.searches, list_adds = excluded.list_adds`,
  );
  await db.sql.query('ANALYZE');
}

type Row = { engine: string; what: string; p50: number; p95: number; note?: string };

async function run(engine: BenchEngine): Promise<Row[]> {
  const rows: Row[] = [];
  const started = performance.now();
  const { call, user } = await createBenchApp(engine.db, { user: { tier: 'premium' }, env: { NODE_ENV: 'test' } });
  await seed(engine.db, user.id);
  console.error(`${engine.name}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  async function measure(what: string, path: string) {
    const first = await call('GET', path); // warm-up, and what it answers
    const body = Buffer.from(first.bytes).toString();
    const samples: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) samples.push((await call('GET', path)).ms);
    const note = path.includes('format=csv')
      ? `${body.trim().split('\r\n').length - 1} rows`
      : (() => {
          const usage = JSON.parse(body) as { members: Array<{ reveals: number }>; days: unknown[] };
          return `${usage.members.length} members, ${usage.members.reduce((n, m) => n + m.reveals, 0).toLocaleString('en-US')} reveals, ${usage.days.length} days`;
        })();
    rows.push({ engine: engine.name, what, p50: percentile(samples, 50), p95: percentile(samples, 95), note });
  }
  await measure('usage: this month', '/api/team/usage');
  await measure('usage: last 90 days', `/api/team/usage?from=${day(89)}&to=${day(0)}`);
  await measure('usage CSV: last 90 days', `/api/team/usage?from=${day(89)}&to=${day(0)}&format=csv`);
  return rows;
}

const all: Row[] = [];
for (const open of benchEngines('team_usage')) {
  const engine = await open();
  try {
    all.push(...(await run(engine)));
  } finally {
    await engine.close();
  }
}

console.log(
  `\nTeam usage bench: a team of ${MEMBERS} with ${REVEALS.toLocaleString('en-US')} reveals over 90 days, ${OTHER_TEAMS} other teams, ${ITERATIONS} iterations\n`,
);
printTable([
  ['engine', 'what', 'p50 ms', 'p95 ms', 'note'],
  ...all.map((r) => [r.engine, r.what, r.p50.toFixed(1), r.p95.toFixed(1), r.note ?? '']),
]);
process.exit(0);
