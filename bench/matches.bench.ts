/*
 * List matching benchmark (`npm run bench:matches`): prints a table, never asserts timings.
 *
 * Per engine (PGlite; PostgreSQL too when DATABASE_URL is set) it loads the demo directory
 * (BENCH_ROWS, default 300,000), then uploads a recruiter's list of BENCH_LIST_ROWS (default
 * 10,000) rows derived from it (every 5th row a clean name and place, then nicknames and
 * initials, 'Dr.'/'MD' full names, misspelt cities, bare NPIs) through the HTTP app as a Monthly
 * user, and measures the time from the upload to 'done' (GET /api/matches/{id} polled every
 * 50 ms), the event loop's longest stall meanwhile (a request waits at most that long), and the
 * outcomes. Prints the load average beside the figures.
 *
 * Then hostile uploads (docs/decisions/048-spreadsheets-read-with-limits.md) against a real server
 * process (PGlite): the security review's workbook (2.2 million rows, 500 MB unzipped, 2 MB on
 * disk), the same claiming 90 MB (read until its 10,001st row), its CSV line of 4 million commas,
 * one shared text repeated in 500,000 cells, and the largest lists allowed, one and three at once,
 * each 3 times, while `GET /api/health` is sent every 10 ms: its p99 and max (what any other
 * request waited), the server's longest event-loop delay, and its resident memory before and at
 * most. `--hostile-only` runs only these, `--no-hostile` skips them; BENCH_HOSTILE_ONLY=<regex>
 * keeps the uploads whose name matches, BENCH_HOSTILE_ROUNDS (3) sets the rounds.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { benchEngines, createBenchApp, percentile, printTable, type BenchEngine } from './bench-db';
import { loadDemoDirectory } from '../server/db/seed/demo';
import { generatePhysicians } from '../server/db/seed/generator';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/errors';
import { SESSION_COOKIE, createSession } from '../server/features/auth/session';
import { createTestUser } from '../server/test/harness';
import { prepareServerDatabase, rssMb, startServer, stopServer, waitFor } from '../server/test/support/server-process';
import type { EventLoopStats } from '../server/lib/event-loop-stats';
import { commaCsv, hostileWorkbook, inlineRow, xlsxOf } from '../server/test/support/matches/xlsx-files';

const ROWS = Number(process.env.BENCH_ROWS ?? 300_000);
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 10_000);
const HOSTILE_ONLY = new RegExp(process.env.BENCH_HOSTILE_ONLY ?? '');
const HOSTILE_ROUNDS = Number(process.env.BENCH_HOSTILE_ROUNDS ?? 3);
const NICK: Record<string, string> = { robert: 'Bob', william: 'Bill', elizabeth: 'Liz', james: 'Jim', michael: 'Mike', jennifer: 'Jen', richard: 'Rick', thomas: 'Tom' };

function listCsv(): string {
  const lines = ['NPI,Name,First Name,Last Name,City,State,Specialty'];
  const quote = (v: string) => (/[",]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const step = Math.max(1, Math.floor(ROWS / LIST_ROWS));
  let i = 0;
  for (const p of generatePhysicians({ count: ROWS })) {
    if (p.id % step !== 0 || i >= LIST_ROWS) continue;
    const kind = i++ % 5;
    const first = kind === 1 ? (NICK[p.firstName.toLowerCase()] ?? `${p.firstName[0]}.`) : p.firstName;
    const city = kind === 3 ? p.city.slice(0, 2) + p.city[3] + p.city[2] + p.city.slice(4) : p.city;
    const row =
      kind === 2
        ? ['', `Dr. ${p.firstName} ${p.lastName}, MD`, '', '', p.city, p.state, p.specialty]
        : kind === 4
          ? [p.npi, '', '', '', '', '', '']
          : ['', '', first, p.lastName, city, p.state, p.specialty];
    lines.push(row.map(quote).join(','));
  }
  return lines.join('\n') + '\n';
}

async function bench(engine: BenchEngine): Promise<string[][]> {
  await loadDemoDirectory(engine.driver, { count: ROWS });
  const { app, services, user } = await createBenchApp(engine.db, { user: { tier: 'basic' } });
  const { token } = await createSession(engine.db, user.id);
  const headers = { cookie: `${SESSION_COOKIE}=${token}`, [CSRF_HEADER]: CSRF_HEADER_VALUE };
  const csv = listCsv();
  const loadBefore = loadavg()[0];
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([csv]), 'list.csv');
  const created = await app.request('/api/matches', { method: 'POST', body: form, headers });
  if (created.status !== 202) throw new Error(`upload: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const uploadMs = performance.now() - started;
  let job: { status: string; counts: Record<string, number> };
  for (;;) {
    const res = await app.request(`/api/matches/${id}`, { headers });
    job = (await res.json()) as typeof job;
    if (job.status === 'done' || job.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const totalMs = performance.now() - started;
  delay.disable();
  await services.jobs.stop();
  return [
    [
      engine.name,
      ROWS.toLocaleString('en-US'),
      LIST_ROWS.toLocaleString('en-US'),
      (uploadMs / 1000).toFixed(2),
      (totalMs / 1000).toFixed(2),
      (delay.max / 1e6).toFixed(0),
      `${job.counts.matched} / ${job.counts.ambiguous} / ${job.counts.none}`,
      '< 10 s',
      totalMs < 10_000 ? 'yes' : 'NO',
      `${loadBefore.toFixed(2)} -> ${loadavg()[0].toFixed(2)}`,
    ],
  ];
}

type Upload = { name: string; bytes: Buffer; path: '/api/matches' | '/api/matches/preview' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The largest list allowed: 10,000 rows of 50 columns (the first three named to be matched on). */
function largestList(): { csv: Buffer; xlsx: Buffer } {
  const header = ['NPI', 'First Name', 'Last Name', ...Array.from({ length: 47 }, (_, i) => `Extra ${i + 4}`)];
  const rows = Array.from({ length: 10_000 }, (_, r) => header.map((_, c) => `value ${r}-${c}`));
  return {
    csv: Buffer.from([header, ...rows].map((row) => row.join(',')).join('\n')),
    xlsx: xlsxOf({ rows: [header, ...rows].map(inlineRow).join('') }),
  };
}

/**
 * `GET /api/health` every 10 ms from a worker thread: its own event loop, so the uploads this
 * process builds and sends never delay a check (what it measures is the server, and the cores).
 */
async function healthPinger(url: string): Promise<{ stop: () => Promise<number[]> }> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let running = true;
    const latencies = [];
    parentPort.on('message', () => (running = false));
    (async () => {
      await fetch(workerData.url).then((res) => res.arrayBuffer()); // warm: a worker's first fetch loads undici
      parentPort.postMessage('ready');
      while (running) {
        const started = performance.now();
        await fetch(workerData.url).then((res) => res.arrayBuffer(), () => null);
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      parentPort.postMessage(latencies);
    })();`,
    { eval: true, workerData: { url } },
  );
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const result = new Promise<number[]>((resolve, reject) => {
    worker.once('message', (latencies: number[]) => void worker.terminate().then(() => resolve(latencies)));
    worker.once('error', reject);
  });
  return {
    stop: () => {
      worker.postMessage('stop');
      return result;
    },
  };
}

/** The server's longest event-loop delay since the last call (EVENT_LOOP_STATS_FILE, on SIGUSR2), in ms. */
async function loopMaxMs(pid: number, file: string): Promise<number> {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  await waitFor('the event-loop statistics', async () => existsSync(file), 180_000);
  return (JSON.parse(readFileSync(file, 'utf8')) as EventLoopStats).max;
}

/** Whether the process has a handler for SIGUSR2 yet (bit 12 of SigCgt in /proc/<pid>/status). */
function catchesSigusr2(pid: number): boolean {
  const caught = /^SigCgt:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return caught !== undefined && (BigInt(`0x${caught}`) & (1n << 11n)) !== 0n;
}

async function hostileBench(): Promise<string[][]> {
  const { driver, db, serverEnv, drop } = await prepareServerDatabase({ engine: 'pglite', rows: 1_000, name: 'bench-matches-hostile' });
  const user = await createTestUser(db, { tier: 'basic' });
  const { token } = await createSession(db, user.id);
  await driver.close();
  const statsFolder = mkdtempSync(join(tmpdir(), 'bench-matches-loop-'));
  const statsFile = join(statsFolder, 'event-loop.json');
  const server = await startServer({ ...serverEnv, RATE_LIMIT_FACTOR: '1000', EVENT_LOOP_STATS_FILE: statsFile });
  const pid = server.child.pid!;
  await waitFor('the server catching SIGUSR2', async () => catchesSigusr2(pid), 30_000);
  const headers = { cookie: `${SESSION_COOKIE}=${token}`, [CSRF_HEADER]: CSRF_HEADER_VALUE };
  const largest = largestList();
  const amplified = xlsxOf({
    rows: inlineRow(['Last']),
    repeat: { row: `<row>${'<c t="s"><v>0</v></c>'.repeat(50)}</row>`, times: 10_000 },
    sharedStrings: ['z'.repeat(1_000)],
  });
  const scenarios: Array<[string, Upload, number[]]> = [
    ["review's workbook: 2.2 M rows, 500 MB unzipped (sizes declared)", { name: 'rows.xlsx', bytes: hostileWorkbook(), path: '/api/matches/preview' }, [1, 3]],
    ['the same claiming 90 MB (read to row 10,001)', { name: 'rows.xlsx', bytes: hostileWorkbook({ sheetDeclaredSize: 90 * 1024 * 1024 }), path: '/api/matches/preview' }, [1, 3]],
    ["review's CSV: a line of 4 M commas (preview)", { name: 'commas.csv', bytes: commaCsv(), path: '/api/matches/preview' }, [1, 3]],
    ["review's CSV: a line of 4 M commas (create)", { name: 'commas.csv', bytes: commaCsv(), path: '/api/matches' }, [1, 3]],
    ['one shared text in 500,000 cells (500 M characters)', { name: 'amplified.xlsx', bytes: amplified, path: '/api/matches/preview' }, [1, 3]],
    ['largest allowed CSV: 10,000 rows x 50 columns', { name: 'largest.csv', bytes: largest.csv, path: '/api/matches/preview' }, [1, 3]],
    ['largest allowed XLSX: 10,000 rows x 50 columns', { name: 'largest.xlsx', bytes: largest.xlsx, path: '/api/matches/preview' }, [1, 3]],
  ];
  const rows: string[][] = [];
  try {
    for (const [name, file, counts] of scenarios.filter(([name]) => HOSTILE_ONLY.test(name))) {
      for (const atOnce of counts) {
        process.stderr.write(`hostile: ${name}, ${atOnce} at once...\n`);
        await sleep(500);
        const loadBefore = loadavg()[0];
        const rssBefore = await rssMb(pid);
        await loopMaxMs(pid, statsFile);
        let rssMax = rssBefore;
        let running = true;
        const pinger = await healthPinger(`${server.url}/api/health`);
        const memory = (async () => {
          while (running) {
            rssMax = Math.max(rssMax, await rssMb(pid));
            await sleep(25);
          }
        })();
        await sleep(50);
        const answers = new Set<string>();
        let slowestMs = 0;
        for (let round = 0; round < HOSTILE_ROUNDS; round++) {
          await Promise.all(
            Array.from({ length: atOnce }, async () => {
              const form = new FormData();
              form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
              const started = performance.now();
              try {
                const res = await fetch(`${server.url}${file.path}`, { method: 'POST', body: form, headers });
                const body = (await res.json()) as { error?: { fields?: { file?: string } }; rows?: number };
                answers.add(`${res.status} ${body.error?.fields?.file?.replace(/;.*$/, '') ?? `${body.rows} rows`}`);
              } catch (error) {
                // A server that stalls past its request timeout drops the connection: say so.
                answers.add(`no answer (${String((error as { cause?: { code?: string } }).cause?.code ?? error)})`);
              }
              slowestMs = Math.max(slowestMs, performance.now() - started);
            }),
          );
        }
        await sleep(50);
        running = false;
        const [latencies] = await Promise.all([pinger.stop(), memory]);
        const loopMax = await loopMaxMs(pid, statsFile);
        const sorted = [...latencies].sort((a, b) => a - b);
        const max = sorted.at(-1) ?? NaN;
        rows.push([
          name,
          `${(file.bytes.length / 1024 / 1024).toFixed(1)} MB`,
          String(atOnce),
          [...answers].join(' / '),
          (slowestMs / 1000).toFixed(2),
          String(latencies.length),
          percentile(sorted, 99).toFixed(1),
          max.toFixed(1),
          max < 100 ? 'yes' : 'NO',
          loopMax.toFixed(1),
          `${rssBefore} -> ${rssMax}`,
          `${loadBefore.toFixed(2)} -> ${loadavg()[0].toFixed(2)}`,
        ]);
      }
    }
  } finally {
    await stopServer(server.child);
    await drop();
    rmSync(statsFolder, { recursive: true, force: true });
  }
  return rows;
}

if (!process.argv.includes('--hostile-only')) {
  const table: string[][] = [
    ['engine', 'directory', 'list rows', 'upload s', 'to done s', 'max loop stall ms', 'matched / ambiguous / none', 'target', 'met', 'load avg (1 min)'],
  ];
  for (const open of benchEngines('matches')) {
    const engine = await open();
    try {
      process.stderr.write(`${engine.name}: ${ROWS.toLocaleString('en-US')} physicians, a list of ${LIST_ROWS.toLocaleString('en-US')} rows...\n`);
      table.push(...(await bench(engine)));
    } finally {
      await engine.close();
    }
  }
  printTable(table);
}
if (!process.argv.includes('--no-hostile')) {
  const table: string[][] = [
    ['upload', 'file', 'at once', 'answer', 'slowest upload s', 'health checks', 'health p99 ms', 'health max ms', '< 100 ms', 'server loop max ms', 'server RSS MB (before -> max)', 'load avg (1 min)'],
  ];
  table.push(...(await hostileBench()));
  printTable(table);
}
process.exit(0);
