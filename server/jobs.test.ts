import { afterAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/errors';
import { createSession, SESSION_COOKIE } from './features/auth';
import { createTestContext, createTestUser } from './test/harness';
import { multipartBody } from './test/support/multipart';
import { insertPhysician } from './test/support/physicians';
import { sampleNppesFile } from './test/support/import/fixtures';

/*
 * Stopping the server while every background job is mid-pass (ADR 057): the app's own runner with
 * its real jobs, each held inside its real work (the mailer sending, a list's rows being read, the
 * rate-limit purge, the verifier answering, the billing clock, an uploaded file being imported), as
 * main.ts stops it: one
 * `jobs.stop()` resolves only once every pass has ended and written, before the database closes,
 * and nothing runs after it.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

const JOBS = ['mail', 'matches', 'maintenance', 'verification', 'billing', 'import'] as const;
type JobName = (typeof JOBS)[number];

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const events: string[] = [];
const reached = new Map(JOBS.map((name) => [name, gate()]));
const stopCalled = gate();

/** Holds the pass of `name` here until stop() was called, then a little longer, then lets it go on. */
async function midPass(name: JobName): Promise<void> {
  if (!events.includes(`held ${name}`)) events.push(`held ${name}`);
  reached.get(name)!.open();
  await stopCalled.opened;
  await new Promise((resolve) => setTimeout(resolve, 50));
  if (!events.includes(`resumed ${name}`)) events.push(`resumed ${name}`);
}

/** Wraps `target[key]` so each call waits in midPass first. */
function holdIn<T extends object, K extends keyof T>(name: JobName, target: T, key: K): void {
  const original = target[key] as (...args: unknown[]) => unknown;
  target[key] = (async (...args: unknown[]) => {
    await midPass(name);
    return original.apply(target, args);
  }) as T[K];
}

/** The passes of the held jobs (the others, Bullhorn without an app and webhooks without endpoints, pass at once with nothing to do). */
async function runs(): Promise<Record<string, number>> {
  const text = await ctx.deps.services.metrics.registry.metrics();
  const counts: Record<string, number> = {};
  for (const [, kind, job, count] of text.matchAll(/^job_(runs|failures)_total\{job="([\w-]+)"\} (\d+)$/gm)) {
    if ((JOBS as readonly string[]).includes(job)) counts[`${job} ${kind}`] = Number(count);
  }
  return counts;
}

describe('stopping the server', () => {
  it('waits for the pass of every job in flight, and runs nothing after', async () => {
    const { services } = ctx.deps;
    // Work for each job: a queued message, an uploaded list, a contact value never checked.
    await ctx.db.sql.query(`INSERT INTO email_outbox (to_address, subject, text_body) VALUES ('ann@example.com', 'Hello', 'Hi')`);
    await insertPhysician(ctx.db, { id: 9001, firstName: 'Ann', lastName: 'Lee', specialty: 'Cardiology' });
    await ctx.db.sql.query(`INSERT INTO physician_contacts (physician_id, work_email) VALUES (9001, 'ann.lee@example.com')`);

    holdIn('mail', services.mailer, 'deliver');
    holdIn('maintenance', services.rateLimitStore, 'purgeExpired');
    holdIn('verification', services.verifier, 'verifyEmail');
    expect(services.billing.name).toBe('demo');
    holdIn('billing', services.billing as unknown as { advanceClock(): Promise<unknown> }, 'advanceClock');
    // The list's rows are read right after the job is claimed, before its first slice is matched.
    const query = ctx.db.sql.query;
    // The import, as it looks for an interrupted run of its file, before its first batch.
    ctx.db.sql.query = (async (text: string, params?: unknown[]) => {
      if (text.includes('json_agg(json_build_array(row_number, cells)')) await midPass('matches');
      if (text.includes('FROM import_runs') && text.includes('finished_at IS NULL')) await midPass('import');
      return query.call(ctx.db.sql, text, params);
    }) as typeof query;

    const user = await createTestUser(ctx.db, { tier: 'basic' });
    const { token } = await createSession(ctx.db, user.id);
    const form = new FormData();
    form.append('file', new Blob(['NPI,Physician,State\n,Dr. Nobody Atall,MA\n']), 'list.csv');
    const multipart = await multipartBody(form);
    const uploaded = await ctx.app.request('/api/matches', {
      method: 'POST',
      body: multipart.body,
      headers: { cookie: `${SESSION_COOKIE}=${token}`, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': multipart.contentType },
    });
    expect(uploaded.status).toBe(202);
    const listId = ((await uploaded.json()) as { id: string }).id;

    const { agent: admin } = await ctx.signedInAgent({ role: 'admin' });
    const imported = await admin.post('/api/admin/imports?kind=nppes&fileName=npidata.csv', sampleNppesFile(), {
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(imported.status).toBe(202);

    services.jobs.start();
    await Promise.all([...reached.values()].map((held) => held.opened));
    expect(await runs()).toEqual({});

    const stopping = services.jobs.stop();
    stopCalled.open();
    await stopping;
    events.push('stopped');

    // Every pass went on after stop() was called and had ended (and written) before it resolved.
    for (const name of JOBS) {
      expect(events.indexOf(`resumed ${name}`), name).toBeGreaterThanOrEqual(0);
      expect(events.indexOf(`resumed ${name}`), name).toBeLessThan(events.indexOf('stopped'));
    }
    const counted = await runs();
    for (const name of JOBS) {
      expect(counted[`${name} runs`], name).toBe(1);
      expect(counted[`${name} failures`] ?? 0, name).toBe(0);
    }
    const mail = await ctx.db.sql.query<{ status: string }>(`SELECT status FROM email_outbox WHERE to_address = 'ann@example.com'`);
    expect(mail.rows).toEqual([{ status: 'sent' }]);
    const checked = await ctx.db.sql.query<{ work_email_method: string | null }>('SELECT work_email_method FROM physician_contacts WHERE physician_id = 9001');
    expect(checked.rows[0].work_email_method).not.toBeNull();
    // The list's pass saw the abort before its first slice: it stays leased for another process to resume.
    const list = await ctx.db.sql.query<{ status: string; done_rows: number }>('SELECT status, done_rows FROM match_jobs WHERE id = $1', [listId]);
    expect(list.rows).toEqual([{ status: 'running', done_rows: 0 }]);

    // The import saw the abort at its first batch: nothing imported, and the upload says so.
    const upload = await admin.get(`/api/admin/imports/${imported.body.import.id}`);
    expect(upload.body.import).toMatchObject({ status: 'failed', error: expect.stringContaining('The server stopped during the import') });
    const physicians = await ctx.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM physicians WHERE id <> 9001`);
    expect(physicians.rows).toEqual([{ n: 0 }]);

    // Nothing after: no period, no wake.
    for (const name of JOBS) services.jobs.wake(name);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await services.jobs.idle();
    expect(await runs()).toEqual(counted);
  });
});
