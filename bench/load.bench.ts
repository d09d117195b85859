/*
 * Load benchmark (`npm run bench:load`, issue 15): a recruiting team's mix of calls against a real
 * server process for BENCH_LOAD_SECONDS (60) on PGlite, and on PostgreSQL when DATABASE_URL is set.
 * Prints a table: throughput, p50/p95/p99 per kind of call, errors (must be 0) and the server's
 * memory before and after (growth beyond its caches would show here). Never asserts a timing.
 *
 * The mix per request, drawn at random (the ratio of a team at work: mostly searching and reading
 * profiles, some reveals and list adds, a few exports):
 *   55 % search (a word, a specialty, a state, a page), 20 % profile read, 10 % contact reveal,
 *   10 % add 5 physicians to the user's list, 5 % export 25 physicians as CSV.
 * BENCH_LOAD_USERS (40) premium recruiters, each with its own session and list, spread the calls.
 */
import autocannon, { type AutocannonRequest } from 'autocannon';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/errors';
import { createSession, SESSION_COOKIE } from '../server/features/auth/session';
import { createTestUser } from '../server/test/harness';
import { prepareServerDatabase, rssMb, startServer, stopServer } from '../server/test/server-process';

const ROWS = Number(process.env.BENCH_ROWS ?? 300_000);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 40);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 16);
const PG_URL = process.env.DATABASE_URL;

type Prepared = { engine: string; serverEnv: Record<string, string>; drop(): Promise<void> };
type Recruiter = { cookie: string; listId: string };

async function prepare(
  engine: 'PGlite' | 'PostgreSQL',
): Promise<{ prepared: Prepared; recruiters: Recruiter[]; maxId: number }> {
  const { driver, db, serverEnv, drop } = await prepareServerDatabase({
    engine: engine === 'PGlite' ? 'pglite' : 'postgres',
    rows: ROWS,
    pgUrl: PG_URL,
    name: 'bench-load',
  });
  const prepared: Prepared = { engine, serverEnv, drop };
  const recruiters: Recruiter[] = [];
  for (let i = 0; i < USERS; i++) {
    const user = await createTestUser(db, { tier: 'premium', email: `load-${i}-${Date.now()}@example.com` });
    const { token } = await createSession(db, user.id);
    const { rows } = await db.sql.query<{ id: string }>(
      'INSERT INTO physician_lists (user_id, name) VALUES ($1, $2) RETURNING id::text AS id',
      [user.id, `Load list ${i}`],
    );
    recruiters.push({ cookie: `${SESSION_COOKIE}=${token}`, listId: rows[0].id });
  }
  const { rows } = await db.sql.query<{ max: number }>('SELECT max(id)::int AS max FROM physicians');
  await driver.close();
  return { prepared, recruiters, maxId: rows[0].max };
}

const WORDS = ['smith', 'card', 'john', 'maria', 'ortho', 'neuro', 'garcia', 'patel', 'surg', 'health'];
const SPECIALTIES = ['Cardiology', 'Pediatrics', 'Family Medicine', 'Internal Medicine', 'Psychiatry'];
const STATES = ['TX', 'CA', 'NY', 'FL', 'MA', 'IL'];

type Kind = 'search' | 'profile' | 'reveal' | 'list add' | 'export';
const MIX: Array<[Kind, number]> = [
  ['search', 55],
  ['profile', 20],
  ['reveal', 10],
  ['list add', 10],
  ['export', 5],
];

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)];
}

function kindAt(roll: number): Kind {
  let sum = 0;
  for (const [kind, weight] of MIX) {
    sum += weight;
    if (roll < sum) return kind;
  }
  return 'search';
}

async function run(engine: 'PGlite' | 'PostgreSQL') {
  const started = performance.now();
  const { prepared, recruiters, maxId } = await prepare(engine);
  console.log(
    `${engine}: ${ROWS.toLocaleString('en-US')} physicians and ${USERS} recruiters ready in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const server = await startServer({
    ...prepared.serverEnv,
    RATE_LIMIT_FACTOR: '1000',
    REVEAL_DAILY_LIMIT: '1000000',
    EXPORT_DAILY_LIMIT: '10000000',
  });
  const latencies = new Map<Kind, number[]>(MIX.map(([kind]) => [kind, []]));
  const statuses = new Map<string, number>();
  const id = () => 1 + Math.floor(Math.random() * maxId);
  let measuring = false;
  try {
    const requests: AutocannonRequest[] = [
      {
        // The context is the connection's own (one request in flight per connection): the kind and
        // start of its request, read back in onResponse.
        setupRequest: (request, context: Record<string, unknown>) => {
          const kind = kindAt(Math.random() * 100);
          context.kind = kind;
          context.start = performance.now();
          const who = pick(recruiters);
          const headers = {
            ...request.headers,
            cookie: who.cookie,
            [CSRF_HEADER]: CSRF_HEADER_VALUE,
            'content-type': 'application/json',
          };
          switch (kind) {
            case 'search': {
              const params = new URLSearchParams({
                query: pick(WORDS),
                page: String(1 + Math.floor(Math.random() * 3)),
              });
              if (Math.random() < 0.5) params.set('specialty', pick(SPECIALTIES));
              if (Math.random() < 0.3) params.set('state', pick(STATES));
              return { ...request, method: 'GET', path: `/api/physicians?${params}`, headers };
            }
            case 'profile':
              return { ...request, method: 'GET', path: `/api/physicians/${id()}`, headers };
            case 'reveal':
              return {
                ...request,
                method: 'POST',
                path: `/api/physicians/${id()}/contact`,
                headers,
                body: '{}',
              };
            case 'list add':
              return {
                ...request,
                method: 'POST',
                path: `/api/lists/${who.listId}/members`,
                headers,
                body: JSON.stringify({ physicianIds: Array.from({ length: 5 }, id) }),
              };
            case 'export':
              return {
                ...request,
                method: 'POST',
                path: '/api/exports',
                headers,
                body: JSON.stringify({ physicianIds: Array.from({ length: 25 }, id), format: 'csv' }),
              };
          }
        },
        onResponse: (status: number, _body: string, context: Record<string, unknown>) => {
          if (!measuring) return;
          const kind = context.kind as Kind;
          latencies.get(kind)!.push(performance.now() - (context.start as number));
          const key = `${kind} ${status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        },
      },
    ];
    // Warm-up (index, caches, JIT), then memory is read before the measured run.
    await autocannon({ url: server.url, connections: 8, duration: 5, requests });
    const rssBefore = await rssMb(server.child.pid);
    measuring = true;
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests,
    });
    measuring = false;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssAfter = await rssMb(server.child.pid);
    const failed = [...statuses].filter(([key]) => !/ 2\d\d$/.test(key));
    return { engine, result, latencies, rssBefore, rssAfter, failed, readySeconds: server.readySeconds };
  } finally {
    await stopServer(server.child);
    await prepared.drop();
  }
}

function percentile(samples: number[], p: number): number {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function main() {
  const engines: Array<'PGlite' | 'PostgreSQL'> = ['PGlite'];
  if (PG_URL) engines.push('PostgreSQL');
  const rows: Record<string, unknown>[] = [];
  const summaries: Record<string, unknown>[] = [];
  for (const engine of engines) {
    const r = await run(engine);
    for (const [kind, samples] of r.latencies) {
      rows.push({
        engine,
        call: kind,
        requests: samples.length,
        share: `${((samples.length / Math.max(1, r.result.requests.total)) * 100).toFixed(0)} %`,
        p50Ms: round(percentile(samples, 50)),
        p95Ms: round(percentile(samples, 95)),
        p99Ms: round(percentile(samples, 99)),
      });
    }
    summaries.push({
      engine,
      seconds: SECONDS,
      connections: CONNECTIONS,
      requestsPerSecond: Math.round(r.result.requests.average),
      p50Ms: r.result.latency.p50,
      p99Ms: r.result.latency.p99,
      errors: r.result.errors + r.result.timeouts + r.result.non2xx,
      rssBeforeMb: r.rssBefore,
      rssAfterMb: r.rssAfter,
    });
    if (r.failed.length) console.log(`${engine}: non-2xx answers:`, Object.fromEntries(r.failed));
  }
  console.log(
    `\nLoad: a recruiting team's mix, ${ROWS.toLocaleString('en-US')} physicians, ${USERS} recruiters, real server process`,
  );
  console.table(summaries);
  console.table(rows);
}

await main();
