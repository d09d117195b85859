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
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { benchEngines, createBenchApp, printTable, type BenchEngine } from './bench-db';
import { loadDemoDirectory } from '../server/db/seed/demo';
import { generatePhysicians } from '../server/db/seed/generator';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/errors';
import { SESSION_COOKIE, createSession } from '../server/features/auth/session';

const ROWS = Number(process.env.BENCH_ROWS ?? 300_000);
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 10_000);
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
  await services.matchWorker.stop();
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
process.exit(0);
