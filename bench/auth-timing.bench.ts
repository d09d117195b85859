/*
 * Known against unknown addresses (`npm run bench:auth`; bench/README.md). Prints a table; never
 * asserts timings.
 *
 * Forgot-password, resend-verification and sign-up must take the same time whether or not the
 * address has an account (or, for resend, an unverified one), or their timing tells who has an
 * account (docs/decisions/028-sign-up-and-device-cookies.md; target: medians within 1 ms). Per
 * engine (PGlite in a temporary folder; PostgreSQL too when DATABASE_URL is set), each operation
 * runs BENCH_CALLS (200) times for each kind of address through the HTTP app, the two kinds
 * alternating call by call so that whatever else the machine does falls on both alike.
 */
import { loadavg } from 'node:os';
import { randomBytes } from 'node:crypto';
import { createTestUser } from '../server/test/harness';
import { benchEngines, createBenchApp, percentile, printTable, type BenchEngine } from './bench-db';

const CALLS = process.env.BENCH_CALLS ? Number(process.env.BENCH_CALLS) : 200;
const WARM_UP = 10;

type Row = { engine: string; what: string; known: number[]; unknown: number[] };

async function run(engine: BenchEngine): Promise<Row[]> {
  // Limits multiplied by 1,000 (createBenchApp): they run on every call but never refuse one.
  const { call } = await createBenchApp(engine.db, { user: {}, env: { NODE_ENV: 'test' } });
  const verified = await createTestUser(engine.db, { email: `bench-known-${randomBytes(4).toString('hex')}@example.com` });
  const unverified = await createTestUser(engine.db, {
    email: `bench-unverified-${randomBytes(4).toString('hex')}@example.com`,
    verified: false,
  });
  const fresh = () => `bench-nobody-${randomBytes(6).toString('hex')}@example.com`;
  const password = 'bench-password-1';
  const signUp = (email: string) => ({ email, password, confirmPassword: password, acceptTerms: true });

  const operations: Array<{ what: string; path: string; known: () => unknown; unknown: () => unknown }> = [
    { what: 'forgot-password', path: '/api/auth/forgot-password', known: () => ({ email: verified.email }), unknown: () => ({ email: fresh() }) },
    {
      what: 'resend-verification',
      path: '/api/auth/resend-verification',
      known: () => ({ email: unverified.email }),
      unknown: () => ({ email: fresh() }),
    },
    { what: 'sign-up', path: '/api/auth/signup', known: () => signUp(verified.email), unknown: () => signUp(fresh()) },
  ];

  const rows: Row[] = [];
  for (const op of operations) {
    for (let i = 0; i < WARM_UP; i++) {
      await call('POST', op.path, op.known());
      await call('POST', op.path, op.unknown());
    }
    const row: Row = { engine: engine.name, what: op.what, known: [], unknown: [] };
    for (let i = 0; i < CALLS; i++) {
      // Alternate which kind goes first, so neither always follows the other's work.
      const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order) row[kind].push((await call('POST', op.path, op[kind]())).ms);
    }
    rows.push(row);
    console.error(`${engine.name}: ${op.what} done`);
  }
  return rows;
}

const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const loadAtStart = load();
const rows: Row[] = [];
for (const open of benchEngines('auth_timing')) {
  const engine = await open();
  try {
    rows.push(...(await run(engine)));
  } finally {
    await engine.close();
  }
}

const ms = (n: number) => n.toFixed(2);
console.log(`\nKnown and unknown addresses, ${CALLS} calls each (ms; load average ${loadAtStart} at start, ${load()} at the end)\n`);
printTable([
  ['engine', 'operation', 'known p50', 'unknown p50', 'p50 difference', 'known p95', 'unknown p95'],
  ...rows.map((r) => {
    const known = percentile(r.known, 50);
    const unknown = percentile(r.unknown, 50);
    return [r.engine, r.what, ms(known), ms(unknown), ms(known - unknown), ms(percentile(r.known, 95)), ms(percentile(r.unknown, 95))];
  }),
]);
console.log(
  '\nknown: forgot-password and sign-up for a verified account; resend-verification for an unverified one (the call that mails). unknown: a new address each call.',
);
