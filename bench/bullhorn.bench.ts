/*
 * Pushing to Bullhorn (ADR 064), `npm run bench:bullhorn`: on each engine (PGlite; PostgreSQL when
 * DATABASE_URL is set), BENCH_PUSH physicians (1,000) of a demo directory pushed to the local Bullhorn
 * (server/test/support/bullhorn-server.ts) by the push job:
 *  1. as it runs in production (paced at BULLHORN_CALLS_PER_MINUTE): wall time, Bullhorn calls, calls
 *     per physician, and the most calls that started in any 60 seconds (Bullhorn allows 1,500);
 *  2. unpaced, other physicians: the job's own cost per physician (wall and this process's CPU,
 *     the local Bullhorn's answers included), and a second push of the same ones (all found, nothing created).
 * Prints the load average beside the figures.
 */
import { loadavg } from 'node:os';
import { loadDemoDirectory } from '../server/db/seed/demo';
import { createLogger } from '../server/lib/logger';
import { loadEnv } from '../server/lib/env';
import type { CurrentUser } from '../server/lib/current-user';
import { BULLHORN_CALLS_PER_MINUTE, bullhornJob } from '../server/features/integrations/bullhorn/job';
import * as repo from '../server/features/integrations/bullhorn/repo';
import { completeConnection, connect } from '../server/features/integrations/bullhorn/service';
import { createTestUser } from '../server/test/harness';
import { startBullhornServer } from '../server/test/support/bullhorn-server';
import { benchEngines, printTable } from './bench-db';

const PUSH = Number(process.env.BENCH_PUSH ?? 1_000);
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

/** The most request start times inside any window of `ms`. */
function mostInWindow(times: readonly number[], ms: number): number {
  let most = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while (times[end] - times[start] > ms) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

const rows: string[][] = [['engine', 'run', 'physicians', 'seconds', 'Bullhorn calls', 'calls / physician', 'calls/min (rate)', 'most in any 60 s', 'ms / physician', 'CPU ms / physician', 'outcomes', 'load average']];

for (const open of benchEngines('bullhorn')) {
  const engine = await open();
  const bullhorn = await startBullhornServer();
  try {
    await loadDemoDirectory(engine.driver, { count: Math.max(2_500, PUSH * 2 + 100) });
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_URL: 'http://localhost:3000',
      BULLHORN_CLIENT_ID: bullhorn.clientId,
      BULLHORN_CLIENT_SECRET: bullhorn.clientSecret,
      BULLHORN_LOGIN_INFO_URL: bullhorn.loginInfoUrl,
    });
    const logger = createLogger('silent', false);
    const user = await createTestUser(engine.db, { tier: 'premium', email: `bench-bullhorn-${Date.now()}@example.com` });
    const caller = { id: user.id, teamId: null } as CurrentUser;
    const deps = { db: engine.db, env, logger };
    // The OAuth flow as the browser makes it, without the browser.
    const { authorizeUrl } = await connect(deps, { user: caller, username: 'bench' });
    const back = new URL((await fetch(authorizeUrl, { redirect: 'manual' })).headers.get('location')!);
    await completeConnection(deps, { user: caller, code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, ip: null });
    const connectionId = (await repo.connectedId(engine.db, { teamId: null, userId: user.id }))!;
    const { rows: ids } = await engine.db.sql.query<{ id: number }>(`SELECT id FROM physicians WHERE npi IS NOT NULL ORDER BY id LIMIT $1`, [PUSH * 2]);
    const first = ids.slice(0, PUSH).map((r) => r.id);
    const second = ids.slice(PUSH).map((r) => r.id);

    async function run(name: string, physicianIds: number[], callsPerMinute: number) {
      const pushId = await repo.insertPush(engine.db, { connectionId, by: user.id, source: 'selection', listId: null, updateExisting: false, physicianIds });
      const job = bullhornJob({ ...deps, callsPerMinute });
      const before = bullhorn.requests.length;
      const cpu = process.cpuUsage();
      const started = performance.now();
      await job.runOnce(new AbortController().signal);
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const requests = bullhorn.requests.slice(before).map((r) => r.at);
      const push = (await repo.findPushes(engine.db, { teamId: null, userId: user.id }, 20)).find((p) => p.id === pushId)!;
      const outcomes = (['created', 'updated', 'existing', 'skipped', 'failed'] as const).filter((o) => push[o] > 0).map((o) => `${o} ${push[o]}`).join(', ');
      rows.push([
        engine.name,
        name,
        physicianIds.length.toLocaleString('en-US'),
        (ms / 1000).toFixed(1),
        requests.length.toLocaleString('en-US'),
        (requests.length / physicianIds.length).toFixed(2),
        Math.round((requests.length / ms) * 60_000).toLocaleString('en-US'),
        mostInWindow(requests, 60_000).toLocaleString('en-US'),
        (ms / physicianIds.length).toFixed(2),
        ((used.user + used.system) / 1000 / physicianIds.length).toFixed(2),
        outcomes,
        load(),
      ]);
      console.log(rows.at(-1)!.join(' | '));
    }

    await run(`paced (${BULLHORN_CALLS_PER_MINUTE.toLocaleString('en-US')}/min)`, first, BULLHORN_CALLS_PER_MINUTE);
    await run('unpaced, new', second, 100_000_000);
    await run('unpaced, again (all found)', second, 100_000_000);
  } finally {
    await bullhorn.close();
    await engine.close();
  }
}

console.log(`\nPushing to a local Bullhorn (load average now: ${load()})`);
printTable(rows);
