/**
 * Export speed: POST /api/exports of 500 physicians as CSV, XLSX and PDF, each p95
 * under 1 s of server time, with memory flat over many exports. Runs the real app in-process
 * (no socket) per engine (PGlite; PostgreSQL too when DATABASE_URL is set) on a generated
 * directory; prints a table and writes JSON under bench/results/.
 *
 *   npm run bench:exports            (EXPORT_BENCH_ROWS=5000 EXPORT_BENCH_RUNS=30 by default)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadDemoDirectory } from '../server/db/seed/demo';
import { benchEngines, createBenchApp, percentile, printTable, type BenchEngine } from './bench-db';

const ROWS = Number(process.env.EXPORT_BENCH_ROWS ?? 5_000);
const RUNS = Number(process.env.EXPORT_BENCH_RUNS ?? 30);
const BATCH = 500;
const FORMATS = ['csv', 'xlsx', 'pdf'] as const;

const mb = (bytes: number) => bytes / 1024 / 1024;

async function bench(engine: BenchEngine) {
  await loadDemoDirectory(engine.driver, { count: ROWS });
  const { call } = await createBenchApp(engine.db, {
    user: { tier: 'premium' },
    env: { EXPORT_DAILY_LIMIT: '10000000' },
  });

  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pickIds = () => {
    const ids = new Set<number>();
    while (ids.size < BATCH) ids.add(1 + Math.floor(random() * ROWS));
    return [...ids];
  };
  const exportOnce = async (format: (typeof FORMATS)[number]) => {
    const { ms, cpuMs, bytes } = await call('POST', '/api/exports', { physicianIds: pickIds(), format });
    return { ms, cpuMs, bytes: bytes.byteLength };
  };

  const results = [];
  for (const format of FORMATS) {
    for (let i = 0; i < 3; i++) await exportOnce(format); // warm-up
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const heapBefore = process.memoryUsage().heapUsed;
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const run = await exportOnce(format);
      times.push(run.ms);
      cpuTimes.push(run.cpuMs);
      bytes = run.bytes;
    }
    global.gc?.();
    const memory = process.memoryUsage();
    results.push({
      engine: engine.name,
      format,
      runs: RUNS,
      p50Ms: Math.round(percentile(times, 50)),
      p95Ms: Math.round(percentile(times, 95)),
      maxMs: Math.round(Math.max(...times)),
      cpuP50Ms: Math.round(percentile(cpuTimes, 50)),
      cpuP95Ms: Math.round(percentile(cpuTimes, 95)),
      fileKb: Math.round(bytes / 1024),
      rssDeltaMb: Number(mb(memory.rss - rssBefore).toFixed(1)),
      heapDeltaMb: Number(mb(memory.heapUsed - heapBefore).toFixed(1)),
      pass: percentile(times, 95) < 1000,
    });
  }
  return results;
}

const results = [];
for (const open of benchEngines('exports')) {
  const engine = await open();
  try {
    process.stderr.write(
      `${engine.name}: ${ROWS.toLocaleString('en-US')} physicians, ${RUNS} runs a format...\n`,
    );
    results.push(...(await bench(engine)));
  } finally {
    await engine.close();
  }
}

console.log(
  `\nExport of ${BATCH} physicians (directory of ${ROWS.toLocaleString('en-US')}, ${RUNS} runs each)\n`,
);
printTable([
  [
    'engine',
    'format',
    'p50 ms',
    'p95 ms',
    'max ms',
    'CPU p50 ms',
    'CPU p95 ms',
    'file KB',
    'RSS delta MB',
    'heap delta MB',
    'target p95',
    'met',
  ],
  ...results.map((r) => [
    r.engine,
    r.format,
    String(r.p50Ms),
    String(r.p95Ms),
    String(r.maxMs),
    String(r.cpuP50Ms),
    String(r.cpuP95Ms),
    String(r.fileKb),
    String(r.rssDeltaMb),
    String(r.heapDeltaMb),
    '< 1000',
    r.pass ? 'yes' : 'NO',
  ]),
]);
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  `bench/results/exports-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  JSON.stringify({ rows: ROWS, batch: BATCH, results }, null, 2),
);
process.exit(0);
