/*
 * A quick look at the search index on one large PostgreSQL database kept between runs (for tuning;
 * `npm run bench` is the measurement of record). The first run loads the demo directory into the
 * schema bench_profile_<rows> of DATABASE_URL (about 2.5 minutes at 1,500,000 rows); later runs
 * reuse it (`--drop` removes it). Prints the index build (or its read from the snapshot file the first
 * run kept in the temporary folder; `--build` reads every row again), its memory, the snapshot
 * file's write and read, and every search shape uncached (p50 / p95 / max, and the median CPU time
 * of this thread per call: the figure to compare two versions of the code by).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:profile -- [rows] [--only regex] [--iterations n] [--drop]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { createApp } from '../server/app';
import { createDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { openPgDriver } from '../server/db/pg-driver';
import { loadDemoDirectory } from '../server/db/seed/demo';
import { createSession, SESSION_COOKIE } from '../server/features/auth/session';
import { DirectoryIndex, snapshotFormat } from '../server/features/directory/search-index';
import { loadEnv } from '../server/lib/env';
import { createLogger } from '../server/lib/logger';
import { createServices } from '../server/services';
import { createTestUser } from '../server/test/harness';
import { pathOf, qs, SHAPES } from './search-shapes';
import { percentile } from './bench-db';
import { tuneGarbageCollector } from '../server/lib/gc-tuning';

// The server's garbage-collector setting (ADR 043): the index here runs as in the server.
tuneGarbageCollector();
const argv = process.argv.slice(2);
const flag = (name: string) => {
  const at = argv.indexOf(name);
  return at === -1 ? undefined : argv[at + 1];
};
const rows = Number(argv.find((a) => /^\d+$/.test(a)) ?? 1_500_000);
const only = flag('--only') ? new RegExp(flag('--only')!, 'i') : null;
const iterations = Number(flag('--iterations') ?? 10);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL');
const schema = `bench_profile_${rows}`;
const log = (message: string) => console.log(`[profile ${new Date().toISOString().slice(11, 19)}] ${message}`);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

const admin = openPgDriver({ connectionString: url, max: 1 });
if (argv.includes('--drop')) {
  await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.close();
  log(`dropped ${schema}`);
  process.exit(0);
}
const { rows: existing } = await admin.query<{ n: number }>(
  `SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = $1`,
  [schema],
);
if (existing[0].n === 0) await admin.exec(`CREATE SCHEMA ${schema}`);
await admin.close();
const driver = openPgDriver({ connectionString: url, searchPath: `${schema},public`, max: 4 });
await migrate(driver);
const db = createDb(driver);
const { rows: counted } = await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM physicians');
if (counted[0].n !== rows) {
  log(`loading ${rows.toLocaleString('en-US')} demo physicians into ${schema}`);
  await db.sql.query('TRUNCATE physicians CASCADE');
  await loadDemoDirectory(driver, { count: rows });
}

const env = loadEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DEMO_DIRECTORY_SIZE: '0',
  APP_URL: 'http://localhost:3000',
  MAIL_OUTBOX_ONLY: '1',
  BILLING_DEMO: '1',
  RATE_LIMIT_FACTOR: '1000',
  INDEX_SNAPSHOT_DIR: join(tmpdir(), 'physiciandirect-profile'),
});
const base = { db, env, logger: createLogger(argv.includes('--log') ? 'info' : 'silent', false) };
if (argv.includes('--build')) rmSync(join(tmpdir(), 'physiciandirect-profile'), { recursive: true, force: true });
global.gc?.();
const heapBefore = process.memoryUsage();
let started = performance.now();
const services = await createServices(base);
const buildSeconds = (performance.now() - started) / 1000;
global.gc?.();
const heapAfter = process.memoryUsage();
const directory = services.directory;
await directory.snapshotWritten();
log(
  `index of ${directory.index.size.toLocaleString('en-US')} physicians ${directory.startedFrom === 'snapshot' ? 'read from its snapshot file' : 'built from the rows'} in ${buildSeconds.toFixed(1)} s; ` +
    `typed arrays and dictionaries ${mb(directory.index.memoryBytes)}; process heap +${mb(heapAfter.heapUsed - heapBefore.heapUsed)}, ` +
    `array buffers +${mb(heapAfter.arrayBuffers - heapBefore.arrayBuffers)}, rss ${mb(heapAfter.rss)}`,
);

const folder = mkdtempSync(join(tmpdir(), 'profile-snapshot-'));
// --keep-snapshot <path>: the file stays there (to time reading it alone, e.g. under --cpu-prof).
const file = flag('--keep-snapshot') ?? join(folder, 'directory.snapshot');
const format = snapshotFormat('profile');
started = performance.now();
const key = randomBytes(32);
const { bytes } = await directory.index.save(file, format, { identity: 'profile', snapshot: '1:1:', at: Date.now() }, key);
const writeSeconds = (performance.now() - started) / 1000;
started = performance.now();
const loaded = await DirectoryIndex.load(file, format, key);
const readSeconds = (performance.now() - started) / 1000;
if (!('index' in loaded)) throw new Error(loaded.reason);
log(`snapshot file ${mb(bytes)}: written in ${writeSeconds.toFixed(2)} s, read (with counts and sort orders) in ${readSeconds.toFixed(2)} s`);
rmSync(folder, { recursive: true, force: true });

const app = createApp({ deps: { ...base, services } });
const user = await createTestUser(db, { tier: 'premium', email: `profile-${Date.now()}@example.com` });
const { token } = await createSession(db, user.id);
const headers = { cookie: `${SESSION_COOKIE}=${token}` };
directory.index.cacheSize = 0;
const all: number[] = [];
const facets: number[] = [];
const table: { shape: string; p50: number; p95: number; max: number; 'cpu p50': number; 'gc ms': number; 'full gcs': number }[] = [];
// Garbage collection during the measured calls: its pauses are what lifts a p95 over the median.
let gcMs = 0;
let fullGcs = 0;
const gcs = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcMs += entry.duration;
    if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) fullGcs++;
  }
});
gcs.observe({ entryTypes: ['gc'] });
for (const shape of SHAPES.filter((s) => !only || only.test(s.name))) {
  const path = pathOf(shape);
  const samples: number[] = [];
  // This thread's CPU per call (the index's work and the app's, not the database's): steadier than
  // the wall clock on a shared machine, so two versions of the code compare on it.
  const cpu: number[] = [];
  let gcBefore = 0;
  let fullBefore = 0;
  for (let i = -2; i < iterations; i++) {
    if (i === 0) [gcBefore, fullBefore] = [gcMs, fullGcs];
    directory.index.clearCache();
    if (shape.afterSearch) await (await app.request(`/api/physicians?${qs(shape.facets!)}`, { headers })).arrayBuffer();
    const t = performance.now();
    const c = process.threadCpuUsage();
    const res = await app.request(path, { headers });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${text}`);
    const used = process.threadCpuUsage(c);
    if (i >= 0) samples.push(performance.now() - t);
    if (i >= 0) cpu.push((used.user + used.system) / 1000);
  }
  // The observer reports after the call's turn: let it.
  await new Promise((resolve) => setImmediate(resolve));
  samples.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  if (shape.params) all.push(...samples);
  if (shape.facets) facets.push(...samples);
  table.push({ shape: shape.name, p50: +percentile(samples, 50).toFixed(1), p95: +percentile(samples, 95).toFixed(1), max: +samples[samples.length - 1].toFixed(1), 'cpu p50': +percentile(cpu, 50).toFixed(1), 'gc ms': +(gcMs - gcBefore).toFixed(1), 'full gcs': fullGcs - fullBefore });
}
console.table(table);
all.sort((a, b) => a - b);
facets.sort((a, b) => a - b);
if (all.length) log(`all search shapes: p50 ${percentile(all, 50).toFixed(1)} / p95 ${percentile(all, 95).toFixed(1)} / max ${all[all.length - 1].toFixed(1)} ms`);
log(`after the shapes: rss ${mb(process.memoryUsage().rss)}, array buffers ${mb(process.memoryUsage().arrayBuffers)}, heap ${mb(process.memoryUsage().heapUsed)}`);
if (facets.length) log(`all live-facet shapes: p50 ${percentile(facets, 50).toFixed(1)} / p95 ${percentile(facets, 95).toFixed(1)} / max ${facets[facets.length - 1].toFixed(1)} ms`);
await driver.close();
process.exit(0);
