import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, resumeSubmission, submitConfirmedResume, type TestAgent } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { FREE_ALERT_DIGEST_MAX } from '../../../contract/limits';
import { ALERT_DIGEST_MAX } from '../../../contract/saved-searches';
import { ALERT_SETTLE_MS, runAlertDigests } from './alerts';
import { maintenanceDeps } from '../../jobs';

/* New-match alerts on saved searches: digests from approvals, none without news, the signed unsubscribe. */

const ctx = await createTestContext();
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let recruiter: { agent: TestAgent; user: { id: string; email: string } };
let admin: TestAgent;

beforeAll(async () => {
  recruiter = await ctx.signedInAgent({ tier: 'premium' });
  admin = (await ctx.signedInAgent({ role: 'admin' })).agent;
});

async function saveSearch(name: string, params: Record<string, string>, alert?: 'daily' | 'weekly') {
  const created = await recruiter.agent.post('/api/saved-searches', { name, params });
  expect(created.status).toBe(201);
  if (alert) {
    const updated = await recruiter.agent.request('PATCH', `/api/saved-searches/${created.body.id}`, { body: { alert } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, alert, alertSentAt: null });
  }
  return created.body.id as string;
}

/** A resume submitted on the public form and approved by an operator: a new physician. */
async function approveResume(overrides: Record<string, unknown>): Promise<number> {
  const resume = resumeSubmission(overrides);
  await submitConfirmedResume(ctx, resume, `10.${randomBytes(3).join('.')}`);
  const { rows } = await ctx.db.sql.query<{ id: string }>('SELECT id FROM candidate_submissions WHERE lower(email) = $1', [
    String(resume.email).toLowerCase(),
  ]);
  const approved = await admin.post(`/api/admin/submissions/${rows[0].id}/approve`);
  expect(approved.body.error).toBeUndefined();
  expect(approved.status).toBe(200);
  return approved.body.submission.physicianId as number;
}

async function digestsTo(email: string) {
  const { rows } = await ctx.db.sql.query<{ subject: string; text_body: string; html_body: string }>(
    'SELECT subject, text_body, html_body FROM email_outbox WHERE to_address = $1 ORDER BY id',
    [email],
  );
  return rows;
}

/** Moves every alert window back, as if it had been set `ms` earlier. */
async function ageAlerts(ms: number) {
  await ctx.db.sql.query(
    `UPDATE saved_searches SET alert_checked_at = alert_checked_at - ($1 || ' milliseconds')::interval WHERE alert <> 'off'`,
    [String(ms)],
  );
}

describe('new-match alerts', () => {
  it('an approval that adds a matching physician gives exactly one digest, for the matching alert only', async () => {
    const matching = await saveSearch('Boston cardiology', { specialty: 'Cardiology', state: 'MA' }, 'daily');
    await saveSearch('Dermatology anywhere', { specialty: 'Dermatology' }, 'daily');
    await saveSearch('No alert', { specialty: 'Cardiology' });
    // Changes older than the window's start are not new.
    await ageAlerts(2 * DAY);
    const physicianId = await approveResume({ firstName: 'Octavia', lastName: 'Quillfeather', specialty: 'Cardiology', location: 'Boston, MA' });
    await approveResume({ firstName: 'Rufus', lastName: 'Ostrander', specialty: 'Pediatrics', location: 'Boston, MA' });

    // The window ends ALERT_SETTLE_MS before the run: run as of just after that.
    const now = new Date(Date.now() + ALERT_SETTLE_MS + 1000);
    expect(await runAlertDigests(maintenanceDeps(ctx.deps), now)).toMatchObject({ evaluated: 2, digests: 1, newMatches: 1 });

    const mail = await digestsTo(recruiter.user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('1 new physician matches "Boston cardiology"');
    expect(mail[0].text_body).toContain('Octavia Quillfeather: Cardiology, Boston, MA');
    expect(mail[0].text_body).not.toContain('Ostrander');
    const link = /See the 1 new match: (\S+)/.exec(mail[0].text_body)?.[1];
    const search = new URL(link!);
    expect(search.pathname).toBe('/search');
    expect(search.searchParams.get('specialty')).toBe('Cardiology');
    expect(search.searchParams.get('state')).toBe('MA');
    expect(Date.parse(search.searchParams.get('changedSince')!)).toBeLessThan(now.getTime() - DAY);
    // The link's search: exactly the new physician (the directory holds other cardiologists in MA).
    const older = await approveResume({ firstName: 'Otto', lastName: 'Earlier', specialty: 'Cardiology', location: 'Worcester, MA' });
    await ctx.db.sql.query(`UPDATE physicians SET updated_at = now() - interval '3 days' WHERE id = $1`, [older]);
    await ctx.deps.services.directory.directoryChanged({ ids: [older] });
    const linked = await recruiter.agent.get(`/api/physicians?${search.searchParams}`);
    expect(linked.body.results.map((r: { id: number }) => r.id)).toEqual([physicianId]);
    expect(linked.body.total).toBe(1);
    const all = await recruiter.agent.get('/api/physicians?specialty=Cardiology&state=MA');
    expect(all.body.total).toBe(2);
    const bad = await recruiter.agent.get('/api/physicians?changedSince=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.changedSince).toBe('changedSince must be a UTC date and time (YYYY-MM-DDTHH:MM:SS.sssZ)');
    const listed = await recruiter.agent.get(`/api/saved-searches`);
    expect(listed.body.savedSearches.find((s: { id: string }) => s.id === matching).alertSentAt).toBe(now.toISOString());

    // Run again at once, and a day later with nothing new: no second digest.
    expect((await runAlertDigests(maintenanceDeps(ctx.deps), now)).digests).toBe(0);
    expect(await runAlertDigests(maintenanceDeps(ctx.deps), new Date(now.getTime() + DAY))).toMatchObject({ evaluated: 2, digests: 0, newMatches: 0 });
    expect(await digestsTo(recruiter.user.email)).toHaveLength(1);
  });

  it('a weekly alert waits for its week; two runs at once (two servers) send one digest', async () => {
    const other = await ctx.signedInAgent({ tier: 'premium' });
    const created = await other.agent.post('/api/saved-searches', { name: 'Weekly neuro', params: { specialty: 'Neurology' } });
    await other.agent.request('PATCH', `/api/saved-searches/${created.body.id}`, { body: { alert: 'weekly' } });
    await ctx.db.sql.query(`UPDATE saved_searches SET alert_checked_at = alert_checked_at - interval '3 days' WHERE id = $1`, [
      created.body.id,
    ]);
    await approveResume({ firstName: 'Nell', lastName: 'Vantongeren', specialty: 'Neurology', location: 'Austin, TX' });
    const now = new Date(Date.now() + ALERT_SETTLE_MS + 1000);
    await runAlertDigests(maintenanceDeps(ctx.deps), now);
    expect(await digestsTo(other.user.email)).toHaveLength(0);

    const week = new Date(now.getTime() + 5 * DAY);
    const runs = await Promise.all([runAlertDigests(maintenanceDeps(ctx.deps), week), runAlertDigests(maintenanceDeps(ctx.deps), week)]);
    expect(runs[0].digests + runs[1].digests).toBe(1);
    const mail = await digestsTo(other.user.email);
    expect(mail.map((m) => m.subject)).toEqual(['1 new physician matches "Weekly neuro"']);
    expect(mail[0].text_body).toContain('Nell Vantongeren: Neurology, Austin, TX');
  });

  it('turning an alert on starts its window then: what matched before is not new', async () => {
    const user = await ctx.signedInAgent({ tier: 'basic' });
    await approveResume({ firstName: 'Early', lastName: 'Bird', specialty: 'Urology', location: 'Denver, CO' });
    const created = await user.agent.post('/api/saved-searches', { name: 'Urology', params: { specialty: 'Urology' } });
    await user.agent.request('PATCH', `/api/saved-searches/${created.body.id}`, { body: { alert: 'daily' } });
    await runAlertDigests(maintenanceDeps(ctx.deps), new Date(Date.now() + 2 * DAY));
    expect(await digestsTo(user.user.email)).toHaveLength(0);
  });
});

describe('setting an alert', () => {
  it('names a bad value, hides other users’ searches, and needs a sign-in', async () => {
    const id = await saveSearch('Mine', { query: 'smith' });
    const bad = await recruiter.agent.request('PATCH', `/api/saved-searches/${id}`, { body: { alert: 'hourly' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.alert).toBe('alert must be off, daily or weekly');
    const stranger = await ctx.signedInAgent();
    const hidden = await stranger.agent.request('PATCH', `/api/saved-searches/${id}`, { body: { alert: 'daily' } });
    expect(hidden.status).toBe(404);
    const anonymous = await ctx.agent().request('PATCH', `/api/saved-searches/${id}`, { body: { alert: 'daily' } });
    expect(anonymous.status).toBe(401);
    const off = await recruiter.agent.request('PATCH', `/api/saved-searches/${id}`, { body: { alert: 'off' } });
    expect(off.body.alert).toBe('off');
  });
});

describe('the one-click unsubscribe link', () => {
  it('works when signed, fails when tampered with or made for another search', async () => {
    const user = await ctx.signedInAgent({ tier: 'premium' });
    const created = await user.agent.post('/api/saved-searches', { name: 'Ortho TX', params: { specialty: 'Orthopedic Surgery' } });
    const other = await user.agent.post('/api/saved-searches', { name: 'Other', params: { query: 'x' } });
    for (const id of [created.body.id, other.body.id])
      await user.agent.request('PATCH', `/api/saved-searches/${id}`, { body: { alert: 'daily' } });
    await ageAlerts(2 * DAY);
    await approveResume({ firstName: 'Bo', lastName: 'Nesetter', specialty: 'Orthopedic Surgery', location: 'Houston, TX' });
    await runAlertDigests(maintenanceDeps(ctx.deps), new Date(Date.now() + ALERT_SETTLE_MS + 1000));
    const [mail] = await digestsTo(user.user.email);
    const link = new URL(/Unsubscribe with one click: (\S+)/.exec(mail.text_body)![1]);
    expect(link.pathname).toBe(`/alerts/${created.body.id}/unsubscribe`);
    const signature = link.searchParams.get('signature')!;
    expect(mail.html_body).toContain(`/alerts/${created.body.id}/unsubscribe?signature=${signature}`);

    const tampered = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const refused = await ctx.agent().post(`/api/saved-searches/${created.body.id}/unsubscribe`, { signature: tampered });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.signature).toMatch(/not valid/);
    const elsewhere = await ctx.agent().post(`/api/saved-searches/${other.body.id}/unsubscribe`, { signature });
    expect(elsewhere.status).toBe(400);
    const malformed = await ctx.agent().post(`/api/saved-searches/${created.body.id}/unsubscribe`, { signature: 'short' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields.signature).toBe('signature is not a valid unsubscribe signature');

    const done = await ctx.agent().post(`/api/saved-searches/${created.body.id}/unsubscribe`, { signature });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ name: 'Ortho TX' });
    const listed = await user.agent.get('/api/saved-searches');
    const alerts = Object.fromEntries(listed.body.savedSearches.map((s: { name: string; alert: string }) => [s.name, s.alert]));
    expect(alerts).toEqual({ 'Ortho TX': 'off', Other: 'daily' });
  });
});

describe('POST /api/dev/alert-runs (development tool)', () => {
  it('runs the alerts as of days ahead for a caller on this machine, names a bad value, and is hidden from others', async () => {
    const user = await ctx.signedInAgent({ tier: 'premium' });
    const created = await user.agent.post('/api/saved-searches', { name: 'Peds Ohio', params: { specialty: 'Pediatrics', state: 'OH' } });
    await user.agent.request('PATCH', `/api/saved-searches/${created.body.id}`, { body: { alert: 'weekly' } });
    await approveResume({ firstName: 'Pia', lastName: 'Delacroix', specialty: 'Pediatrics', location: 'Columbus, OH' });
    const local = ctx.agent('127.0.0.1');
    const bad = await local.post('/api/dev/alert-runs', { daysAhead: 45 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.daysAhead).toBe('daysAhead must be between 0 and 30');
    const remote = await ctx.agent('203.0.113.9').post('/api/dev/alert-runs', { daysAhead: 7 });
    expect(remote.status).toBe(404);
    const run = await local.post('/api/dev/alert-runs', { daysAhead: 7 });
    expect(run.status).toBe(200);
    expect(run.body.digests).toBeGreaterThanOrEqual(1);
    const mail = await digestsTo(user.user.email);
    expect(mail.map((m) => m.subject)).toEqual(['1 new physician matches "Peds Ohio"']);
  });
});

describe('the free cap in digests', () => {
  it(`a free user's digest lists at most ${FREE_ALERT_DIGEST_MAX} physicians; a paying user's up to ${ALERT_DIGEST_MAX}`, async () => {
    const free = await ctx.signedInAgent({ tier: 'free' });
    const paid = await ctx.signedInAgent({ tier: 'basic' });
    for (const { agent } of [free, paid]) {
      const created = await agent.post('/api/saved-searches', { name: 'Vermont cardiology', params: { specialty: 'Cardiology', state: 'VT' } });
      expect(created.status).toBe(201);
      expect((await agent.request('PATCH', `/api/saved-searches/${created.body.id}`, { body: { alert: 'daily' } })).status).toBe(200);
    }
    await ageAlerts(2 * DAY);
    const ids = await insertPhysicians(
      ctx.db,
      Array.from({ length: 24 }, (_, i) => ({
        firstName: 'Capped',
        lastName: `Physician${String(i + 1).padStart(2, '0')}`,
        specialty: 'Cardiology',
        city: 'Burlington',
        state: 'VT',
      })),
    );
    await ctx.deps.services.directory.directoryChanged({ ids });
    await runAlertDigests(maintenanceDeps(ctx.deps), new Date(Date.now() + ALERT_SETTLE_MS + 1000));

    const listedIn = async (email: string) => {
      const [digest] = await digestsTo(email);
      expect(digest.subject).toBe('24 new physicians match "Vermont cardiology"');
      return { count: digest.text_body.match(/^Capped Physician\d+: Cardiology, Burlington, VT$/gm)?.length, text: digest.text_body };
    };
    const freeDigest = await listedIn(free.user.email);
    expect(freeDigest.count).toBe(FREE_ALERT_DIGEST_MAX);
    expect(freeDigest.text).toContain('...and 4 more.');
    const paidDigest = await listedIn(paid.user.email);
    expect(paidDigest.count).toBe(24);
    expect(paidDigest.text).not.toContain('more.');
  });
});
