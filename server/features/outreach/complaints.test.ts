import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createTestContext, TestAgent } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { startSmtpServer } from '../../test/support/smtp-server';
import { startTeam } from '../../test/support/teams';

/*
 * Spam complaints from the mail provider's feedback loop (docs/decisions/066-outreach.md), on a
 * real database (both engines), the original read back from what a local SMTP server received:
 * an ARF report (RFC 5965) wrapping it, or JSON naming it, marks the message complained and stops
 * its sender's mail to that recipient at once; a second report changes nothing; the operators see
 * the complaint rate. The intake takes only OUTREACH_COMPLAINTS_TOKEN, and is off without it.
 */

const TOKEN = 'complaints-token-0123456789abcdef';
const smtp = await startSmtpServer();
const ctx = await createTestContext({
  env: {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'PhysicianDirect <outreach@physiciandirect.test>',
    COMPANY_POSTAL_ADDRESS: 'PhysicianDirect Inc., 100 Main Street, Suite 200, Boston, MA 02108, USA',
    OUTREACH_COMPLAINTS_TOKEN: TOKEN,
  },
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const physicians = await insertPhysicians(
  ctx.db,
  ['Kim', 'Lou', 'Max', 'Ned', 'Oda'].map((firstName) => ({ firstName, lastName: 'Field', specialty: 'Cardiology', city: 'Reno', state: 'NV' })),
);
const [kim, lou, max, ned, oda] = physicians;
const emailOf = (id: number) => `p${id}@example.org`;
for (const id of physicians) {
  await ctx.db.sql.query(`INSERT INTO physician_contacts (physician_id, personal_email, personal_email_verification) VALUES ($1, $2, 'valid')`, [id, emailOf(id)]);
}

const north = await startTeam(ctx, 'North Recruiting', 'north.example', 2);
const south = await startTeam(ctx, 'South Recruiting', 'south.example', 2);

const send = (agent: TestAgent, physicianIds: number[], extra: Record<string, unknown> = {}) =>
  agent.post('/api/outreach/campaigns', { source: 'selection', physicianIds, subject: 'A role near {{city}}', body: 'Dear Dr. {{lastName}},', ...extra });

async function deliverAll() {
  await ctx.deps.services.jobs.idle('mail');
  await ctx.deps.services.mailWorker.runOnce();
}

/** The message as the SMTP server received it (headers, then the body). */
const receivedBy = (to: string) => smtp.received.filter((r) => r.to.includes(to)).at(-1)!.raw;

const messageOf = async (physicianId: number) =>
  (await ctx.db.sql.query<{ id: string; status: string }>(`SELECT id, status FROM outreach_messages WHERE physician_id = $1 AND status <> 'skipped' ORDER BY created_at`, [physicianId])).rows;

/** An ARF report (RFC 5965) as a provider's feedback loop sends it: a note, the feedback part, the original. */
function arf(original: string, { feedbackType = 'abuse', originalType = 'message/rfc822' } = {}) {
  return [
    'From: fbl@mail-provider.example',
    'To: complaints@physiciandirect.test',
    'Subject: FW: A role near Reno',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="arf_7a1b"',
    '',
    '--arf_7a1b',
    'Content-Type: text/plain',
    '',
    'A recipient marked this message as spam.',
    '--arf_7a1b',
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${feedbackType}`,
    'User-Agent: ProviderFBL/2.0',
    'Version: 1',
    '',
    '--arf_7a1b',
    `Content-Type: ${originalType}`,
    '',
    original,
    '--arf_7a1b--',
    '',
  ].join('\r\n');
}

const intake = () => ctx.agent();
const report = (body: string, headers: Record<string, string> = {}) =>
  intake().request('POST', '/api/outreach/complaints', {
    body,
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${TOKEN}`, ...headers },
    csrf: false,
  });
const reportJson = (messageId: string, authorization = `Bearer ${TOKEN}`) =>
  intake().request('POST', '/api/outreach/complaints', { body: { messageId }, headers: { authorization }, csrf: false });

describe('spam complaints', () => {
  it('an ARF report wrapping the message as sent marks it complained and stops that sender’s mail to the recipient at once; a second report changes nothing', async () => {
    expect((await send(north.owner.agent, [kim])).body.sendable).toBe(1);
    await deliverAll();
    const [sent] = await messageOf(kim);
    const raw = receivedBy(emailOf(kim));
    expect(raw).toMatch(new RegExp(`^Message-ID:\\s+<${sent.id}\\.outreach@physiciandirect\\.test>`, 'mi'));
    // North also scheduled Kim for tomorrow: the complaint withdraws it; South may still write.
    expect((await send(north.owner.agent, [kim], { sendAt: new Date(Date.now() + 86_400_000).toISOString() })).body.sendable).toBe(1);

    const first = await report(arf(raw));
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ outcome: 'recorded', messageId: sent.id, detail: expect.any(String) });
    expect((await messageOf(kim)).map((m) => m.status)).toEqual(['complained', 'cancelled']);
    const { rows: unsubscribes } = await ctx.db.sql.query(`SELECT email, sender FROM outreach_unsubscribes`);
    expect(unsubscribes).toEqual([{ email: emailOf(kim), sender: north.teamId }]);
    expect((await send(north.owner.agent, [kim])).body.skipped.unsubscribed).toBe(1);
    const check = await south.owner.agent.post('/api/outreach/campaigns/check', { source: 'selection', physicianIds: [kim] });
    expect(check.body.sendable).toBe(1);

    const second = await report(arf(raw));
    expect(second.body).toMatchObject({ outcome: 'already_recorded', messageId: sent.id });
    const { rows: audits } = await ctx.db.sql.query(`SELECT target_id, details FROM audit_events WHERE action = 'outreach.complained'`);
    expect(audits).toEqual([{ target_id: sent.id, details: { source: 'arf', feedbackType: 'abuse', sender: north.teamId, withdrawn: 1 } }]);
    const campaigns = await north.owner.agent.get('/api/outreach/campaigns');
    expect(campaigns.body.campaigns.find((c: { complained: number }) => c.complained === 1)).toMatchObject({ sent: 1, complained: 1 });
  });

  it('finds the message by JSON {messageId} (ours as sent, or the bare id) and by an ARF report that kept only the headers', async () => {
    expect((await send(north.owner.agent, [lou, max])).body.sendable).toBe(2);
    await deliverAll();
    const [louMessage] = await messageOf(lou);
    const messageIdHeader = /^Message-ID:\s+(<[^>]+>)/im.exec(receivedBy(emailOf(lou)))![1];
    const byHeader = await reportJson(messageIdHeader);
    expect(byHeader.body).toMatchObject({ outcome: 'recorded', messageId: louMessage.id });
    expect((await reportJson(louMessage.id)).body).toMatchObject({ outcome: 'already_recorded', messageId: louMessage.id });

    const [maxMessage] = await messageOf(max);
    const headersOnly = receivedBy(emailOf(max)).split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ').split('\r\n').filter((line) => /^(Message-ID|Subject|From):/i.test(line)).join('\r\n');
    expect(headersOnly).not.toContain('unsubscribe');
    const byHeaders = await report(arf(headersOnly, { originalType: 'text/rfc822-headers' }));
    expect(byHeaders.body).toMatchObject({ outcome: 'recorded', messageId: maxMessage.id });
    expect((await messageOf(max))[0].status).toBe('complained');
  });

  it('takes the report as multipart/report with the boundary in the HTTP header, and HTTP Basic with the token as the password', async () => {
    expect((await send(south.owner.agent, [ned])).body.sendable).toBe(1);
    await deliverAll();
    const whole = arf(receivedBy(emailOf(ned)));
    const body = whole.slice(whole.indexOf('\r\n\r\n') + 4);
    const answer = await report(body, {
      'content-type': 'multipart/report; report-type=feedback-report; boundary="arf_7a1b"',
      authorization: `Basic ${Buffer.from(`fbl:${TOKEN}`).toString('base64')}`,
    });
    expect(answer.body).toMatchObject({ outcome: 'recorded' });
    expect((await messageOf(ned))[0].status).toBe('complained');
  });

  it('records nothing for what is not a complaint about our outreach, and refuses what is not a report', async () => {
    expect((await send(south.owner.agent, [oda])).body.sendable).toBe(1);
    await deliverAll();
    const raw = receivedBy(emailOf(oda));
    expect((await report(arf(raw, { feedbackType: 'not-spam' }))).body).toMatchObject({ outcome: 'ignored', messageId: null });
    const other = 'Message-ID: <abc@mailer.example>\r\nSubject: Reset your password\r\n\r\nhttp://localhost:3000/reset-password?token=x';
    expect((await report(arf(other))).body).toMatchObject({ outcome: 'ignored', messageId: null });
    // A link of ours with a signature someone made up names nothing.
    const [odaMessage] = await messageOf(oda);
    const forged = `List-Unsubscribe: <http://localhost:3000/api/outreach/unsubscribe?m=${odaMessage.id}&s=${'A'.repeat(43)}>\r\nSubject: A role\r\n\r\nDear Dr. Field,`;
    expect((await report(arf(forged))).body).toMatchObject({ outcome: 'ignored' });
    expect((await messageOf(oda))[0].status).toBe('sent');

    const notArf = await report('Subject: hello\r\n\r\nPlease stop.');
    expect(notArf.status).toBe(400);
    expect(Object.keys(notArf.body.error.fields)).toEqual(['body']);
    expect((await report('')).status).toBe(400);
    const badJson = await intake().request('POST', '/api/outreach/complaints', { body: { id: 1 }, headers: { authorization: `Bearer ${TOKEN}` }, csrf: false });
    expect(badJson.status).toBe(400);
    expect(Object.keys(badJson.body.error.fields)).toEqual(['messageId']);
    expect((await reportJson('<random@elsewhere.example>')).body).toMatchObject({ outcome: 'ignored' });
  });

  it('takes only the token: none or a wrong one is 401 before the body is read; without OUTREACH_COMPLAINTS_TOKEN the intake is off (404)', async () => {
    const [oda1] = await messageOf(oda);
    expect((await reportJson(oda1.id, '')).status).toBe(401);
    expect((await reportJson(oda1.id, `Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await reportJson(oda1.id, `Basic ${Buffer.from(`fbl:wrong`).toString('base64')}`)).status).toBe(401);
    // A recruiter's session or API key is no credential here.
    const signedIn = await north.owner.agent.request('POST', '/api/outreach/complaints', { body: { messageId: oda1.id } });
    expect(signedIn.status).toBe(401);
    expect((await messageOf(oda))[0].status).toBe('sent');

    const off = new TestAgent(createApp({ deps: { ...ctx.deps, env: { ...ctx.deps.env, OUTREACH_COMPLAINTS_TOKEN: undefined } } }));
    const answer = await off.request('POST', '/api/outreach/complaints', { body: { messageId: oda1.id }, csrf: false });
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toMatch(/OUTREACH_COMPLAINTS_TOKEN is not set/);
  });

  it('the operators see each sender’s complaints and complaint rate', async () => {
    const admin = await ctx.signedInAgent({ role: 'admin' });
    const { senders } = (await admin.agent.get('/api/admin/outreach/senders')).body as { senders: Array<Record<string, number | string>> };
    const northRow = senders.find((s) => s.sender === north.teamId)!;
    // Kim, Lou and Max complained of North's 3 delivered messages; Ned of one of South's 2.
    expect(northRow).toMatchObject({ sent: 3, complained: 3, complaintRate: 1 });
    expect(senders.find((s) => s.sender === south.teamId)).toMatchObject({ sent: 2, complained: 1, complaintRate: 0.5 });
  });
});
