/*
 * The first start's demo load (`npm run bench:demo`): generate and COPY the demo directory into a
 * fresh embedded database on disk (as `npm start` does), then the demo accounts and their
 * reports, timed apart. Prints a table; never asserts. BENCH_DEMO_SIZE (default 300000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { createDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { openPgliteDriver } from '../server/db/pglite-driver';
import { createDemoAccounts, loadDemoDirectory, seedDemoIfNeeded } from '../server/db/seed/demo';
import { createLogger } from '../server/lib/logger';

const count = Number(process.env.BENCH_DEMO_SIZE ?? 300_000);
const dir = mkdtempSync(join(tmpdir(), 'demo-load-'));
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const before = load();
try {
  const driver = await openPgliteDriver({ dataDir: dir });
  await migrate(driver);
  const db = createDb(driver);
  // The seed's steps timed apart: the directory, the accounts, then the rest of the seed (the
  // demo accounts' reports, where there are any: seedDemoIfNeeded skips what is done).
  const started = performance.now();
  const cpu = process.cpuUsage();
  await loadDemoDirectory(driver, { count });
  const loaded = performance.now();
  const loadCpu = process.cpuUsage(cpu);
  await createDemoAccounts(db);
  const accounts = performance.now();
  await seedDemoIfNeeded(db, driver, { count, logger: createLogger('silent', false) });
  const ms = performance.now() - started;
  const { rows } = await driver.query<{ physicians: number; changes: number; reports: number }>(
    `SELECT (SELECT count(*)::int FROM physicians) AS physicians, (SELECT count(*)::int FROM physician_changes) AS changes,
            (SELECT count(*)::int FROM contact_reports) AS reports`,
  );
  await driver.close();
  const s = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
  console.table([
    {
      rows: count.toLocaleString('en-US'),
      'directory s': s(started, loaded),
      // This process's CPU time (the embedded database's worker thread included): the work, whatever the wait for a core.
      'directory CPU s': ((loadCpu.user + loadCpu.system) / 1e6).toFixed(1),
      'accounts s': s(loaded, accounts),
      'rest s': s(accounts, started + ms),
      'seed s': (ms / 1000).toFixed(1),
      ...rows[0],
      'load avg before': before,
      'load avg after': load(),
    },
  ]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
