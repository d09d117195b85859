import { afterAll, describe, expect, it } from 'vitest';
import { PREFERENCES_LINK_MESSAGES } from '../../../contract/outreach';
import { createTestContext } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { addSuppressions } from '../removal';

/*
 * The preference centre's link asked for by email (docs/decisions/066-outreach.md), on a real
 * database (both engines), mail read back from the outbox the app wrote: the same answer for any
 * address and mail only to a physician's, one use within 24 hours, the page credential for an hour
 * opening that physician's choices and 'who contacted me' only, the rate limits per IP and address.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

const [gia, hal, ivy, jo] = await insertPhysicians(ctx.db, [
  { firstName: 'Gia', lastName: 'Marsh', specialty: 'Cardiology', city: 'Reno', state: 'NV' },
  { firstName: 'Hal', lastName: 'Okafor', specialty: 'Cardiology', city: 'Reno', state: 'NV' },
  { firstName: 'Ivy', lastName: 'Stone', specialty: 'Urology', city: 'Reno', state: 'NV', npi: '1999999991' },
  { firstName: 'Jo', lastName: 'Pratt', specialty: 'Urology', city: 'Reno', state: 'NV' },
]);
// Gia's work email is valid; Hal's too (a recruiter writes to him); Ivy asked for removal (her
// address is on the suppression list); Jo's address was reported wrong by a customer.
await ctx.db.sql.query(
  `INSERT INTO physician_contacts (physician_id, personal_email, personal_email_verification, work_email, work_email_verification, personal_email_status) VALUES
     ($1, NULL, 'unknown', 'gia.marsh@clinic.example', 'valid', 'unverified'),
     ($2, 'hal@example.org', 'valid', NULL, 'unknown', 'verified'),
     ($3, 'ivy@example.org', 'valid', NULL, 'unknown', 'verified'),
     ($4, 'jo@example.org', 'valid', NULL, 'unknown', 'reported')`,
  [gia, hal, ivy, jo],
);
await addSuppressions(ctx.db, { emails: ['ivy@example.org'], npis: [] });

/** A caller at its own IP address (the per-IP limit counts each test's own). */
let nextIp = 1;
const visitor = () => ctx.agent(`198.51.100.${nextIp++}`);

const ask = (agent: ReturnType<typeof visitor>, email: string) => agent.post('/api/outreach/preferences/link', { email });

/** The mails the app queued to `to`, newest first. */
async function mailsTo(to: string) {
  const { rows } = await ctx.db.sql.query<{ subject: string; text_body: string; html_body: string }>(
    `SELECT subject, text_body, html_body FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC`,
    [to],
  );
  return rows;
}

/** The token of the newest preferences link mailed to `to`. */
async function tokenMailedTo(to: string): Promise<string> {
  const [mail] = await mailsTo(to);
  return decodeURIComponent(/\/my-preferences\?token=([\w%-]+)/.exec(mail.text_body)![1]);
}

/** A recruiter's email to `physicianId`, delivered (the outbox is the mailbox here). */
async function writeTo(physicianId: number, subject: string) {
  const recruiter = await ctx.signedInAgent({ tier: 'premium' });
  await ctx.db.sql.query(`UPDATE users SET name = $2 WHERE id = $1`, [recruiter.user.id, `${subject} Recruiter`]);
  const sent = await recruiter.agent.post('/api/outreach/campaigns', { source: 'selection', physicianIds: [physicianId], subject, body: 'Dear Dr. {{lastName}},' });
  expect(sent.body.sendable, JSON.stringify(sent.body)).toBe(1);
  await ctx.deps.services.jobs.idle('mail');
  await ctx.deps.services.mailWorker.runOnce();
}

describe('the preference centre’s emailed link', () => {
  it('mails a physician’s address a link that opens their own choices once; the page credential reads and saves', async () => {
    await writeTo(gia, 'Cardiology in Reno');
    await writeTo(hal, 'Someone else');
    const asked = await ask(visitor(), ' Gia.Marsh@Clinic.example ');
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: PREFERENCES_LINK_MESSAGES.sent });

    const [mail] = await mailsTo('gia.marsh@clinic.example');
    expect(mail.subject).toBe('Your recruiter email preferences at PhysicianDirect');
    expect(mail.text_body).toMatch(/^Open my preferences: http:\/\/localhost:3000\/my-preferences\?token=[\w-]{43}$/m);
    expect(mail.text_body).toContain('This link works once, within 24 hours.');
    const token = await tokenMailedTo('gia.marsh@clinic.example');

    const physician = visitor();
    const opened = await physician.post('/api/outreach/preferences/access', { token });
    expect(opened.status, opened.text).toBe(200);
    const hour = new Date(opened.body.expiresAt).getTime() - Date.now();
    expect(hour).toBeGreaterThan(59 * 60_000);
    expect(hour).toBeLessThanOrEqual(60 * 60_000);
    const access = opened.body.access as string;
    const page = `/api/outreach/preferences?access=${encodeURIComponent(access)}`;
    const read = await physician.get(page);
    expect(read.status).toBe(200);
    // Only Gia's own: the recruiter who wrote to Hal is not listed.
    expect(read.body).toMatchObject({ name: 'Gia Marsh', status: 'open', monthlyMax: 4, unsubscribed: false });
    expect(read.body.contactedBy).toEqual([{ sender: 'Cardiology in Reno Recruiter', at: expect.any(String) }]);
    const saved = await physician.put(page, { status: 'looking', monthlyMax: 2, locations: ['Reno, NV'], specialties: [] });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'looking', monthlyMax: 2 });
    const { rows } = await ctx.db.sql.query(`SELECT status, monthly_max FROM outreach_preferences WHERE physician_id = $1`, [gia]);
    expect(rows).toEqual([{ status: 'looking', monthly_max: 2 }]);

    // Single use: the same link again is refused, and says so.
    const again = await visitor().post('/api/outreach/preferences/access', { token });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'invalid_token', message: PREFERENCES_LINK_MESSAGES.used, fields: { token: PREFERENCES_LINK_MESSAGES.used } });
    // A made-up credential opens nothing.
    expect((await visitor().get(`/api/outreach/preferences?access=${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('a link past its 24 hours is refused as expired; the page credential ends after its hour', async () => {
    expect((await ask(visitor(), 'hal@example.org')).status).toBe(202);
    const token = await tokenMailedTo('hal@example.org');
    await ctx.db.sql.query(`UPDATE outreach_preference_links SET expires_at = now() - interval '1 minute' WHERE physician_id = $1`, [hal]);
    const late = await visitor().post('/api/outreach/preferences/access', { token });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe(PREFERENCES_LINK_MESSAGES.expired);
    expect((await visitor().post('/api/outreach/preferences/access', { token: 'not-a-token' })).body.error.message).toBe(PREFERENCES_LINK_MESSAGES.invalid);

    expect((await ask(visitor(), 'hal@example.org')).status).toBe(202);
    const opened = await visitor().post('/api/outreach/preferences/access', { token: await tokenMailedTo('hal@example.org') });
    expect(opened.status).toBe(200);
    const page = `/api/outreach/preferences?access=${encodeURIComponent(opened.body.access)}`;
    expect((await visitor().get(page)).body.name).toBe('Hal Okafor');
    await ctx.db.sql.query(`UPDATE outreach_preference_links SET access_expires_at = now() - interval '1 second' WHERE physician_id = $1`, [hal]);
    const over = await visitor().get(page);
    expect(over.status).toBe(404);
    expect(over.body.error.message).toBe(PREFERENCES_LINK_MESSAGES.accessExpired);
    expect((await visitor().put(page, { status: 'open', monthlyMax: 4, locations: [], specialties: [] })).status).toBe(404);
  });

  it('answers the same for any address, and mails nobody but a physician the directory holds (not removed, not reported wrong)', async () => {
    const before = (await ctx.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox`)).rows[0].n;
    const answers = [];
    for (const email of ['nobody@example.org', 'ivy@example.org', 'jo@example.org']) {
      const answer = await ask(visitor(), email);
      answers.push({ status: answer.status, body: answer.body });
    }
    expect(answers).toEqual(Array(3).fill({ status: 202, body: { message: PREFERENCES_LINK_MESSAGES.sent } }));
    expect((await ctx.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox`)).rows[0].n).toBe(before);
    const { rows } = await ctx.db.sql.query(`SELECT details FROM audit_events WHERE action = 'outreach.preferences_link_requested' ORDER BY id DESC LIMIT 3`);
    expect(rows.map((r) => r.details)).toEqual(Array(3).fill({ known: false }));
    // A bad address names the field; a call without the CSRF header is refused like every public form's.
    expect((await ask(visitor(), 'not an email')).body.error.fields).toEqual({ email: expect.any(String) });
    expect((await visitor().post('/api/outreach/preferences/link', { email: 'hal@example.org' }, { csrf: false })).status).toBe(403);
  });

  it('limits asking per address (3 an hour) and per IP (10 an hour), with Retry-After, whatever the address', async () => {
    for (let i = 0; i < 3; i++) expect((await ask(visitor(), 'unknown.someone@example.org')).status).toBe(202);
    const fourth = await ask(visitor(), 'Unknown.Someone@example.org');
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toMatch(/^\d+$/);

    const sweeper = visitor();
    for (let i = 0; i < 10; i++) expect((await ask(sweeper, `sweep${i}@example.org`)).status).toBe(202);
    expect((await ask(sweeper, 'gia.marsh@clinic.example')).status).toBe(429);
    expect((await ask(visitor(), 'gia.marsh@clinic.example')).status).toBe(202);
  });
});
