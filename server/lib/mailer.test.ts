import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, createTestUser } from '../test/harness';
import { createMailWorker, MAIL_MAX_ATTEMPTS } from './mail-worker';
import { enqueueEmail } from './mail-queue';
import { createMailer } from './mailer';
import { decodeQuotedPrintable, startSmtpServer } from '../test/support/smtp-server';

// Each test opens databases and hashes passwords: on a busy 2-core machine that can pass 30 s.
vi.setConfig({ testTimeout: 120_000 });

/** A pino logger whose lines (parsed) land in an array. */
export function capturingLogger() {
  const lines: Array<{ level: number; msg: string } & Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), lines };
}

async function deadSmtpPort(): Promise<number> {
  const closed = new SMTPServer({ logger: false });
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
  const port = (closed.server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return port;
}

type OutboxRow = {
  id: number;
  to_address: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  sent_at: Date | null;
  last_error: string | null;
};

describe('SMTP transport (SMTP_URL set): mail goes through the queue', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('queues the verification mail in the sign-up transaction; the worker delivers it once; the mailbox stays hidden', async () => {
    const ctx = await createTestContext({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'PhysicianDirect <auth@physiciandirect.test>' },
    });
    try {
      expect(ctx.deps.services.mailer.transport).toBe('smtp');
      const agent = ctx.agent();
      const signup = await agent.post('/api/auth/signup', {
        email: 'smtp-user@example.com',
        password: 'a-good-password',
        confirmPassword: 'a-good-password',
        acceptTerms: true,
      });
      expect(signup.status).toBe(201);
      // The request did not talk to SMTP: the message waits in the queue.
      expect(smtp.received).toHaveLength(0);
      const queued = await ctx.db.sql.query<OutboxRow>('SELECT * FROM email_outbox');
      expect(queued.rows).toMatchObject([{ to_address: 'smtp-user@example.com', status: 'queued', attempts: 0 }]);

      expect(await ctx.deps.services.mailWorker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(await ctx.deps.services.mailWorker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail.from).toBe('auth@physiciandirect.test');
      expect(mail.to).toEqual(['smtp-user@example.com']);
      const raw = decodeQuotedPrintable(mail.raw);
      expect(raw).toMatch(/^Subject: Verify your email address for PhysicianDirect/m);
      expect(raw).toMatch(/Content-Type: text\/plain/);
      expect(raw).toMatch(/Content-Type: text\/html/);
      const token = raw.match(/http:\/\/localhost:3000\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
      expect(token).toBeDefined();
      const sent = await ctx.db.sql.query<OutboxRow>('SELECT * FROM email_outbox');
      expect(sent.rows).toMatchObject([{ status: 'sent', attempts: 1, last_error: null }]);
      expect(sent.rows[0].sent_at).toBeInstanceOf(Date);

      // The link from the real mail verifies the account.
      expect((await agent.post('/api/auth/verify-email', { token })).status).toBe(200);
      expect(
        (await agent.post('/api/auth/login', { email: 'smtp-user@example.com', password: 'a-good-password' }))
          .status,
      ).toBe(200);

      const mailbox = await agent.get('/api/dev/mailbox');
      expect(mailbox.status).toBe(404);
      expect(mailbox.body.error.code).toBe('not_found');
    } finally {
      await ctx.close();
    }
  });

  it('answers forgot-password for a known address without waiting for SMTP, and queues the link', async () => {
    // The old code sent inside the request: with an unreachable server the mail was lost.
    const ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${await deadSmtpPort()}` } });
    try {
      const user = await createTestUser(ctx.db, {});
      const known = await ctx.agent().post('/api/auth/forgot-password', { email: user.email });
      const unknown = await ctx.agent().post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      const { rows } = await ctx.db.sql.query<OutboxRow & { text_body: string }>('SELECT * FROM email_outbox');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ to_address: user.email, status: 'queued' });
      expect(rows[0].text_body).toContain('/reset-password?token=');
    } finally {
      await ctx.close();
    }
  });

  it('retries with a backoff and records the error while the SMTP server is down, then fails for good', async () => {
    const ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${await deadSmtpPort()}` } });
    const { logger, lines } = capturingLogger();
    const worker = createMailWorker({ db: ctx.db, mailer: ctx.deps.services.mailer, logger });
    try {
      await enqueueEmail(ctx.db, { to: 'unlucky@example.com', subject: 'Hello', text: 'secret-link', html: '<p>secret-link</p>' });
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const [row] = (await ctx.db.sql.query<OutboxRow>('SELECT * FROM email_outbox')).rows;
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 20_000);
      // Not due yet: nothing happens.
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

      // Last attempt: due now, one attempt left.
      await ctx.db.sql.query('UPDATE email_outbox SET next_attempt_at = now(), attempts = $1', [MAIL_MAX_ATTEMPTS - 1]);
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
      const [failed] = (await ctx.db.sql.query<OutboxRow>('SELECT * FROM email_outbox')).rows;
      expect(failed).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS, sent_at: null });
      await ctx.db.sql.query('UPDATE email_outbox SET next_attempt_at = now()');
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      // The log names the failure but never the body (it holds sign-in links).
      expect(lines.some((l) => l.msg === 'mail not sent; will retry')).toBe(true);
      expect(JSON.stringify(lines)).not.toContain('secret-link');
    } finally {
      await ctx.close();
    }
  });
});

describe('two workers on one database', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('send each of 20 queued messages exactly once, and pick up a row whose sender died mid-lease', async () => {
    const ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    try {
      for (let i = 0; i < 20; i++) {
        await enqueueEmail(ctx.db, { to: `r${i}@example.com`, subject: `n${i}`, text: 't', html: '<p>t</p>' });
      }
      const logger = pino({ level: 'silent' });
      const mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'x@example.com' });
      const a = createMailWorker({ db: ctx.db, mailer, logger });
      const b = createMailWorker({ db: ctx.db, mailer, logger });
      const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(ra.sent + rb.sent).toBe(20);
      const subjects = smtp.received.map((m) => m.raw.match(/^Subject: (n\d+)/m)?.[1]).sort();
      expect(subjects).toEqual(Array.from({ length: 20 }, (_, i) => `n${i}`).sort());
      const { rows } = await ctx.db.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM email_outbox WHERE status = 'sent'");
      expect(rows[0].n).toBe(20);

      // A process claimed a row and died: while its lease runs nobody else sends it; after, one does.
      await enqueueEmail(ctx.db, { to: 'orphan@example.com', subject: 'orphan', text: 't', html: '<p>t</p>' });
      await ctx.db.sql.query(
        "UPDATE email_outbox SET status = 'sending', attempts = 1, next_attempt_at = now() + interval '1 minute' WHERE to_address = 'orphan@example.com'",
      );
      expect((await a.runOnce()).sent).toBe(0);
      await ctx.db.sql.query("UPDATE email_outbox SET next_attempt_at = now() WHERE to_address = 'orphan@example.com'");
      expect((await a.runOnce()).sent).toBe(1);
      expect(smtp.received.filter((m) => m.to.includes('orphan@example.com'))).toHaveLength(1);
      // The pooled connections close with the mailer (after its last send).
      mailer.close();
    } finally {
      await ctx.close();
    }
  });
});

describe('outbox transport (no SMTP_URL)', () => {
  it('marks queued rows delivered and logs the address and subject, never the link', async () => {
    const ctx = await createTestContext();
    try {
      const { logger, lines } = capturingLogger();
      const worker = createMailWorker({ db: ctx.db, mailer: ctx.deps.services.mailer, logger });
      expect(ctx.deps.services.mailer.transport).toBe('outbox');
      await enqueueEmail(ctx.db, {
        to: 'someone@example.com',
        subject: 'Hello',
        text: 'Open http://localhost:3000/verify-email?token=abc to continue.',
        html: '<p><a href="http://localhost:3000/verify-email?token=abc">Open</a></p>',
      });
      expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      const { rows } = await ctx.db.sql.query<OutboxRow & { text_body: string }>('SELECT * FROM email_outbox');
      expect(rows).toMatchObject([
        { to_address: 'someone@example.com', status: 'sent', text_body: 'Open http://localhost:3000/verify-email?token=abc to continue.' },
      ]);
      expect(lines.map((l) => l.msg)).toEqual(['mail delivered']);
      expect(lines[0]).toMatchObject({ to: 'someone@example.com', subject: 'Hello', transport: 'outbox' });
      expect(JSON.stringify(lines)).not.toContain('token=');
    } finally {
      await ctx.close();
    }
  });
});
