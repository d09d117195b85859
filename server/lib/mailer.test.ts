import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, openTestDatabase } from '../test/harness';
import { loadEnv } from './env';
import { createMailer } from './mailer';

/** A pino logger whose lines (parsed) land in an array. */
function capturingLogger() {
  const lines: Array<{ level: number; msg: string } & Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

type Received = { from: string; to: string[]; raw: string };

/** Undoes quoted-printable (nodemailer may wrap long lines and escape '=' as =3D). */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('SMTP transport (SMTP_URL set)', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the verification mail to the SMTP server, writes nothing to the outbox and hides the dev mailbox', async () => {
    const ctx = await createTestContext({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'PhysicianDirect <auth@physiciandirect.test>' },
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

      expect(received).toHaveLength(1);
      const [mail] = received;
      expect(mail.from).toBe('auth@physiciandirect.test');
      expect(mail.to).toEqual(['smtp-user@example.com']);
      const raw = decodeQuotedPrintable(mail.raw);
      expect(raw).toMatch(/^Subject: Verify your email address for PhysicianDirect/m);
      expect(raw).toMatch(/Content-Type: text\/plain/);
      expect(raw).toMatch(/Content-Type: text\/html/);
      const token = raw.match(/http:\/\/localhost:3000\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
      expect(token).toBeDefined();

      // The link from the real mail verifies the account.
      expect((await agent.post('/api/auth/verify-email', { token })).status).toBe(200);
      expect(
        (await agent.post('/api/auth/login', { email: 'smtp-user@example.com', password: 'a-good-password' }))
          .status,
      ).toBe(200);

      const { rows } = await ctx.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox');
      expect(rows[0].n).toBe(0);
      const mailbox = await agent.get('/api/dev/mailbox');
      expect(mailbox.status).toBe(404);
      expect(mailbox.body.error.code).toBe('not_found');
    } finally {
      await ctx.close();
    }
  });

  it('answers sign-up the same when the SMTP server cannot be reached (the failure is logged)', async () => {
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${deadPort}` } });
    const { logger, lines } = capturingLogger();
    ctx.deps.logger = logger;
    try {
      const res = await ctx.agent().post('/api/auth/signup', {
        email: 'unlucky@example.com',
        password: 'a-good-password',
        confirmPassword: 'a-good-password',
        acceptTerms: true,
      });
      expect(res.status).toBe(201);
      const { rows } = await ctx.db.sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM users WHERE email = 'unlucky@example.com'",
      );
      expect(rows[0].n).toBe(1);
      const errors = lines.filter((l) => l.level === 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ msg: 'could not send email', to: 'unlucky@example.com' });
    } finally {
      await ctx.close();
    }
  });
});

describe('outbox transport (no SMTP_URL)', () => {
  it('stores the message and logs its links at info level', async () => {
    const database = await openTestDatabase();
    try {
      const { logger, lines } = capturingLogger();
      const mailer = createMailer({ db: database.db, env: loadEnv({ NODE_ENV: 'test' }), logger });
      expect(mailer.transport).toBe('outbox');

      await mailer.send({
        to: 'someone@example.com',
        subject: 'Hello',
        text: 'Open http://localhost:3000/verify-email?token=abc to continue.',
        html: '<p><a href="http://localhost:3000/verify-email?token=abc">Open</a></p>',
      });

      const { rows } = await database.db.sql.query<{
        to_address: string;
        subject: string;
        text_body: string;
        html_body: string;
      }>('SELECT to_address, subject, text_body, html_body FROM email_outbox');
      expect(rows).toEqual([
        {
          to_address: 'someone@example.com',
          subject: 'Hello',
          text_body: 'Open http://localhost:3000/verify-email?token=abc to continue.',
          html_body: '<p><a href="http://localhost:3000/verify-email?token=abc">Open</a></p>',
        },
      ]);
      expect(lines).toHaveLength(1);
      expect(lines[0].level).toBe(30);
      expect(lines[0].msg).toBe(
        'mail to someone@example.com: Hello http://localhost:3000/verify-email?token=abc',
      );
    } finally {
      await database.close();
    }
  });
});
