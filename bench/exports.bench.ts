/**
 * Export speed (issue 8): POST /api/exports of 500 physicians as CSV, XLSX and PDF, each p95
 * under 1 s of server time, with memory flat over many exports. Runs the real app in-process
 * (no socket) on an in-memory PGlite holding a generated directory; prints a table and writes
 * JSON under bench/results/.
 *
 *   npm run bench:exports            (EXPORT_BENCH_ROWS=5000 EXPORT_BENCH_RUNS=30 by default)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createApp } from '../server/app';
import { createDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { openPgliteDriver } from '../server/db/pglite-driver';
import { loadDemoDirectory } from '../server/db/seed/demo';
import { createSession, SESSION_COOKIE } from '../server/features/auth/session';
import { loadEnv } from '../server/lib/env';
import { createLogger } from '../server/lib/logger';
import { createServices } from '../server/services';
import { createTestUser } from '../server/test/harness';

const ROWS = Number(process.env.EXPORT_BENCH_ROWS ?? 5_000);
const RUNS = Number(process.env.EXPORT_BENCH_RUNS ?? 30);
const BATCH = 500;
const FORMATS = ['csv', 'xlsx', 'pdf'] as const;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const mb = (bytes: number) => bytes / 1024 / 1024;

const driver = await openPgliteDriver({});
await migrate(driver);
await loadDemoDirectory(driver, { count: ROWS });
const db = createDb(driver);
const env = loadEnv({
  NODE_ENV: 'production',
  MAIL_OUTBOX_ONLY: '1',
  LOG_LEVEL: 'silent',
  DEMO_DIRECTORY_SIZE: '0',
  EXPORT_DAILY_LIMIT: '10000000',
});
const logger = createLogger('silent', false);
const base = { db, env, logger };
const app = createApp({ deps: { ...base, services: await createServices(base) } });
const user = await createTestUser(db, { tier: 'premium' });
const { token } = await createSession(db, user.id);

let seed = 7;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pickIds = () => {
  const ids = new Set<number>();
  while (ids.size < BATCH) ids.add(1 + Math.floor(random() * ROWS));
  return [...ids];
};

async function exportOnce(format: (typeof FORMATS)[number]): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await app.request('/api/exports', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'fetch',
      cookie: `${SESSION_COOKIE}=${token}`,
    },
    body: JSON.stringify({ physicianIds: pickIds(), format }),
  });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${format}: ${res.status} ${Buffer.from(body).toString()}`);
  return { ms, bytes: body.byteLength };
}

const results = [];
for (const format of FORMATS) {
  for (let i = 0; i < 3; i++) await exportOnce(format); // warm-up
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const run = await exportOnce(format);
    times.push(run.ms);
    bytes = run.bytes;
  }
  global.gc?.();
  const memory = process.memoryUsage();
  times.sort((a, b) => a - b);
  results.push({
    format,
    runs: RUNS,
    p50Ms: Math.round(percentile(times, 50)),
    p95Ms: Math.round(percentile(times, 95)),
    maxMs: Math.round(times.at(-1)!),
    fileKb: Math.round(bytes / 1024),
    rssDeltaMb: Number(mb(memory.rss - rssBefore).toFixed(1)),
    heapDeltaMb: Number(mb(memory.heapUsed - heapBefore).toFixed(1)),
    target: 'p95 < 1000 ms',
    pass: percentile(times, 95) < 1000,
  });
}

console.log(
  `\nExport of ${BATCH} physicians (directory of ${ROWS.toLocaleString('en-US')}, PGlite, ${RUNS} runs each)\n`,
);
console.table(results);
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  `bench/results/exports-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  JSON.stringify({ rows: ROWS, batch: BATCH, results }, null, 2),
);
await driver.close();
