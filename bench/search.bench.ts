/*
 * Directory search benchmark (`npm run bench`; bench/README.md). Prints a table and writes JSON
 * under bench/results/. Never asserts timings: it measures.
 *
 * For each engine it builds its own database (PGlite in a temporary DATA_DIR; PostgreSQL, when
 * DATABASE_URL is set, in schemas of its own), loads the demo directory, then measures:
 *   - every query shape of the search rules (docs/rules.md#search) through the HTTP app
 *     (app.request, as a premium user, the index's result cache off), plus specialty counts and facets;
 *   - the same shapes as naive SQL (naive-search.ts: ILIKE OR, exact count(*), OFFSET), checking
 *     that both give the same total and page;
 *   - throughput with autocannon against a real server process on that database.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { startServer, stopServer } from '../server/test/support/server-process';
import { SearchPhysiciansQuery } from '../contract/directory';
import { createApp } from '../server/app';
import { createDb, type Db } from '../server/db/client';
import type { SqlDriver } from '../server/db/driver';
import { migrate } from '../server/db/migrate';
import { openPgDriver } from '../server/db/pg-driver';
import { openPgliteDriver } from '../server/db/pglite-driver';
import { loadDemoDirectory } from '../server/db/seed/demo';
import { createSession, SESSION_COOKIE } from '../server/features/auth/session';
import { resolveSort, toCriteria, type SearchCriteria } from '../server/features/directory/search-index/query/criteria';
import { naiveSearch, naiveSearchSql } from '../server/test/support/directory/naive-search';
import { loadEnv } from '../server/lib/env';
import { createLogger } from '../server/lib/logger';
import { createServices } from '../server/services';
import { createTestUser } from '../server/test/harness';
import { tuneGarbageCollector } from '../server/lib/gc-tuning';

// The server's garbage-collector setting (ADR 043): the index here runs as in the server.
tuneGarbageCollector();
const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

const quick = args.has('--quick');
const ROWS = num('BENCH_ROWS', quick ? 50_000 : 300_000);
/** BENCH_PG_ROWS: the larger PostgreSQL sizes, comma-separated ('1000000,1500000'; 0 skips). */
const PG_BIG_ROWS =
  args.has('--no-big') || quick
    ? []
    : (process.env.BENCH_PG_ROWS ?? '1000000,1500000').split(',').map(Number).filter((n) => n > 0);
const RUN_STARTUP = !args.has('--no-startup');
const ITERATIONS = num('BENCH_ITERATIONS', quick ? 10 : 30);
const NAIVE_ITERATIONS = num('BENCH_NAIVE_ITERATIONS', 2);
const THROUGHPUT_SECONDS = num('BENCH_THROUGHPUT_SECONDS', quick ? 5 : 15);
const PG_URL = process.env.DATABASE_URL;
const RUN_PGLITE = !args.has('--no-pglite');
const RUN_PG = !!PG_URL && !args.has('--no-pg');
const RUN_THROUGHPUT = !args.has('--no-throughput');
/** BENCH_ONLY=<regular expression>: only the shapes whose name matches (e.g. 'radius'). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

import { pathOf, qs, SHAPES, type Params } from './search-shapes';
import { percentile } from './bench-db';

const stats = (samples: number[]) => ({
  p50: percentile(samples, 50),
  p95: percentile(samples, 95),
  max: Math.max(...samples),
  n: samples.length,
});

type Row = {
  shape: string;
  engine: string;
  rows: number;
  p50: number;
  p95: number;
  max: number;
  naiveP50: number | null;
  ratio: number | null;
  /** The best plain-PostgreSQL design (trigram GIN expression, btree filters, exact count). */
  bestP50: number | null;
  bestRatio: number | null;
  total: number | null;
  check: string;
};
type EngineReport = {
  engine: string;
  rows: number;
  loadSeconds: number | null;
  indexBuildSeconds: number;
  indexReloadSeconds: number;
  /** The index's typed arrays and dictionaries (DirectoryIndex.memoryBytes), MB. */
  indexMb: number;
  startup: Record<string, number | string> | null;
  rows_: Row[];
  all: { p50: number; p95: number; max: number };
  naiveAll: { p50: number; p95: number } | null;
  throughput: Record<string, unknown>[];
};

const log = (...parts: unknown[]) =>
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...parts);

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** The database of one run: PGlite in a temp DATA_DIR, or a schema of its own on PostgreSQL. */
type BenchDatabase = {
  engine: 'pglite' | 'postgres';
  driver: SqlDriver;
  db: Db;
  /** Environment for a server process on this same database. */
  serverEnv: Record<string, string>;
  close(): Promise<void>;
  drop(): Promise<void>;
};

async function pgliteDatabase(): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  const driver = await openPgliteDriver({ dataDir: join(dataDir, 'pglite') });
  await migrate(driver);
  let closed: Promise<void> | null = null;
  return {
    engine: 'pglite',
    driver,
    db: createDb(driver),
    serverEnv: { DATA_DIR: dataDir },
    close: () => (closed ??= driver.close()),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function pgDatabase(rows: number): Promise<BenchDatabase> {
  const schema = `bench_directory_${rows}`;
  const admin = openPgDriver({ connectionString: PG_URL!, max: 1 });
  await admin.exec(
    `DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}; CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`,
  );
  await admin.close();
  const driver = openPgDriver({ connectionString: PG_URL!, searchPath: `${schema},public`, max: 10 });
  await migrate(driver);
  const url = new URL(PG_URL!);
  url.searchParams.set('options', `-c search_path=${schema},public`);
  let closed: Promise<void> | null = null;
  return {
    engine: 'postgres',
    driver,
    db: createDb(driver),
    serverEnv: { DATABASE_URL: url.toString() },
    close: () => (closed ??= driver.close()),
    drop: async () => {
      const cleanup = openPgDriver({ connectionString: PG_URL!, max: 1 });
      await cleanup.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await cleanup.close();
    },
  };
}

async function benchEngine(
  database: BenchDatabase,
  rows: number,
  options: { naiveShapes: 'all' | 'some' },
): Promise<EngineReport> {
  const label = `${database.engine} ${rows.toLocaleString('en-US')}`;
  log(`${label}: loading the demo directory`);
  const load = await timed(() => loadDemoDirectory(database.driver, { count: rows }));
  log(`${label}: loaded in ${(load.ms / 1000).toFixed(1)} s; building the index`);
  if (database.engine === 'postgres') {
    const made = await timed(() => createBestPlainDesign(database.db));
    log(`${label}: best plain-PostgreSQL design (trigram GIN + btree indexes) built in ${(made.ms / 1000).toFixed(1)} s`);
  }

  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DEMO_DIRECTORY_SIZE: '0',
    APP_URL: 'http://localhost:3000',
    MAIL_OUTBOX_ONLY: '1',
    BILLING_DEMO: '1',
    // One user sends every measured request: the per-user search limit (120 a minute) would stop it.
    RATE_LIMIT_FACTOR: '1000',
  });
  const base = { db: database.db, env, logger: createLogger('silent', false) };
  const built = await timed(() => createServices(base));
  const services = built.value;
  const directory = services.directory;
  const reload = await timed(() => directory.directoryChanged());
  log(
    `${label}: index built in ${(built.ms / 1000).toFixed(1)} s (reload ${(reload.ms / 1000).toFixed(1)} s), ${(directory.index.memoryBytes / 1e6).toFixed(0)} MB`,
  );

  const app = createApp({ deps: { ...base, services } });
  const user = await createTestUser(database.db, {
    tier: 'premium',
    email: `bench-${Date.now()}@example.com`,
  });
  const { token } = await createSession(database.db, user.id);
  const headers = { cookie: `${SESSION_COOKIE}=${token}` };

  // Uncached: every measured request does the whole search.
  directory.index.cacheSize = 0;
  const report: Row[] = [];
  const allSamples: number[] = [];
  const naiveSamples: number[] = [];
  for (const shape of SHAPES.filter((s) => !ONLY || ONLY.test(s.name))) {
    const path = pathOf(shape);
    const samples: number[] = [];
    let body: { total?: number; results?: { id: number }[]; correctedQuery?: string | null } = {};
    for (let i = -2; i < ITERATIONS; i++) {
      directory.index.clearCache();
      if (shape.afterSearch) {
        const search = await app.request(`/api/physicians?${qs(shape.facets!)}`, { headers });
        if (search.status !== 200) throw new Error(`search before ${path}: HTTP ${search.status}`);
        await search.arrayBuffer();
      }
      const { value, ms } = await timed(async () => {
        const res = await app.request(path, { headers });
        if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
        return res.json();
      });
      if (i >= 0) samples.push(ms);
      body = value;
    }
    if (shape.params) allSamples.push(...samples);

    // The second baseline (PostgreSQL): the best plain design, in this run's schema.
    let bestP50: number | null = null;
    // (The best plain design has no radius or sub-specialty filters: not compared there.)
    const newFilters = !!(shape.params ?? shape.facets) && Object.keys(shape.params ?? shape.facets ?? {}).some((k) => ['near', 'subSpecialty'].includes(k));
    if (database.engine === 'postgres' && (shape.params || shape.facets) && !newFilters && !shape.afterSearch) {
      const best: number[] = [];
      for (let i = 0; i < NAIVE_ITERATIONS + 1; i++) {
        const { ms } = await timed(() =>
          shape.params ? bestPlainSearch(database.db, shape.params) : bestPlainFacets(database.db, shape.facets!),
        );
        if (i > 0) best.push(ms);
      }
      bestP50 = percentile(best, 50);
    }

    let naiveP50: number | null = null;
    let check = '';
    // At 1,000,000 rows: four plain shapes, and ADR 020's rows (relevance, several words, live
    // facets), compared with the naive SQL at that size too.
    const runNaive =
      options.naiveShapes === 'all' ||
      [
        'no query (page 1)',
        "one word, common ('a')",
        "one word, partial ('card')",
        'deep page 400 (no query)',
      ].includes(shape.name) ||
      /^(relevance|multi-word|live facets: (?!radius))/.test(shape.name);
    // (The facets after the page's search have the same naive SQL as their cold row: not repeated.)
    if (runNaive && !shape.afterSearch && shape.naive !== false && (shape.params || shape.naiveSql || shape.facets)) {
      const naive: number[] = [];
      for (let i = 0; i < NAIVE_ITERATIONS; i++) {
        if (shape.params) {
          // A misspelling the API corrected: the reference SQL searches the corrected query.
          const request = SearchPhysiciansQuery.parse({
            ...Object.fromEntries(Object.entries(shape.params).map(([k, v]) => [k, String(v)])),
            ...(body.correctedQuery ? { query: body.correctedQuery } : {}),
          });
          const page = request.page ?? 1;
          const criteria = toCriteria(request);
          const { value, ms } = await timed(() =>
            naiveSearch(database.db, criteria, {
              ...resolveSort(request, criteria),
              offset: (page - 1) * 25,
              limit: 25,
            }),
          );
          naive.push(ms);
          const same =
            value.total === body.total &&
            JSON.stringify(value.ids) === JSON.stringify(body.results?.map((r) => r.id));
          check = same ? 'same' : `DIFFERS (naive ${value.total})`;
        } else if (shape.facets) {
          naive.push((await timed(() => naiveFacets(database.db, shape.facets!))).ms);
        } else {
          naive.push((await timed(() => database.db.sql.query(shape.naiveSql!))).ms);
        }
      }
      naiveP50 = percentile(naive, 50);
      if (shape.params) naiveSamples.push(...naive);
    }
    const s = stats(samples);
    const row: Row = {
      shape: shape.name,
      engine: database.engine,
      rows,
      p50: s.p50,
      p95: s.p95,
      max: s.max,
      naiveP50,
      ratio: naiveP50 === null ? null : naiveP50 / s.p50,
      bestP50,
      bestRatio: bestP50 === null ? null : bestP50 / s.p50,
      total: typeof body.total === 'number' ? body.total : null,
      check,
    };
    report.push(row);
    log(
      `${label}: ${shape.name}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms${naiveP50 === null ? '' : `, naive ${naiveP50.toFixed(0)} ms (x${row.ratio!.toFixed(0)}) ${check}`}${bestP50 === null ? '' : `, best plain SQL ${bestP50.toFixed(0)} ms (x${row.bestRatio!.toFixed(1)})`}`,
    );
  }
  directory.index.cacheSize = 500;
  return {
    engine: database.engine,
    rows,
    loadSeconds: load.ms / 1000,
    indexBuildSeconds: built.ms / 1000,
    indexReloadSeconds: reload.ms / 1000,
    indexMb: directory.index.memoryBytes / 1e6,
    startup: null,
    rows_: report,
    all: { p50: percentile(allSamples, 50), p95: percentile(allSamples, 95), max: Math.max(...allSamples) },
    naiveAll: naiveSamples.length
      ? { p50: percentile(naiveSamples, 50), p95: percentile(naiveSamples, 95) }
      : null,
    throughput: [],
  };
}

// ------------------------------------------------------------------------------------------------
// Naive facets and the best plain-PostgreSQL design (ADR 020)

/** The facet filters: their GROUP BY source, and how to leave the filter's own selection out. */
const FACET_SQL: { from: string; value: string; clear: (c: SearchCriteria) => void }[] = [
  { from: 'physicians', value: 'specialty', clear: (c) => (c.specialty = []) },
  { from: 'physicians', value: 'state', clear: (c) => (c.state = []) },
  { from: 'physicians', value: 'organization_size', clear: (c) => (c.companySize = []) },
  { from: 'physicians', value: 'organization_revenue', clear: (c) => (c.companyRevenue = []) },
  { from: 'physicians', value: 'organization_industry', clear: (c) => (c.companyIndustry = []) },
  { from: 'physicians', value: 'credential', clear: (c) => (c.credential = []) },
  { from: 'physicians', value: 'gender', clear: (c) => (c.gender = null) },
  { from: 'physicians, unnest(skills) x', value: 'x', clear: (c) => (c.skills = []) },
  { from: 'physicians, unnest(languages) x', value: 'x', clear: (c) => (c.language = []) },
  { from: 'physicians, jsonb_array_elements(education) e', value: "e->>'degree'", clear: (c) => (c.education = []) },
];

const parse = (params: Params) =>
  SearchPhysiciansQuery.parse(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));

/** Disjunctive facet counts in SQL: one GROUP BY per filter over the search without that filter. */
async function naiveFacets(db: Db, params: Params): Promise<void> {
  for (const facet of FACET_SQL) {
    const criteria = toCriteria(parse(params));
    facet.clear(criteria);
    const { where, params: values } = naiveSearchSql(criteria, { sortKey: 'name', sortDirection: 'asc', offset: 0, limit: 1 });
    await db.sql.query(`SELECT ${facet.value} AS v, count(*) FROM ${facet.from} ${where} GROUP BY 1`, values);
  }
}

/**
 * What a competent team would build instead of an in-memory index: one lower-cased
 * concatenation of the searched fields behind a trigram GIN index, btree (and GIN for arrays)
 * indexes on the filters and the name order, an exact count and LIMIT/OFFSET.
 */
const SEARCH_TEXT = `bench_search_text(first_name, last_name, specialty, skills, organization, title, city, state)`;
async function createBestPlainDesign(db: Db): Promise<void> {
  await db.sql.query(`CREATE OR REPLACE FUNCTION bench_search_text(text, text, text, text[], text, text, text, text)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT lower(concat_ws(' ', $1, $2, $3, array_to_string($4, ' '), $5, $6, $7, $8)) $$`);
  for (const sql of [
    `CREATE INDEX bench_search_trgm ON physicians USING gin ((${SEARCH_TEXT}) gin_trgm_ops)`,
    'CREATE INDEX bench_name ON physicians (lower(last_name), lower(first_name), id)',
    'CREATE INDEX bench_specialty ON physicians (lower(specialty))',
    'CREATE INDEX bench_state ON physicians (upper(state))',
    'CREATE INDEX bench_city ON physicians (lower(city))',
    'CREATE INDEX bench_size ON physicians (organization_size)',
    'CREATE INDEX bench_industry ON physicians (organization_industry)',
    'CREATE INDEX bench_year ON physicians (graduation_year)',
    'CREATE INDEX bench_gender ON physicians (gender)',
    'CREATE INDEX bench_skills ON physicians USING gin (skills)',
    'CREATE INDEX bench_languages ON physicians USING gin (languages)',
  ])
    await db.sql.query(sql);
  await db.sql.query('ANALYZE physicians');
}

/** The best plain design's WHERE: every query term in the concatenation, simple filters. */
function bestPlainWhere(params: Params, without?: string): { where: string; values: unknown[] } {
  const request = parse(params);
  const values: unknown[] = [];
  const p = (v: unknown) => (values.push(v), `$${values.length}`);
  const and: string[] = [];
  const terms = (request.query ?? '').toLowerCase().split(/[\s,]+/).filter(Boolean);
  for (const term of terms) and.push(`${SEARCH_TEXT} LIKE ${p(`%${term.replace(/[\\%_]/g, (c) => '\\' + c)}%`)}`);
  const list = (key: string, column: string, map = (v: string) => v) => {
    const v = (request as Record<string, unknown>)[key] as string[] | undefined;
    if (v?.length && without !== key) and.push(`${column} = ANY(${p(v.map(map))})`);
  };
  if (request.specialty?.length && without !== 'specialty')
    and.push(`(${request.specialty.map((v) => `lower(specialty) LIKE ${p(`%${v.toLowerCase()}%`)}`).join(' OR ')})`);
  list('state', 'upper(state)', (v) => v.toUpperCase());
  list('companySize', 'organization_size');
  list('companyIndustry', 'organization_industry');
  if (request.skills?.length && without !== 'skills') and.push(`skills @> ${p(request.skills)}`);
  if (request.language?.length && without !== 'language') and.push(`languages && ${p(request.language)}`);
  if (request.gender && without !== 'gender') and.push(`gender = ${p(request.gender)}`);
  if (request.location) {
    const [city, state] = request.location.split(',').map((v) => v.trim());
    and.push(state ? `lower(city) = ${p(city.toLowerCase())} AND upper(state) = ${p(state.toUpperCase())}` : `(lower(city) = ${p(city.toLowerCase())} OR upper(state) = ${p(city.toUpperCase())})`);
  }
  if (request.yearsInPracticeMin != null) and.push(`graduation_year <= ${p(new Date().getUTCFullYear() - request.yearsInPracticeMin)}`);
  if (request.boardCertified != null) and.push(`board_certified = ${p(request.boardCertified)}`);
  if (request.npi) and.push(`npi LIKE ${p(request.npi + '%')}`);
  return { where: and.length ? `WHERE ${and.join(' AND ')}` : '', values };
}

async function bestPlainSearch(db: Db, params: Params): Promise<void> {
  const request = parse(params);
  const { where, values } = bestPlainWhere(params);
  await db.sql.query(`SELECT count(*)::int FROM physicians ${where}`, values);
  const page = request.page ?? 1;
  const word = (request.query ?? '').toLowerCase().trim();
  // Relevance (with a query, no sort asked): exact last name, exact first name, prefix, the rest.
  const tier = word && !request.sortKey
    ? `CASE WHEN lower(last_name) = $${values.length + 1} THEN 1 WHEN lower(first_name) = $${values.length + 1} THEN 2 WHEN lower(last_name) LIKE $${values.length + 2} OR lower(first_name) LIKE $${values.length + 2} THEN 3 ELSE 6 END, `
    : '';
  const order = request.sortKey === 'specialty' ? 'lower(specialty)' : request.sortKey === 'location' ? 'lower(city)' : 'lower(last_name), lower(first_name)';
  const dir = request.sortDirection === 'desc' ? 'DESC' : 'ASC';
  await db.sql.query(
    `SELECT id FROM physicians ${where} ORDER BY ${tier}${order} ${dir}, id ${dir} LIMIT 25 OFFSET ${(page - 1) * 25}`,
    tier ? [...values, word, `${word}%`] : values,
  );
}

async function bestPlainFacets(db: Db, params: Params): Promise<void> {
  const own: Record<string, string> = { specialty: 'specialty', state: 'state', organization_size: 'companySize', organization_revenue: 'companyRevenue', organization_industry: 'companyIndustry', credential: 'credential', gender: 'gender' };
  for (const facet of FACET_SQL) {
    const key = own[facet.value] ?? (facet.from.includes('skills') ? 'skills' : facet.from.includes('languages') ? 'language' : 'education');
    const { where, values } = bestPlainWhere(params, key);
    await db.sql.query(`SELECT ${facet.value} AS v, count(*) FROM ${facet.from} ${where} GROUP BY 1`, values);
  }
}

// ------------------------------------------------------------------------------------------------
// Start-up (ADR 038): a real server process on the existing data, with its index snapshot file

/** Milliseconds until `url` answers a search with 200 (polled every 50 ms). */
async function untilSearchAnswers(url: string, since: number): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(`${url}/api/physicians?query=smith`);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Three starts of the real server on this data: with no snapshot file (reads every row, then
 * writes the file), with the file, and after an import (a bulk change of 1 % of the physicians in
 * the importer's way: one transaction without notifications, then one '*'), which the running
 * server reloads while searches keep being answered (their latency and failures are counted), and
 * a start after it (the reload wrote a new file).
 */
async function startup(database: BenchDatabase, rows: number): Promise<Record<string, number | string>> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  const env = { ...database.serverEnv, RATE_LIMIT_FACTOR: '1000', INDEX_SNAPSHOT_DIR: folder, LOG_LEVEL: 'warn' };
  const label = `${database.engine} ${rows.toLocaleString('en-US')}`;
  const start = async () => {
    const since = performance.now();
    const server = await startServer(env);
    const ms = await untilSearchAnswers(server.url, since);
    return { server, seconds: ms / 1000 };
  };
  const snapshotWritten = async () => {
    for (let i = 0; i < 600 && !readdirSync(folder).some((f) => f.endsWith('.snapshot')); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
  };
  try {
    if (database.engine === 'pglite') await database.close().catch(() => undefined); // the server takes the data directory's lock
    const cold = await start();
    await snapshotWritten();
    await stopServer(cold.server.child);
    log(`${label}: start with no snapshot file: first search answered after ${cold.seconds.toFixed(1)} s`);
    const warm = await start();
    log(`${label}: start with the snapshot file: first search answered after ${warm.seconds.toFixed(1)} s`);

    // An import while the server runs: it reloads every row; searches go on meanwhile.
    rmSync(join(folder, readdirSync(folder).find((f) => f.endsWith('.snapshot'))!));
    const writer = database.engine === 'pglite' ? null : openPgDriver({ connectionString: database.serverEnv.DATABASE_URL, max: 1 });
    const changed = Math.max(1, Math.floor(rows / 100));
    const latencies: number[] = [];
    let failures = 0;
    let reloadSeconds = NaN;
    if (writer) {
      await writer.transaction(async (tx) => {
        await tx.query(`SELECT set_config('physiciandirect.directory_notify', 'off', true)`);
        await tx.query(`UPDATE physicians SET title = 'Imported ' || id WHERE id % 100 = 0`);
      });
      const since = performance.now();
      await writer.query(`SELECT pg_notify('directory_changed', '*')`);
      // Until a changed title is found: the new index is in place.
      for (;;) {
        const t = performance.now();
        try {
          const res = await fetch(`${warm.server.url}/api/physicians?query=smith`);
          await res.arrayBuffer();
          if (res.status !== 200) failures++;
          latencies.push(performance.now() - t);
          const check = await fetch(`${warm.server.url}/api/physicians?title=imported`);
          const body = (await check.json()) as { total?: number };
          if ((body.total ?? 0) >= changed) break;
        } catch {
          failures++;
        }
        if (performance.now() - since > 600_000) throw new Error('the reload did not finish in 10 minutes');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      reloadSeconds = (performance.now() - since) / 1000;
      await writer.close();
      await snapshotWritten();
    }
    await stopServer(warm.server.child);
    latencies.sort((a, b) => a - b);
    const afterImport = writer ? await start() : null;
    if (afterImport) await stopServer(afterImport.server.child);
    const result = {
      coldSeconds: cold.seconds,
      snapshotSeconds: warm.seconds,
      importReloadSeconds: reloadSeconds,
      searchesDuringReload: latencies.length,
      failuresDuringReload: failures,
      p99DuringReloadMs: latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil(0.99 * latencies.length) - 1)] : NaN,
      afterImportSeconds: afterImport?.seconds ?? NaN,
    };
    log(
      `${label}: import reload ${reloadSeconds.toFixed(1)} s (${latencies.length} searches meanwhile, ${failures} failed, p99 ${result.p99DuringReloadMs.toFixed(0)} ms); start after the import ${result.afterImportSeconds.toFixed(1)} s`,
    );
    return result;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------------------
// Throughput: autocannon against a real server process

const WORDS = [
  'a',
  'smith',
  'card',
  'john',
  'maria',
  'lee',
  'ortho',
  'neuro',
  'ped',
  'health',
  'care',
  'garcia',
  'kim',
  'brown',
  'surg',
  'rad',
  'onc',
  'patel',
  'nguyen',
  'med',
];
const TWO_WORDS = [
  'john smith',
  'maria garcia',
  'james brown',
  'smith john',
  'david lee',
  'linda kim',
  'robert jones',
  'mary johnson',
];
const LOCATIONS = [
  'Houston, TX',
  'Boston',
  'California',
  'Chicago, IL',
  'New York',
  'Seattle, WA',
  'Texas',
  'Miami, FL',
  'Ohio',
  'Denver',
];
const SPECIALTY_SETS = [
  'Cardiology',
  'Pediatrics,Family Medicine',
  'physician',
  'Internal Medicine',
  'Dermatology,Neurology',
  'OBGYN',
  'Emergency Medicine',
  'Psychiatry',
];
const SKILL_SETS = ['Leadership', 'Patient Care,Communication', 'Research', 'Teaching,Leadership'];

/**
 * A mix of the search rules' shapes: `distinct` different searches, each a realistic combination
 * (a word or a name, specialty, location, skills, years, sort, page), drawn from a seeded random
 * sequence so every run uses the same mix.
 */
function mixedRequests(
  distinct: number,
  cookie: string,
): { path: string; headers?: Record<string, string> }[] {
  let seed = 12345;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const out = new Map<string, { path: string; headers?: Record<string, string> }>();
  for (let attempt = 0; out.size < distinct && attempt < distinct * 50; attempt++) {
    const params: Params = {};
    const shape = Math.floor(random() * 7);
    if (shape === 0) params.query = pick(WORDS);
    if (shape === 1) params.query = pick(TWO_WORDS);
    if (shape === 2) Object.assign(params, { specialty: pick(SPECIALTY_SETS), location: pick(LOCATIONS) });
    if (shape === 3) Object.assign(params, { query: pick(WORDS), skills: pick(SKILL_SETS) });
    if (shape === 4)
      Object.assign(params, {
        location: pick(LOCATIONS),
        yearsInPracticeMin: 5 + Math.floor(random() * 20),
        boardCertified: true,
      });
    if (shape === 5)
      Object.assign(params, {
        query: pick(WORDS),
        specialty: pick(SPECIALTY_SETS),
        location: pick(LOCATIONS),
      });
    if (shape === 6) params.specialty = pick(SPECIALTY_SETS);
    if (random() < 0.3)
      Object.assign(params, {
        sortKey: pick(['specialty', 'location']),
        sortDirection: pick(['asc', 'desc']),
      });
    // One request in four as a premium user (full and deeper pages, a session lookup).
    const signedIn = random() < 0.25;
    if (signedIn) params.page = 1 + Math.floor(random() * 40);
    const path = `/api/physicians?${qs(params)}`;
    out.set(`${signedIn}:${path}`, { path, headers: signedIn ? { cookie } : undefined });
  }
  return [...out.values()];
}

async function throughput(database: BenchDatabase, rows: number): Promise<Record<string, unknown>[]> {
  const user = await createTestUser(database.db, {
    tier: 'premium',
    email: `bench-load-${Date.now()}@example.com`,
  });
  const { token } = await createSession(database.db, user.id);
  const cookie = `${SESSION_COOKIE}=${token}`;
  if (database.engine === 'pglite') await database.close(); // the server takes the data directory lock
  // Anonymous callers share one address here: the search allowance (60 a minute) would answer
  // 429 to nearly every request, and the bench would measure the limiter, not the search.
  const server = await startServer({ ...database.serverEnv, RATE_LIMIT_FACTOR: '1000' });
  log(
    `${database.engine} ${rows}: server ready in ${server.readySeconds.toFixed(1)} s (start on existing data); autocannon...`,
  );
  const results: Record<string, unknown>[] = [];
  try {
    const fragment = () => {
      const consonants = 'bcdklmnrst';
      const vowels = 'aeiou';
      const c = () => consonants[Math.floor(Math.random() * consonants.length)];
      const v = () => vowels[Math.floor(Math.random() * vowels.length)];
      return c() + v() + c() + v();
    };
    const workloads: [string, () => { path: string; headers?: Record<string, string> }][] = [];
    for (const [name, distinct] of [
      ['mixed, 60 distinct searches (result cache warm)', 60],
      ['mixed, 5,000 distinct searches', 5_000],
    ] as const) {
      const mix = mixedRequests(distinct, cookie);
      workloads.push([name, () => mix[Math.floor(Math.random() * mix.length)]]);
    }
    // The worst case for the caches: text queries from 2,500 random name fragments ('mari', 'dena').
    workloads.push([
      'random name fragments (2,500), half with a specialty',
      () => {
        const params: Params = { query: fragment() };
        if (Math.random() < 0.5)
          params.specialty = SPECIALTY_SETS[Math.floor(Math.random() * SPECIALTY_SETS.length)];
        return { path: `/api/physicians?${qs(params)}` };
      },
    ]);
    for (const [name, next] of workloads) {
      // Each request picks its search at random, so connections do not move in lockstep.
      const requests: AutocannonRequest[] = [
        {
          method: 'GET',
          setupRequest: (request) => {
            const chosen = next();
            return { ...request, path: chosen.path, headers: { ...request.headers, ...chosen.headers } };
          },
        },
      ];
      await autocannon({ url: server.url, connections: 8, duration: 2, requests }); // warm-up
      const r: AutocannonResult = await autocannon({
        url: server.url,
        connections: 16,
        duration: THROUGHPUT_SECONDS,
        requests,
      });
      const row = {
        engine: database.engine,
        rows,
        workload: name,
        requestsPerSecond: Math.round(r.requests.average),
        latencyP50: r.latency.p50,
        latencyP97_5: r.latency.p97_5,
        latencyP99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        serverStartSeconds: server.readySeconds,
      };
      results.push(row);
      log(
        `${database.engine} ${rows}: ${name}: ${row.requestsPerSecond} req/s, p50 ${row.latencyP50} ms, p99 ${row.latencyP99} ms, errors ${row.errors}, non-2xx ${row.non2xx}`,
      );
    }
  } finally {
    // autocannon drops its sockets with requests still in flight: let the server finish them.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await stopServer(server.child);
  }
  return results;
}

// ------------------------------------------------------------------------------------------------

function printTable(reports: EngineReport[]) {
  const header = [
    'shape',
    'engine',
    'rows',
    'p50 ms',
    'p95 ms',
    'max ms',
    'naive p50 ms',
    'x faster',
    'best SQL p50',
    'x faster',
    'total',
    'check',
  ];
  const lines = [header];
  const f = (v: number | null, digits = 1) => (v === null || Number.isNaN(v) ? '-' : v.toFixed(digits));
  for (const r of reports) {
    for (const row of r.rows_) {
      lines.push([
        row.shape,
        row.engine,
        row.rows.toLocaleString('en-US'),
        f(row.p50),
        f(row.p95),
        f(row.max),
        f(row.naiveP50, 0),
        f(row.ratio, 0),
        f(row.bestP50, 0),
        f(row.bestRatio, 1),
        row.total === null ? '-' : row.total.toLocaleString('en-US'),
        row.check,
      ]);
    }
    lines.push([
      'ALL SEARCH SHAPES',
      r.engine,
      r.rows.toLocaleString('en-US'),
      f(r.all.p50),
      f(r.all.p95),
      f(r.all.max),
      f(r.naiveAll?.p50 ?? null, 0),
      r.naiveAll ? f(r.naiveAll.p50 / r.all.p50, 0) : '-',
      '',
      '',
      '',
      '',
    ]);
  }
  const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  const out = lines.map((l) =>
    l.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '),
  );
  out.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  console.log('\n' + out.join('\n'));
  console.log('\nStart-up and index:');
  for (const r of reports) {
    console.log(
      `  ${r.engine} ${r.rows.toLocaleString('en-US')}: generate + COPY ${f(r.loadSeconds)} s, index build ${f(r.indexBuildSeconds)} s, reload ${f(r.indexReloadSeconds)} s, index memory ${r.indexMb.toFixed(0)} MB` +
        (r.throughput[0]
          ? `, server start on this data ${f(r.throughput[0].serverStartSeconds as number)} s`
          : ''),
    );
  }
  const starts = reports.filter((r) => r.startup);
  if (starts.length) {
    console.log('\nStart-up to the first answered search (real server process, ADR 038):');
    for (const r of starts) {
      const st = r.startup!;
      console.log(
        `  ${r.engine} ${r.rows.toLocaleString('en-US')}: no snapshot file ${f(st.coldSeconds as number)} s, with the file ${f(st.snapshotSeconds as number)} s; ` +
          `an import's reload ${f(st.importReloadSeconds as number)} s with ${st.searchesDuringReload} searches answered meanwhile (${st.failuresDuringReload} failed, p99 ${f(st.p99DuringReloadMs as number)} ms), start after it ${f(st.afterImportSeconds as number)} s`,
      );
    }
  }
  const tp = reports.flatMap((r) => r.throughput);
  if (tp.length) {
    console.log('\nThroughput (autocannon, 16 connections, real server process):');
    for (const t of tp) {
      console.log(
        `  ${t.engine} ${(t.rows as number).toLocaleString('en-US')}, ${t.workload}: ${t.requestsPerSecond} req/s, latency p50 ${t.latencyP50} ms, p99 ${t.latencyP99} ms, errors ${t.errors}, non-2xx ${t.non2xx}`,
      );
    }
  }
}

async function main() {
  const started = Date.now();
  log(
    `rows ${ROWS}, PostgreSQL ${RUN_PG ? `yes (+${PG_BIG_ROWS.join(', ')} rows)` : 'no (set DATABASE_URL)'}, iterations ${ITERATIONS}, naive ${NAIVE_ITERATIONS}`,
  );
  const reports: EngineReport[] = [];
  const runs: { open: () => Promise<BenchDatabase>; rows: number; naive: 'all' | 'some'; load: boolean }[] =
    [];
  // --only-big: the larger PostgreSQL sizes alone (BENCH_PG_ROWS).
  const small = !args.has('--only-big');
  if (RUN_PGLITE && small) runs.push({ open: pgliteDatabase, rows: ROWS, naive: 'all', load: RUN_THROUGHPUT });
  if (RUN_PG && small) runs.push({ open: () => pgDatabase(ROWS), rows: ROWS, naive: 'all', load: RUN_THROUGHPUT });
  if (RUN_PG)
    for (const big of PG_BIG_ROWS) runs.push({ open: () => pgDatabase(big), rows: big, naive: 'some', load: RUN_THROUGHPUT });
  for (const run of runs) {
    const database = await run.open();
    try {
      const report = await benchEngine(database, run.rows, { naiveShapes: run.naive });
      if (run.load) report.throughput = await throughput(database, run.rows);
      if (RUN_STARTUP) report.startup = await startup(database, run.rows);
      reports.push(report);
    } finally {
      await database.close().catch(() => undefined);
      await database.drop();
    }
  }
  printTable(reports);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, 'bench/results', `search-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        node: process.version,
        settings: { ROWS, PG_BIG_ROWS, ITERATIONS, NAIVE_ITERATIONS, THROUGHPUT_SECONDS },
        minutes: (Date.now() - started) / 60_000,
        reports,
      },
      null,
      2,
    ),
  );
  log(`done in ${((Date.now() - started) / 60_000).toFixed(1)} min; results in ${file}`);
}

await main();
