/*
 * Load benchmark (`npm run bench:load`): a recruiting team's mix of calls against a real
 * server process for BENCH_LOAD_SECONDS (60) on PGlite, and on PostgreSQL when DATABASE_URL is set.
 * Prints a table: throughput, p50/p95/p99 per kind of call, errors (must be 0) and the server's
 * memory before and after (growth beyond its caches would show here). Never asserts a timing.
 *
 * The mix per request, drawn at random (the ratio of a team at work: mostly searching and reading
 * profiles, some reveals and list adds, a few exports):
 *   55 % search (a word, a specialty, a state, a page), 20 % profile read, 10 % contact reveal,
 *   10 % add 5 physicians to the user's list, 5 % export 25 physicians as CSV.
 * BENCH_LOAD_USERS (40) premium recruiters, each with its own session and list, spread the calls.
 * Each call carries a browser's Accept-Encoding, so answers of 1 KB or more come back compressed.
 *
 * Then the hostile scenarios (ADR 027), each for BENCH_HOSTILE_SECONDS (20) with
 * BENCH_HOSTILE_CONNECTIONS (20) anonymous connections, half to the facets and half to the search:
 * 100 one-letter words (what cost 1.3-1.6 s a request before the query bound; now a 400), and the
 * worst query allowed (10 random one-letter words, so no cache helps, with broad filters). Beside
 * every scenario, the normal mix included: GET /api/health latency (a probe every 20 ms) and the
 * server's event-loop delay (monitorEventLoopDelay in the server, read through
 * EVENT_LOOP_STATS_FILE). `--no-mix` runs the hostile scenarios only, `--no-hostile` the mix only,
 * `--no-pglite` PostgreSQL only.
 *
 * On PostgreSQL the mix runs once per entry of BENCH_LOAD_PROCESSES (default '1,2'): the server
 * with WEB_CONCURRENCY processes on one port (ADR 038); the event-loop delay is then the worst of
 * the processes, the memory their sum. The hostile scenarios run with one process.
 */
import { readFileSync, readdirSync, rmSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import {
  COMPANY_SIZE_BUCKETS,
  LANGUAGES,
  SPECIALTIES as SPECIALTY_OPTIONS,
  US_STATES,
} from '../contract/directory-options';
import type { EventLoopStats } from '../server/lib/event-loop-stats';
import { loadEnv } from '../server/lib/env';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/errors';
import { createSession, SESSION_COOKIE } from '../server/features/auth/session';
import { createTestUser } from '../server/test/harness';
import { prepareServerDatabase, rssMb, serverWorkers, startServer, stopServer, waitFor } from '../server/test/support/server-process';
import { percentile } from './bench-db';

const ROWS = Number(process.env.BENCH_ROWS ?? 300_000);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 40);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 16);
const PG_URL = process.env.DATABASE_URL;
/**
 * What Chrome and Firefox send: the mix's answers are compressed as a browser gets them (ADR 046:
 * without it, the bench had measured about half of what a browser's search cost the server).
 */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const HOSTILE_SECONDS = Number(process.env.BENCH_HOSTILE_SECONDS ?? 20);
const HOSTILE_CONNECTIONS = Number(process.env.BENCH_HOSTILE_CONNECTIONS ?? 20);
const RUN_MIX = !process.argv.includes('--no-mix');
const RUN_PGLITE = !process.argv.includes('--no-pglite');
const RUN_HOSTILE = !process.argv.includes('--no-hostile');
const PROCESSES = (process.env.BENCH_LOAD_PROCESSES ?? '1,2').split(',').map(Number);

type Prepared = { engine: string; serverEnv: Record<string, string>; drop(): Promise<void> };
type Recruiter = { cookie: string; listId: string; team: boolean };
/**
 * BENCH_LOAD_TEAM_SIZE (0: off): the second half of the recruiters work in teams of that many (an
 * owner whose plan has that many seats, the rest members, each list shared with the team: ADR
 * 061), the first half alone. Their calls are timed apart ('reveal (team)'...), in the same run:
 * what the team rules (the pooled day, the caps, the teammate's free reveal, usage counts) cost.
 */
const TEAM_SIZE = Number(process.env.BENCH_LOAD_TEAM_SIZE ?? 0);

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
  let teamId: string | null = null;
  for (let i = 0; i < USERS; i++) {
    const user = await createTestUser(db, { tier: 'premium', email: `load-${i}-${Date.now()}@example.com` });
    const { token } = await createSession(db, user.id);
    const inTeam = TEAM_SIZE > 0 && i >= Math.floor(USERS / 2);
    if (inTeam) {
      const place = (i - Math.floor(USERS / 2)) % TEAM_SIZE;
      if (place === 0) {
        teamId = (await db.sql.query<{ id: string }>(`INSERT INTO teams (name) VALUES ($1) RETURNING id`, [`Load team ${i}`])).rows[0].id;
        await db.sql.query('UPDATE subscriptions SET seats = $2 WHERE user_id = $1', [user.id, TEAM_SIZE]);
      }
      await db.sql.query('INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3)', [teamId, user.id, place === 0 ? 'owner' : 'member']);
    }
    const { rows } = await db.sql.query<{ id: string }>(
      'INSERT INTO physician_lists (user_id, name, team_id) VALUES ($1, $2, $3) RETURNING id::text AS id',
      [user.id, `Load list ${i}`, inTeam ? teamId : null],
    );
    recruiters.push({ cookie: `${SESSION_COOKIE}=${token}`, listId: rows[0].id, team: inTeam });
  }
  const { rows } = await db.sql.query<{ max: number }>('SELECT max(id)::int AS max FROM physicians');
  await driver.close();
  return { prepared, recruiters, maxId: rows[0].max };
}

const WORDS = ['smith', 'card', 'john', 'maria', 'ortho', 'neuro', 'garcia', 'patel', 'surg', 'health'];
const SPECIALTIES = ['Cardiology', 'Pediatrics', 'Family Medicine', 'Internal Medicine', 'Psychiatry'];
const STATES = ['TX', 'CA', 'NY', 'FL', 'MA', 'IL'];

type Kind = 'search' | 'profile' | 'reveal' | 'list add' | 'export';
const DEFAULT_MIX: Array<[Kind, number]> = [
  ['search', 55],
  ['profile', 20],
  ['reveal', 10],
  ['list add', 10],
  ['export', 5],
];

/**
 * BENCH_LOAD_MIX ('search=100', 'reveal=50,export=50'...) replaces the mix: what one kind of call
 * costs on its own (the CPU table below is per request). Weights are relative.
 */
function readMix(text: string | undefined): Array<[Kind, number]> {
  if (!text) return DEFAULT_MIX;
  const kinds = DEFAULT_MIX.map(([kind]) => kind);
  return text.split(',').map((part) => {
    const [name, weight] = part.split('=');
    const kind = name.replace('-', ' ');
    if (!kinds.includes(kind as Kind) || !(Number(weight) > 0)) {
      throw new Error(`BENCH_LOAD_MIX: '${part}' is not <kind>=<weight> with a kind of ${kinds.join(', ').replace(' ', '-')}`);
    }
    return [kind as Kind, Number(weight)];
  });
}

const MIX = readMix(process.env.BENCH_LOAD_MIX);
/**
 * BENCH_LOAD_KIND_SECONDS (0: off): with one process, after the mix, each kind of call alone for
 * that long on the same server, with its CPU per request (what a change to one kind saves).
 */
const KIND_SECONDS = Number(process.env.BENCH_LOAD_KIND_SECONDS ?? 0);

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)];
}

function kindOf(mix: Array<[Kind, number]>): Kind {
  let roll = Math.random() * mix.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [kind, weight] of mix) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return mix[mix.length - 1][0];
}

/**
 * Sends SIGUSR2 to each server process and reads the event-loop delays they write (since the
 * last read): one process writes `file`, the workers of WEB_CONCURRENCY `file.<pid>`. With several,
 * the worst delay and the longest slice of any of them.
 */
async function loopStats(pids: number[], file: string): Promise<EventLoopStats> {
  const files = pids.length === 1 ? [file] : pids.map((pid) => `${file}.${pid}`);
  for (const f of files) rmSync(f, { force: true });
  for (const pid of pids) process.kill(pid, 'SIGUSR2');
  const read: EventLoopStats[] = [];
  for (const f of files) {
    for (let i = 0; i < 200 && !existsSync(f); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    read.push(JSON.parse(readFileSync(f, 'utf8')) as EventLoopStats);
  }
  return read.reduce((worst, next) => {
    const out = { ...worst } as Record<string, number>;
    for (const [key, value] of Object.entries(next)) if (typeof value === 'number') out[key] = Math.max(out[key] ?? value, value);
    return out as unknown as EventLoopStats;
  });
}

/** Whether the process has a handler for SIGUSR2 (bit 12 of SigCgt in /proc/<pid>/status). */
function catchesSigusr2(pid: number): boolean {
  try {
    const caught = /^SigCgt:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return caught !== undefined && (BigInt(`0x${caught}`) & (1n << 11n)) !== 0n;
  } catch {
    return false;
  }
}

/** GET /api/health every 20 ms until stopped; the latencies (ms). */
function probeHealth(url: string): { stop: () => Promise<number[]> } {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      try {
        const res = await fetch(`${url}/api/health`);
        await res.arrayBuffer();
        samples.push(performance.now() - start);
      } catch {
        samples.push(Number.POSITIVE_INFINITY);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return samples;
    },
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const letters = (count: number) => Array.from({ length: count }, () => pick([...LETTERS])).join(' ');
/** Filters that keep most rows and each add a row set to the facets (every one is a facet filter). */
function worstFilters(): Record<string, string> {
  return {
    specialty: SPECIALTY_OPTIONS.slice(0, 40).join(','),
    state: US_STATES.slice(0, 50)
      .map((s) => s.code)
      .join(','),
    language: LANGUAGES.slice(0, 20).join(','),
    skills: `${pick([...LETTERS])},${pick([...LETTERS])}`,
    source: 'demo,nppes,dac,resume',
    companySize: COMPANY_SIZE_BUCKETS.join(','),
    education: 'MD,PhD,MBA,MS,BS',
    title: pick([...LETTERS]),
    graduationYearMin: '1950',
  };
}

type Scenario = { name: string; path: () => string };
const HOSTILE: Scenario[] = [
  {
    name: 'hostile: 100 one-letter words (400 now)',
    path: () => `?${new URLSearchParams({ query: letters(100) })}`,
  },
  {
    name: 'hostile: worst allowed (10 words + filters)',
    path: () => `?${new URLSearchParams({ query: letters(10), ...worstFilters() })}`,
  },
];

type ScenarioResult = {
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
  health: number[];
  loop: EventLoopStats;
};

/** One hostile scenario: anonymous connections alternating facets and search, health probed beside. */
async function hostile(
  url: string,
  pid: number[],
  statsFile: string,
  scenario: Scenario,
): Promise<ScenarioResult> {
  const statuses: Record<string, number> = {};
  let turn = 0;
  await loopStats(pid, statsFile);
  const probe = probeHealth(url);
  const result = await autocannon({
    url,
    connections: HOSTILE_CONNECTIONS,
    duration: HOSTILE_SECONDS,
    timeout: 60,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          method: 'GET',
          path: `${turn++ % 2 === 0 ? '/api/directory/facets' : '/api/physicians'}${scenario.path()}`,
        }),
        onResponse: (status: number) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
        },
      },
    ],
  });
  const health = await probe.stop();
  const loop = await loopStats(pid, statsFile);
  return {
    scenario: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    statuses,
    health,
    loop,
  };
}

/**
 * What a run leaves behind and the next run's requests read (list members, reveals, reports and export
 * logs counted, audit rows, rate-limit windows), emptied before each run with the server stopped:
 * otherwise whichever run comes second pays for the first one's rows.
 */
async function resetActivity(engine: 'PGlite' | 'PostgreSQL', serverEnv: Record<string, string>): Promise<void> {
  const driver =
    engine === 'PGlite'
      ? await (await import('../server/db/pglite-driver')).openPgliteDriver({ dataDir: join(serverEnv.DATA_DIR, 'pglite') })
      : (await import('../server/db/pg-driver')).openPgDriver({ connectionString: serverEnv.DATABASE_URL, max: 1 });
  try {
    await driver.exec('TRUNCATE list_members, contact_reports, contact_reveals, export_logs, audit_events, rate_limit_hits, usage_daily');
  } finally {
    await driver.close();
  }
}

async function run(
  engine: 'PGlite' | 'PostgreSQL',
  database: { prepared: Prepared; recruiters: Recruiter[]; maxId: number },
  processes: number,
) {
  const { prepared, recruiters, maxId } = database;
  await resetActivity(engine, prepared.serverEnv);
  const statsFile = join(mkdtempSync(join(tmpdir(), 'bench-load-loop-')), 'event-loop.json');
  const server = await startServer({
    ...prepared.serverEnv,
    RATE_LIMIT_FACTOR: '1000',
    REVEAL_DAILY_LIMIT: '1000000',
    EXPORT_DAILY_LIMIT: '10000000',
    EVENT_LOOP_STATS_FILE: statsFile,
    WEB_CONCURRENCY: String(processes),
  });
  // The first process to listen answers the start; the others may still be loading their modules,
  // and a SIGUSR2 before their handler is set would end them: wait until each one catches it.
  const pid = await waitFor(
    `${processes} server processes catching SIGUSR2`,
    async () => {
      const found = processes > 1 ? serverWorkers(server.child.pid!) : [server.child.pid!];
      return found.length === processes && found.every(catchesSigusr2) ? found : undefined;
    },
    60_000,
  );
  const memory = async () => (await Promise.all([server.child.pid!, ...(processes > 1 ? pid : [])].map(rssMb))).reduce((a, b) => a + b, 0);
  const scenarios: ScenarioResult[] = [];
  // Per kind of call, and with BENCH_LOAD_TEAM_SIZE per kind for the recruiters in teams.
  const latencies = new Map<string, number[]>(
    MIX.flatMap(([kind]): Array<[string, number[]]> => (TEAM_SIZE > 0 ? [[kind, []], [`${kind} (team)`, []]] : [[kind, []]])),
  );
  const statuses = new Map<string, number>();
  const id = () => 1 + Math.floor(Math.random() * maxId);
  let measuring = false;
  let mix = MIX;
  try {
    const requests: AutocannonRequest[] = [
      {
        // The context is the connection's own (one request in flight per connection): the kind and
        // start of its request, read back in onResponse.
        setupRequest: (request, context: Record<string, unknown>) => {
          const kind = kindOf(mix);
          context.kind = kind;
          context.start = performance.now();
          const who = pick(recruiters);
          context.team = who.team;
          const headers = {
            ...request.headers,
            cookie: who.cookie,
            [CSRF_HEADER]: CSRF_HEADER_VALUE,
            'content-type': 'application/json',
            'accept-encoding': BROWSER_ACCEPT_ENCODING,
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
          latencies.get(context.team ? `${kind} (team)` : kind)?.push(performance.now() - (context.start as number));
          const key = `${kind} ${status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        },
      },
    ];
    // Warm-up (index, caches, JIT), then memory is read before the measured run.
    await autocannon({ url: server.url, connections: 8, duration: 5, requests });
    const rssBefore = await memory();
    let result: AutocannonResult | null = null;
    let cpu: ReturnType<typeof split.stop> | null = null;
    const split = cpuSplit(() => [server.child.pid!, ...(processes > 1 ? pid : [])], engine);
    if (RUN_MIX) {
      await loopStats(pid, statsFile);
      const probe = probeHealth(server.url);
      split.start();
      measuring = true;
      result = await autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests,
      });
      measuring = false;
      cpu = split.stop(result.requests.total);
      scenarios.push({
        scenario: 'normal mix',
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        statuses: {},
        health: await probe.stop(),
        loop: await loopStats(pid, statsFile),
      });
    }
    const kinds: Array<{ kind: Kind; requestsPerSecond: number } & ReturnType<typeof split.stop>> = [];
    if (processes === 1 && KIND_SECONDS > 0) {
      for (const [kind] of DEFAULT_MIX) {
        mix = [[kind, 1]];
        split.start();
        const alone = await autocannon({ url: server.url, connections: CONNECTIONS, duration: KIND_SECONDS, requests });
        kinds.push({ kind, requestsPerSecond: Math.round(alone.requests.average), ...split.stop(alone.requests.total) });
        if (alone.non2xx + alone.errors > 0) console.log(`${kind} alone: ${alone.non2xx} non-2xx, ${alone.errors} errors`);
      }
      mix = MIX;
    }
    if (processes === 1 && RUN_HOSTILE) for (const scenario of HOSTILE) scenarios.push(await hostile(server.url, pid, statsFile, scenario));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssAfter = await memory();
    const failed = [...statuses].filter(([key]) => !/ 2\d\d$/.test(key));
    return {
      engine,
      processes,
      result,
      latencies,
      rssBefore,
      rssAfter,
      failed,
      scenarios,
      cpu,
      kinds,
      readySeconds: server.readySeconds,
    };
  } finally {
    await stopServer(server.child);
  }
}

/** What each server process's loadEnv makes of DATABASE_POOL_SIZE (inherited from this process). */
function dbPoolSize(processes: number): number {
  return loadEnv({ DATABASE_URL: PG_URL, WEB_CONCURRENCY: String(processes), DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE })
    .DATABASE_POOL_SIZE;
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds used so far by each of `pids` (user + system; 0 for one that ended). */
function processCpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: state is 3rd, utime 14th, stime 15th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The PostgreSQL server's processes on this machine (postmaster and backends), by command name. */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(name));
    } catch {
      // ended
    }
  }
  return pids;
}

/** The machine's busy and total CPU milliseconds so far, over every core (/proc/stat). */
function machineCpuMs(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3] + fields[4];
  return { busy: ((total - idle) * 1000) / TICKS_PER_SECOND, total: (total * 1000) / TICKS_PER_SECOND };
}

/**
 * Where the machine's CPU went between `start()` and `stop()`: the server's processes, PostgreSQL's
 * (the backends that start during the run are counted from 0), this process (autocannon) and the
 * rest; per request, which says what a core of each would serve alone.
 */
function cpuSplit(serverPids: () => number[], engine: 'PGlite' | 'PostgreSQL') {
  const read = () => {
    const own = process.cpuUsage();
    return {
      server: processCpuMs(serverPids()),
      database: new Map((engine === 'PostgreSQL' ? postgresPids() : []).map((pid) => [pid, processCpuMs([pid])])),
      generator: (own.user + own.system) / 1000,
      machine: machineCpuMs(),
    };
  };
  let before = read();
  return {
    start() {
      before = read();
    },
    stop(requests: number) {
      const after = read();
      let database = 0;
      for (const [pid, ms] of after.database) database += ms - (before.database.get(pid) ?? 0);
      const server = after.server - before.server;
      const generator = after.generator - before.generator;
      const busy = after.machine.busy - before.machine.busy;
      const total = after.machine.total - before.machine.total;
      const perRequest = (ms: number) => Math.round((ms / Math.max(1, requests)) * 100) / 100;
      return {
        serverMsPerRequest: perRequest(server),
        databaseMsPerRequest: perRequest(database),
        generatorMsPerRequest: perRequest(generator),
        otherMsPerRequest: perRequest(Math.max(0, busy - server - database - generator)),
        machineBusyPercent: Math.round((busy / Math.max(1, total)) * 100),
      };
    },
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function main() {
  const engines: Array<'PGlite' | 'PostgreSQL'> = RUN_PGLITE ? ['PGlite'] : [];
  if (PG_URL) engines.push('PostgreSQL');
  const rows: Record<string, unknown>[] = [];
  const summaries: Record<string, unknown>[] = [];
  const scenarioRows: Record<string, unknown>[] = [];
  const cpuRows: Record<string, unknown>[] = [];
  const kindRows: Record<string, unknown>[] = [];
  const runs: Awaited<ReturnType<typeof run>>[] = [];
  for (const engine of engines) {
    const started = performance.now();
    const database = await prepare(engine);
    console.log(
      `${engine}: ${ROWS.toLocaleString('en-US')} physicians and ${USERS} recruiters ready in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    try {
      for (const processes of engine === 'PGlite' ? [1] : PROCESSES) runs.push(await run(engine, database, processes));
    } finally {
      await database.prepared.drop();
    }
  }
  for (const r of runs) {
    const engine = r.engine;
    for (const s of r.scenarios) {
      scenarioRows.push({
        engine,
        processes: r.processes,
        scenario: s.scenario,
        'req/s': s.requestsPerSecond,
        'p50 ms': s.p50Ms,
        'p99 ms': s.p99Ms,
        statuses: Object.entries(s.statuses)
          .map(([status, n]) => `${status}: ${n}`)
          .join(', '),
        'health p50 ms': round(percentile(s.health, 50)),
        'health p99 ms': round(percentile(s.health, 99)),
        'health max ms': round(Math.max(...s.health)),
        'loop p99 ms': s.loop.p99,
        'loop max ms': s.loop.max,
        'slice max ms (cpu)': `${s.loop.searchSliceMaxMs} (${s.loop.searchSliceMaxCpuMs})`,
      });
    }
    if (!r.result) continue;
    for (const [kind, samples] of r.latencies) {
      rows.push({
        engine,
        processes: r.processes,
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
      processes: r.processes,
      seconds: SECONDS,
      connections: CONNECTIONS,
      // The server's PostgreSQL connections per process: DATABASE_POOL_SIZE, or its default (ADR 047).
      dbPool: engine === 'PostgreSQL' ? dbPoolSize(r.processes) : '-',
      requestsPerSecond: Math.round(r.result.requests.average),
      p50Ms: r.result.latency.p50,
      p99Ms: r.result.latency.p99,
      errors: r.result.errors + r.result.timeouts + r.result.non2xx,
      loopP99Ms: r.scenarios.find((s) => s.scenario === 'normal mix')?.loop.p99,
      rssBeforeMb: r.rssBefore,
      rssAfterMb: r.rssAfter,
    });
    if (r.cpu) cpuRows.push({ engine, processes: r.processes, ...r.cpu });
    for (const k of r.kinds) kindRows.push({ engine, ...k });
    if (r.failed.length) console.log(`${engine}: non-2xx answers:`, Object.fromEntries(r.failed));
  }
  console.log(
    `\nLoad: a recruiting team's mix, ${ROWS.toLocaleString('en-US')} physicians, ${USERS} recruiters, real server process`,
  );
  if (summaries.length) {
    console.table(summaries);
    console.table(rows);
    console.log(
      "\nCPU ms per request of the mix: the server's processes, PostgreSQL's, the load generator (this process) and the rest of the machine; busy % of all cores",
    );
    console.table(cpuRows);
  }
  if (kindRows.length) {
    console.log(`\nEach kind of call alone, one process, ${KIND_SECONDS} s each: requests/s and CPU ms per request`);
    console.table(kindRows);
  }
  console.log(
    `\nBeside each scenario: /api/health latency (a probe every 20 ms), the server's event-loop delay (loop p99, max) and its longest slice of search work (wall and CPU ms); hostile: ${HOSTILE_CONNECTIONS} anonymous connections for ${HOSTILE_SECONDS} s`,
  );
  console.table(scenarioRows);
}

await main();
