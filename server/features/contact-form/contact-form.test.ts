import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES as M } from '../../../contract/contact-form';
import { createTestContext, TestAgent, type TestResponse } from '../../test/harness';
import { CONTACT_RATE_LIMITS } from './rate-limits';

const ctx = await createTestContext({
  env: { TRUST_PROXY: '1', ADMIN_EMAILS: 'boss@example.com', CONTACT_INBOX: 'help@example.com, ops@example.com' },
});
afterAll(() => ctx.close());

class IpAgent extends TestAgent {
  constructor(readonly ip = `10.${randomBytes(3).join('.')}`) {
    super(ctx.app);
  }
  override request<T>(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {}): Promise<TestResponse<T>> {
    return super.request<T>(method, path, { ...options, headers: { 'x-forwarded-for': this.ip, ...options.headers } });
  }
}

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Rita Recruiter',
    email: `rita-${randomBytes(4).toString('hex')}@agency.example`,
    subject: 'Question about plans',
    message: 'Do you offer team accounts for five recruiters?',
    ...overrides,
  };
}

async function storedFrom(email: string) {
  const { rows } = await ctx.db.sql.query<{ name: string; subject: string; message: string }>(
    'SELECT name, subject, message FROM contact_messages WHERE email = $1',
    [email],
  );
  return rows;
}

async function mailsAbout(email: string) {
  const { rows } = await ctx.db.sql.query<{ to_address: string; subject: string; text_body: string; html_body: string }>(
    "SELECT to_address, subject, text_body, html_body FROM email_outbox WHERE text_body LIKE '%' || $1 || '%' ORDER BY to_address",
    [email],
  );
  return rows;
}

describe('POST /api/contact-messages', () => {
  it('stores the message and queues a copy to every CONTACT_INBOX address', async () => {
    const body = message({ name: '  Rita Recruiter ', message: 'Line one\nLine <b>two</b> & more' });
    const res = await new IpAgent().post('/api/contact-messages', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true });
    expect(await storedFrom(body.email)).toEqual([
      { name: 'Rita Recruiter', subject: 'Question about plans', message: 'Line one\nLine <b>two</b> & more' },
    ]);
    const mails = await mailsAbout(body.email);
    expect(mails.map((m) => m.to_address)).toEqual(['help@example.com', 'ops@example.com']);
    expect(mails[0].subject).toBe('Contact form: Question about plans');
    expect(mails[0].text_body).toContain(`From: Rita Recruiter <${body.email}>`);
    expect(mails[0].text_body).toContain('Line <b>two</b> & more');
    expect(mails[0].text_body).toContain('http://localhost:3000/admin/messages');
    // The visitor's text cannot inject markup into the operators' mail.
    expect(mails[0].html_body).toContain('Line &#60;b&#62;two&#60;/b&#62; &#38; more');
    expect(mails[0].html_body).not.toContain('<b>');
  });

  it('keeps a subject on one line in the mail subject', async () => {
    const body = message({ subject: 'Hello\r\nBcc: victim@example.com' });
    expect((await new IpAgent().post('/api/contact-messages', body)).status).toBe(201);
    const [mail] = await mailsAbout(body.email);
    expect(mail.subject).toBe('Contact form: Hello Bcc: victim@example[.]com');
  });

  it('a name, subject and message carrying links reach the operators as plain text, never as links', async () => {
    const link = 'verify at https://evil.example/login or evil.example/login';
    const body = message({ name: `Rita ${link}`.slice(0, 100), subject: `Urgent: ${link}`, message: `Please ${link} today.` });
    expect((await new IpAgent().post('/api/contact-messages', body)).status).toBe(201);
    const mails = await mailsAbout(body.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      for (const part of [mail.subject, mail.text_body, mail.html_body]) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('https://evil');
      }
      expect(mail.html_body).not.toMatch(/<a [^>]*evil/);
      expect(mail.text_body).toContain('Please verify at https[:]//evil[.]example/login or evil[.]example/login today.');
    }
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['name of 1 character', { name: 'R' }, 'name', M.nameTooShort],
    ['name of spaces', { name: '    ' }, 'name', M.nameTooShort],
    ['name missing', { name: undefined }, 'name', M.nameTooShort],
    ['email malformed', { email: 'rita@' }, 'email', M.emailInvalid],
    ['email missing', { email: undefined }, 'email', M.emailInvalid],
    ['subject of 4 characters', { subject: 'Help' }, 'subject', M.subjectTooShort],
    ['subject padded to 5', { subject: '  Hi  ' }, 'subject', M.subjectTooShort],
    ['message of 9 characters', { message: 'Too short' }, 'message', M.messageTooShort],
    ['message missing', { message: undefined }, 'message', M.messageTooShort],
  ];
  it.each(invalid)('%s: 400 naming the field with the spec message, nothing stored or mailed', async (_name, override, field, text) => {
    const body = message(override);
    const res = await new IpAgent().post('/api/contact-messages', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields[field]).toBe(text);
    if (typeof body.email === 'string') {
      expect(await storedFrom(body.email)).toEqual([]);
      expect(await mailsAbout(body.email)).toEqual([]);
    }
  });

  it('accepts the exact minimums', async () => {
    const body = message({ name: 'Al', subject: 'Hello', message: '0123456789' });
    expect((await new IpAgent().post('/api/contact-messages', body)).status).toBe(201);
  });

  it('is rate limited per IP', async () => {
    const agent = new IpAgent();
    for (let i = 0; i < CONTACT_RATE_LIMITS.sendPerIp.max; i++) {
      expect((await agent.post('/api/contact-messages', message())).status).toBe(201);
    }
    const body = message();
    const res = await agent.post('/api/contact-messages', body);
    expect(res.status).toBe(429);
    expect(await storedFrom(body.email)).toEqual([]);
    expect((await new IpAgent().post('/api/contact-messages', message())).status).toBe(201);
  });
});

describe('GET /api/admin/contact-messages', () => {
  it('lists messages newest first for admins only', async () => {
    const first = message({ subject: 'Older message' });
    const second = message({ subject: 'Newer message' });
    await new IpAgent().post('/api/contact-messages', first);
    await ctx.db.sql.query("UPDATE contact_messages SET created_at = created_at - interval '1 hour' WHERE email = $1", [first.email]);
    await new IpAgent().post('/api/contact-messages', second);

    expect((await new IpAgent().get('/api/admin/contact-messages')).status).toBe(401);
    const { agent: user } = await ctx.signedInAgent({ tier: 'premium' });
    expect((await user.get('/api/admin/contact-messages')).status).toBe(403);

    const { agent: admin } = await ctx.signedInAgent({ role: 'admin' });
    const res = await admin.get('/api/admin/contact-messages');
    expect(res.status).toBe(200);
    expect(res.body.page).toBe(1);
    expect(res.body.pageSize).toBe(25);
    const subjects = res.body.messages.map((m: { subject: string }) => m.subject);
    expect(subjects[0]).toBe('Newer message');
    expect(subjects.indexOf('Older message')).toBeGreaterThan(0);
    expect(res.body.total).toBeGreaterThanOrEqual(res.body.messages.length);
    expect(res.body.messages[0]).toMatchObject({ name: 'Rita Recruiter', email: second.email, message: second.message });
    expect(new Date(res.body.messages[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const bad = await admin.get('/api/admin/contact-messages?page=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['page']);
  });
});

describe('CONTACT_INBOX default', () => {
  it('mails the ADMIN_EMAILS when CONTACT_INBOX is unset', async () => {
    const other = await createTestContext({ env: { ADMIN_EMAILS: 'boss@example.com' } });
    try {
      const body = message();
      expect((await other.agent().post('/api/contact-messages', body)).status).toBe(201);
      const { rows } = await other.db.sql.query<{ to_address: string }>('SELECT to_address FROM email_outbox');
      expect(rows.map((r) => r.to_address)).toEqual(['boss@example.com']);
    } finally {
      await other.close();
    }
  });
});
