import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { decodeQuotedPrintable, startSmtpServer } from '../../test/support/smtp-server';
import { startTeam } from '../../test/support/teams';

/*
 * Outreach (docs/decisions/066-outreach.md) on a real database (both engines), mail through a local
 * SMTP server: the headers and footer read back from what the server received, the one-click POST
 * with no cookie (and still good after 30 days), the contact limit across two teams queueing at
 * once (never one more), the physician's preferences, unsubscribe withdrawing queued mail, bounces.
 */

const smtp = await startSmtpServer({ rejects: ['gone@example.org'] });
const ctx = await createTestContext({
  env: {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'PhysicianDirect <outreach@physiciandirect.test>',
    COMPANY_POSTAL_ADDRESS: 'PhysicianDirect Inc., 100 Main Street, Suite 200, Boston, MA 02108, USA',
  },
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const [ada, ben, cy, dee, eve] = await insertPhysicians(ctx.db, [
  { firstName: 'Ada', lastName: 'Renoir', specialty: 'Cardiology', city: 'Reno', state: 'NV' },
  { firstName: 'Ben', lastName: 'Tahoma', specialty: 'Cardiology', city: 'Carson City', state: 'NV' },
  { firstName: 'Cy', lastName: 'Elkins', specialty: 'Pediatrics', city: 'Elko', state: 'NV' },
  { firstName: 'Dee', lastName: 'Winnem', specialty: 'Urology', city: 'Reno', state: 'NV' },
  { firstName: 'Eve', lastName: 'Gone', specialty: 'Urology', city: 'Sparks', state: 'NV' },
]);
// Checked valid, except Cy's (unknown) and Eve's (valid by the check, refused by the mailbox).
await ctx.db.sql.query(
  `INSERT INTO physician_contacts (physician_id, personal_email, personal_email_verification) VALUES
     ($1, 'ada@example.org', 'valid'), ($2, 'ben@example.org', 'valid'), ($3, 'cy@example.org', 'unknown'),
     ($4, 'dee@example.org', 'valid'), ($5, 'gone@example.org', 'valid')`,
  [ada, ben, cy, dee, eve],
);

const north = await startTeam(ctx, 'North Recruiting', 'north.example', 3);
const south = await startTeam(ctx, 'South Recruiting', 'south.example', 3);

const send = (agent: typeof north.owner.agent, physicianIds: number[], extra: Record<string, unknown> = {}) =>
  agent.post('/api/outreach/campaigns', {
    source: 'selection',
    physicianIds,
    subject: 'A {{specialty}} role near {{city}}',
    body: 'Dear Dr. {{lastName}},\n\nWe have a {{specialty}} opening paying {{payRange}}.',
    payRange: '$450k-$520k',
    ...extra,
  });

const messagesOf = async (physicianId: number) =>
  (await ctx.db.sql.query<{ status: string; skip_reason: string | null }>(`SELECT status, skip_reason FROM outreach_messages WHERE physician_id = $1 ORDER BY created_at`, [physicianId])).rows;

/** Every queued mail delivered: a pass the send woke may have claimed its batch before the newest mail. */
async function deliverAll() {
  await ctx.deps.services.jobs.idle('mail');
  await ctx.deps.services.mailWorker.runOnce();
}

/** The one-click link of the first mail to `to`. */
async function unsubscribeLink(to: string): Promise<string> {
  const { rows } = await ctx.db.sql.query<{ headers: Record<string, string> }>(
    `SELECT headers FROM email_outbox WHERE to_address = $1 AND headers IS NOT NULL ORDER BY id LIMIT 1`,
    [to],
  );
  const url = new URL(/^<(.+)>$/.exec(rows[0].headers['List-Unsubscribe'])![1]);
  return url.pathname + url.search;
}

describe('outreach', () => {
  it('sends through SMTP with the one-click headers, Reply-To, the sender’s name, the postal address and the merge fields', async () => {
    const sent = await send(north.owner.agent, [ada, cy]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ recipients: 2, sendable: 1, skipped: { no_valid_email: 1 } });
    await deliverAll();
    const mail = smtp.received.find((r) => r.to.includes('ada@example.org'))!;
    // The headers as sent, unfolded (a long header continues on lines that start with a space); the
    // body quoted-printable-decoded (never the headers: 'm=12...' in the link is no escape).
    const split = mail.raw.indexOf('\r\n\r\n');
    const raw = mail.raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ') + decodeQuotedPrintable(mail.raw.slice(split));
    // The header as a whole, whitespace left out (a long header may be folded inside the address).
    const listUnsubscribe = /^List-Unsubscribe: (.*)$/m.exec(raw)![1].replace(/\s+/g, '');
    expect(listUnsubscribe).toMatch(/^<http:\/\/localhost:3000\/api\/outreach\/unsubscribe\?m=[0-9a-f-]{36}&s=[\w-]{43}>$/);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(raw).toMatch(new RegExp(`^Reply-To: ${north.owner.user.email}`, 'm'));
    expect(raw).toMatch(/^From: .*via PhysicianDirect.* <outreach@physiciandirect\.test>/m);
    expect(raw).toMatch(/^Subject: A Cardiology role near Reno/m);
    expect(raw).toContain('Dear Dr. Renoir,');
    expect(raw).toContain('paying $450k-$520k');
    expect(raw).toContain('PhysicianDirect Inc., 100 Main Street, Suite 200, Boston, MA 02108, USA');
    expect(raw).toContain('Unsubscribe from recruiter emails');
    expect(await messagesOf(ada)).toEqual([{ status: 'sent', skip_reason: null }]);
    const campaign = await north.owner.agent.get(`/api/outreach/campaigns/${sent.body.id}`);
    expect(campaign.body).toMatchObject({ recipients: 2, sent: 1, skipped: { no_valid_email: 1 } });
  });

  it('one click (a POST with no cookie or header) stops every customer’s outreach at once, withdraws queued mail, and works 30 days later', async () => {
    // South schedules Ada for tomorrow; North's link from the first test unsubscribes her.
    const later = await send(south.owner.agent, [ada], { sendAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(later.body.sendable).toBe(1);
    const link = await unsubscribeLink('ada@example.org');
    const anonymous = ctx.agent();
    const clicked = await anonymous.request('POST', link, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(clicked.status, JSON.stringify(clicked.body)).toBe(200);
    expect(clicked.body).toMatchObject({ email: 'a…@example.org', scope: 'all', sender: 'North Recruiting' });
    expect((await messagesOf(ada)).map((m) => m.status)).toEqual(['unsubscribed', 'cancelled']);
    const { rows: outbox } = await ctx.db.sql.query(`SELECT status FROM email_outbox WHERE to_address = 'ada@example.org' ORDER BY id`);
    expect(outbox.map((r) => r.status)).toEqual(['sent', 'cancelled']);
    expect((await send(south.owner.agent, [ada])).body.skipped.unsubscribed).toBe(1);
    // Thirty-one days on, the same link still answers and still stops everything.
    await ctx.db.sql.query(`UPDATE outreach_messages SET created_at = created_at - interval '31 days', sent_at = sent_at - interval '31 days'`);
    expect((await anonymous.request('POST', link, { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' }, csrf: false })).status).toBe(200);
    expect((await anonymous.get(link)).body).toMatchObject({ scope: 'all' });
    // A link someone made up is refused.
    expect((await anonymous.request('POST', link.replace(/s=[\w-]+/, 's=' + 'x'.repeat(43)), { csrf: false })).status).toBe(404);
  });

  it('two teams queueing at once never pass the limit of 4 in 30 days', async () => {
    // Ben got 3 recruiter emails already (another customer's): one place is left.
    for (let i = 0; i < 3; i++) expect((await send(north.owner.agent, [ben])).body.sendable).toBe(1);
    const [a, b] = await Promise.all([send(north.owner.agent, [ben, dee]), send(south.owner.agent, [ben, dee])]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const counted = (await messagesOf(ben)).filter((m) => m.status !== 'skipped').length;
    expect(counted).toBe(4);
    expect(a.body.sendable + b.body.sendable).toBe(3); // Ben once, Dee twice
    const blocked = a.body.skipped.contact_limit ? a.body : b.body;
    expect(blocked.summary).toMatch(/^1 of 2 will receive it\. 1 of 2 have reached their contact limit until [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);
    const checked = await north.owner.agent.post('/api/outreach/campaigns/check', { source: 'selection', physicianIds: [ben, dee] });
    expect(checked.body).toMatchObject({ recipients: 2, sendable: 1, skipped: { contact_limit: 1 } });
  });

  it('a physician’s preferences: fewer emails a month, or none when not looking', async () => {
    await ctx.db.sql.query(`INSERT INTO outreach_preferences (physician_id, status, monthly_max) VALUES ($1, 'open', 2)`, [dee]);
    // Dee has 2 this month already: at her own limit of 2.
    expect((await send(south.owner.agent, [dee])).body.skipped.contact_limit).toBe(1);
    await ctx.db.sql.query(`UPDATE outreach_preferences SET status = 'not_looking', monthly_max = 4 WHERE physician_id = $1`, [dee]);
    expect((await send(south.owner.agent, [dee])).body.skipped.not_looking).toBe(1);
  });

  it('a permanent SMTP refusal marks the message bounced and the address invalid, and the search index follows at once', async () => {
    const recruiter = await ctx.signedInAgent({ tier: 'premium' });
    const verifiedEmails = async () =>
      ((await recruiter.agent.get('/api/physicians?state=NV&specialty=Urology&emailVerified=true')).body.results as Array<{ id: number }>).map((r) => r.id);
    await ctx.deps.services.directory.directoryChanged({ ids: [eve] });
    expect(await verifiedEmails()).toContain(eve);
    const sent = await send(north.owner.agent, [eve]);
    expect(sent.body.sendable).toBe(1);
    await deliverAll();
    expect(await messagesOf(eve)).toEqual([{ status: 'bounced', skip_reason: null }]);
    const { rows } = await ctx.db.sql.query(`SELECT personal_email_verification FROM physician_contacts WHERE physician_id = $1`, [eve]);
    expect(rows[0].personal_email_verification).toBe('invalid');
    // The bounce re-read Eve into the index (nobody called directoryChanged): no verified email, no Email button.
    expect(await verifiedEmails()).not.toContain(eve);
    const card = (await recruiter.agent.get('/api/physicians?state=NV&specialty=Urology')).body.results.find((r: { id: number }) => r.id === eve);
    expect(card.hasEmail).toBe(false);
    expect((await send(north.owner.agent, [eve])).body.skipped.no_valid_email).toBe(1);
    expect((await north.owner.agent.get(`/api/outreach/campaigns/${sent.body.id}`)).body).toMatchObject({ bounced: 1 });
  });

  it('refuses bad input with the field named, and free users', async () => {
    const unknownField = await send(north.owner.agent, [ada], { body: 'Hello {{nickname}}' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error.fields).toEqual({ body: 'body: {{nickname}} is not a merge field' });
    const noSubject = await send(north.owner.agent, [ada], { subject: '  ' });
    expect(noSubject.body.error.fields).toEqual({ subject: 'Enter a subject.' });
    const free = await ctx.signedInAgent({ tier: 'free' });
    expect((await send(free.agent, [ada])).status).toBe(403);
  });
});

describe('the preference centre', () => {
  it('opens from a message’s link, saves the physician’s choices (applied to the next send), lists who wrote, shows the badge', async () => {
    const [fay] = await insertPhysicians(ctx.db, [{ firstName: 'Fay', lastName: 'Holt', specialty: 'Cardiology', city: 'Reno', state: 'NV' }]);
    await ctx.db.sql.query(`INSERT INTO physician_contacts (physician_id, personal_email, personal_email_verification) VALUES ($1, 'fay@example.org', 'valid')`, [fay]);
    expect((await send(north.owner.agent, [fay])).body.sendable).toBe(1);
    await deliverAll();
    const link = (await unsubscribeLink('fay@example.org')).replace('/api/outreach/unsubscribe', '/api/outreach/preferences');
    const physician = ctx.agent();
    expect((await physician.get(link)).body).toMatchObject({
      name: 'Fay Holt',
      status: 'open',
      monthlyMax: 4,
      unsubscribed: false,
      contactedBy: [{ sender: 'North Recruiting', at: expect.any(String) }],
    });
    const bad = await physician.request('PUT', link, { body: { status: 'open', monthlyMax: 9, locations: [], specialties: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ monthlyMax: 'monthlyMax must be from 0 to 4' });
    const saved = await physician.request('PUT', link, { body: { status: 'looking', monthlyMax: 1, locations: ['Reno, NV'], specialties: ['Cardiology'] } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'looking', monthlyMax: 1, locations: ['Reno, NV'] });
    // One a month, and she had one: South is told before sending.
    const checked = await south.owner.agent.post('/api/outreach/campaigns/check', { source: 'selection', physicianIds: [fay] });
    expect(checked.body).toMatchObject({ sendable: 0, skipped: { contact_limit: 1 } });
    expect((await south.owner.agent.get(`/api/physicians/${fay}`)).body.lookingStatus).toBe('looking');
    await ctx.deps.services.directory.directoryChanged({ ids: [fay] });
    const page = await south.owner.agent.get('/api/physicians?state=NV&specialty=Cardiology');
    expect(page.body.looking).toEqual([{ physicianId: fay, status: 'looking' }]);
    // A free user (who cannot email) is not told.
    const free = await ctx.signedInAgent({ tier: 'free' });
    expect((await free.agent.get('/api/physicians?state=NV&specialty=Cardiology')).body.looking).toEqual([]);
    // Another physician's link does not open Fay's choices, and a made-up one opens nothing.
    expect((await physician.get(link.replace(/s=[\w-]+/, `s=${'A'.repeat(43)}`))).status).toBe(404);
  });
});

describe('the operators’ view of senders', () => {
  it('shows each sender’s sent, bounced and unsubscribed with rates; a suspended sender cannot send until restored', async () => {
    const admin = await ctx.signedInAgent({ role: 'admin' });
    const listed = await admin.agent.get('/api/admin/outreach/senders');
    expect(listed.status).toBe(200);
    const northRow = listed.body.senders.find((s: { name: string }) => s.name === 'North Recruiting');
    // Eve's bounce counts; Ada's unsubscribe was moved 31 days back above, out of the window.
    expect(northRow).toMatchObject({ sender: north.teamId, suspended: false, bounced: 1, unsubscribed: 0, complained: 0, complaintRate: 0 });
    expect(northRow.bounceRate).toBeCloseTo(1 / northRow.sent, 4);
    expect((await north.owner.agent.get('/api/admin/outreach/senders')).status).toBe(403);

    const suspend = await admin.agent.put(`/api/admin/outreach/senders/${north.teamId}/suspension`, { suspended: true });
    expect(suspend.status).toBe(204);
    const refused = await send(north.owner.agent, [ben]);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Sending email to physicians is suspended for your account. Contact PhysicianDirect support.');
    expect((await admin.agent.get('/api/admin/outreach/senders')).body.senders.find((s: { sender: string }) => s.sender === north.teamId).suspended).toBe(true);
    expect((await admin.agent.put(`/api/admin/outreach/senders/${north.teamId}/suspension`, { suspended: false })).status).toBe(204);
    expect((await send(north.owner.agent, [ben])).status).toBe(201);
    const { rows } = await ctx.db.sql.query(`SELECT action FROM audit_events WHERE action LIKE 'outreach.sender_%' ORDER BY id`);
    expect(rows.map((r) => r.action)).toEqual(['outreach.sender_suspended', 'outreach.sender_restored']);
    expect((await admin.agent.put(`/api/admin/outreach/senders/00000000-0000-4000-8000-000000000000/suspension`, { suspended: true })).status).toBe(404);
  });
});
