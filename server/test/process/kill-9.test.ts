import { afterAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../contract/errors';
import { createSession, SESSION_COOKIE } from '../../features/auth/session';
import { createTestUser, resumeSubmission } from '../harness';
import { prepareServerDatabase, startServer, stopServer, type ServerProcess } from '../support/server-process';

/*
 * Faults: the server process killed with SIGKILL in the middle of a bulk list add, an
 * export and a resume approval run, then started again on the same database. Each change is
 * whole or absent, checked row by row, and the restarted server serves. The kill comes at several
 * delays after the request leaves, so some land before, some during and some after the work.
 * One engine per run: PGlite (its WAL replayed, its stale data-directory lock taken over), or
 * PostgreSQL when DATABASE_URL is set.
 */

const ENGINE = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const DELAYS_MS = [5, 40];
const LIST_ADD = 500;
const SUBMISSIONS = 6;

const database = await prepareServerDatabase({
  engine: ENGINE,
  rows: 2_000,
  pgUrl: process.env.DATABASE_URL,
  name: `kill9-${process.pid}`,
});
const premium = await createTestUser(database.db, { tier: 'premium' });
const admin = await createTestUser(database.db, { role: 'admin' });
const cookies = {
  premium: `${SESSION_COOKIE}=${(await createSession(database.db, premium.id)).token}`,
  admin: `${SESSION_COOKIE}=${(await createSession(database.db, admin.id)).token}`,
};
const lists: string[] = [];
for (const delay of DELAYS_MS) {
  const { rows } = await database.db.sql.query<{ id: string }>(
    'INSERT INTO physician_lists (user_id, name) VALUES ($1, $2) RETURNING id::text AS id',
    [premium.id, `Kill list ${delay}`],
  );
  lists.push(rows[0].id);
}
await database.driver.close();

const env: Record<string, string> = { ...database.serverEnv, RATE_LIMIT_FACTOR: '1000' };
let server: ServerProcess = await startServer(env);
afterAll(async () => {
  await stopServer(server.child);
  await database.drop();
});

function call(
  path: string,
  who: keyof typeof cookies | null,
  init: { method?: string; body?: unknown } = {},
) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(who ? { cookie: cookies[who] } : {}),
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      'content-type': 'application/json',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Starts `work`, SIGKILLs the server `delay` ms later, and starts a new one on the same database. */
async function killDuring(work: () => Promise<unknown>, delay: number) {
  const pending = work().catch(() => undefined); // the socket dies with the process
  await new Promise((resolve) => setTimeout(resolve, delay));
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
  await pending;
  server = await startServer(env);
}

/** Reads the database directly with the server stopped (PGlite allows one process), then restarts it. */
async function inspect<T>(work: (query: <R>(sql: string) => Promise<R[]>) => Promise<T>): Promise<T> {
  await stopServer(server.child);
  const { openPgliteDriver } = await import('../../db/pglite-driver');
  const { openPgDriver } = await import('../../db/pg-driver');
  const { join } = await import('node:path');
  const driver =
    ENGINE === 'pglite'
      ? await openPgliteDriver({ dataDir: join(env.DATA_DIR!, 'pglite') })
      : openPgDriver({ connectionString: env.DATABASE_URL!, max: 1 });
  try {
    return await work(
      async <R>(sql: string) => (await driver.query<R & Record<string, unknown>>(sql)).rows as R[],
    );
  } finally {
    await driver.close();
    server = await startServer(env);
  }
}

describe(`kill -9 of the server (${ENGINE})`, () => {
  it('a bulk add of 500 to a list is all there or not at all', async () => {
    const ids = Array.from({ length: LIST_ADD }, (_, i) => i + 1);
    for (const [i, delay] of DELAYS_MS.entries()) {
      await killDuring(
        () =>
          call(`/api/lists/${lists[i]}/members`, 'premium', { method: 'POST', body: { physicianIds: ids } }),
        delay,
      );
    }
    const counts = await inspect((query) =>
      query<{ list_id: string; n: number }>(
        'SELECT l.id::text AS list_id, count(m.physician_id)::int AS n FROM physician_lists l LEFT JOIN list_members m ON m.list_id = l.id GROUP BY l.id',
      ),
    );
    expect(counts).toHaveLength(DELAYS_MS.length);
    for (const { n } of counts) expect([0, LIST_ADD]).toContain(n);
    // The restarted server serves the list, and the add completes on a retry.
    const retry = await call(`/api/lists/${lists[0]}/members`, 'premium', {
      method: 'POST',
      body: { physicianIds: ids },
    });
    expect(retry.status).toBe(200);
    const list = await (await call(`/api/lists/${lists[0]}`, 'premium')).json();
    expect(list.list.physicianCount).toBe(LIST_ADD);
  }, 240_000);

  it('an export and its audit row are written together or not at all', async () => {
    const ids = Array.from({ length: 500 }, (_, i) => i + 1);
    for (const delay of DELAYS_MS) {
      await killDuring(
        () =>
          call('/api/exports', 'premium', { method: 'POST', body: { physicianIds: ids, format: 'xlsx' } }),
        delay,
      );
    }
    const [logs, audits] = await inspect((query) =>
      Promise.all([
        query<{ n: number; contacts: number }>(
          'SELECT count(*)::int AS n, coalesce(sum(export_count), 0)::int AS contacts FROM export_logs',
        ),
        query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'export.created'`),
      ]),
    );
    expect(logs[0].n).toBe(audits[0].n);
    expect(logs[0].contacts).toBe(logs[0].n * 500);
    const after = await call('/api/exports', 'premium', {
      method: 'POST',
      body: { physicianIds: [1, 2, 3], format: 'csv' },
    });
    expect(after.status).toBe(200);
    expect((await after.text()).split('\n').filter(Boolean).length).toBe(4);
  }, 240_000);

  it('a resume approval run leaves each submission approved with its physician, or pending without one', async () => {
    for (let i = 0; i < SUBMISSIONS; i++) {
      const res = await call('/api/submissions', null, {
        method: 'POST',
        body: resumeSubmission({
          firstName: 'Killnine',
          lastName: `Candidate${i}`,
          companyName: 'Fault Clinic',
          email: `killnine.${i}@example.com`,
        }),
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
    }
    // Each sender follows the emailed link (operators see only confirmed submissions).
    const mails = await inspect((query) =>
      query<{ text_body: string }>(
        `SELECT text_body FROM email_outbox WHERE to_address LIKE 'killnine.%' AND text_body LIKE '%/confirm-resume?token=%'`,
      ),
    );
    expect(mails).toHaveLength(SUBMISSIONS);
    for (const { text_body } of mails) {
      const token = decodeURIComponent(/\/confirm-resume\?token=(\S+)/.exec(text_body)![1]);
      const confirmed = await call('/api/submissions/confirm', null, { method: 'POST', body: { token } });
      expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    }
    const pending = await (await call('/api/admin/submissions?status=pending', 'admin')).json();
    const ids: string[] = pending.submissions.map((s: { id: string }) => s.id);
    expect(ids).toHaveLength(SUBMISSIONS);
    // The screens' bulk run: one approval after another, killed part-way.
    await killDuring(async () => {
      for (const id of ids) await call(`/api/admin/submissions/${id}/approve`, 'admin', { method: 'POST' });
    }, 60);
    const [rows, orphans] = await inspect((query) =>
      Promise.all([
        query<{ status: string; physician_id: number | null; physician_exists: boolean }>(
          `SELECT s.status, s.physician_id, EXISTS (SELECT 1 FROM physicians p WHERE p.id = s.physician_id) AS physician_exists
             FROM candidate_submissions s WHERE s.email LIKE 'killnine.%'`,
        ),
        query<{ n: number }>(
          `SELECT count(*)::int AS n FROM physicians p WHERE p.first_name = 'Killnine'
             AND NOT EXISTS (SELECT 1 FROM candidate_submissions s WHERE s.physician_id = p.id)`,
        ),
      ]),
    );
    expect(rows).toHaveLength(SUBMISSIONS);
    for (const row of rows) {
      if (row.status === 'approved') expect(row.physician_exists).toBe(true);
      else expect(row).toMatchObject({ status: 'pending', physician_id: null });
    }
    expect(orphans[0].n).toBe(0);
    // The restarted server finds every approved physician by name.
    const approved = rows.filter((r) => r.status === 'approved').length;
    const search = await (await call('/api/physicians?query=Killnine', 'premium')).json();
    expect(search.total).toBe(approved);
  }, 240_000);
});
