/*
 * Lists benchmark (`npm run bench:lists`): prints a table, never asserts timings.
 *
 * Per engine (PGlite; PostgreSQL too when DATABASE_URL is set) it loads the demo directory
 * (BENCH_ROWS, default 300,000), then measures through the HTTP app (app.request, as a premium
 * user), BENCH_ITERATIONS times each:
 *   - add 500 new ids to a list (POST /api/lists/{id}/members);
 *   - open a 10,000-member list, page 1 (GET /api/lists/{id});
 *   - search within that list (GET /api/lists/{id}?query=...), the index's caches cleared first;
 *   - Select All of a broad search (GET /api/physicians/select-all), caches cleared first.
 * Beside the wall clock, the CPU time of this process per call (PGlite's worker thread included;
 * a PostgreSQL server's own work is not): on a busy machine it shows what a call costs.
 */
import { benchEngines, createBenchApp, percentile, printTable, type BenchEngine } from './bench-db';
import { loadDemoDirectory } from '../server/db/seed/demo';

const ROWS = Number(process.env.BENCH_ROWS ?? 300_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);

async function bench(engine: BenchEngine): Promise<string[][]> {
  await loadDemoDirectory(engine.driver, { count: ROWS });
  const { services, user, call: request } = await createBenchApp(engine.db, { user: { tier: 'premium' } });
  const cpu: Record<string, number[]> = { add: [], page: [], within: [], selectAll: [] };
  // Wall-clock ms of one call; its CPU ms are kept under the same key.
  const call = async (key: string, method: string, path: string, body?: unknown) => {
    const { ms, cpuMs } = await request(method, path, body);
    cpu[key].push(cpuMs);
    return ms;
  };
  const newList = async (members: number[] = []) => {
    const { rows } = await engine.db.sql.query<{ id: string }>(
      'INSERT INTO physician_lists (user_id, name) VALUES ($1, $2) RETURNING id',
      [user.id, 'bench'],
    );
    if (members.length)
      await engine.db.sql.query(
        'INSERT INTO list_members (list_id, physician_id) SELECT $1, unnest($2::int[])',
        [rows[0].id, members],
      );
    return rows[0].id;
  };
  const { rows: idRows } = await engine.db.sql.query<{ id: number }>(
    'SELECT id FROM physicians ORDER BY id LIMIT 20000',
  );
  const ids = idRows.map((r) => Number(r.id));

  const results: Record<string, number[]> = { add: [], page: [], within: [], selectAll: [] };
  const big = await newList(ids.slice(0, 10_000));
  // Broad: one common word and a big specialty, well over 500 matches.
  const broad = 'query=a&specialty=Family%20Medicine&sortKey=location';
  for (let i = 0; i < ITERATIONS; i++) {
    const list = await newList();
    const batch = ids.slice(10_000 + ((i * 500) % 10_000), 10_000 + ((i * 500) % 10_000) + 500);
    results.add.push(await call('add', 'POST', `/api/lists/${list}/members`, { physicianIds: batch }));
    results.page.push(await call('page', 'GET', `/api/lists/${big}`));
    services.directory.index.clearCache();
    results.within.push(
      await call('within', 'GET', `/api/lists/${big}?query=${['smith', 'card', 'john', 'lee', 'md'][i % 5]}`),
    );
    services.directory.index.clearCache();
    results.selectAll.push(await call('selectAll', 'GET', `/api/physicians/select-all?${broad}`));
  }
  const label: Record<string, string> = {
    add: 'add 500 ids to a list',
    page: 'open a 10,000-member list (page 1)',
    within: 'search within a 10,000-member list',
    selectAll: 'Select All, broad search (500 ids)',
  };
  const target: Record<string, number> = { add: 100, page: 100, within: 100, selectAll: 50 };
  return Object.entries(results).map(([key, samples]) => [
    engine.name,
    label[key],
    percentile(samples, 50).toFixed(1),
    percentile(samples, 95).toFixed(1),
    Math.max(...samples).toFixed(1),
    percentile(cpu[key], 95).toFixed(1),
    `< ${target[key]}`,
    percentile(samples, 95) < target[key] ? 'yes' : 'NO',
  ]);
}

const table: string[][] = [
  ['engine', 'operation', 'p50 ms', 'p95 ms', 'max ms', 'CPU p95 ms', 'target p95', 'met'],
];
for (const open of benchEngines('lists')) {
  const engine = await open();
  try {
    process.stderr.write(
      `${engine.name}: ${ROWS.toLocaleString('en-US')} physicians, ${ITERATIONS} iterations...\n`,
    );
    table.push(...(await bench(engine)));
  } finally {
    await engine.close();
  }
}
printTable(table);
process.exit(0);
