import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import type { Env } from './env';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (outreach: List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  replyTo?: string;
  /** The From name in place of MAIL_FROM's (outreach: '<recruiter> via PhysicianDirect'); the address stays MAIL_FROM's. */
  fromName?: string;
  /** The outreach message this mail delivers (docs/decisions/066-outreach.md): its outcome is reported back. */
  outreachMessageId?: string;
};

/** The address inside MAIL_FROM ('Name <address>' or the bare address). */
export function fromAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

/** The Message-ID of the mail delivering an outreach message: '<id.outreach@MAIL_FROM's domain>'. */
function outreachMessageIdHeader(outreachMessageId: string, mailFrom: string): string {
  const domain = fromAddress(mailFrom).split('@')[1] || 'localhost';
  return `<${outreachMessageId}.outreach@${domain}>`;
}

/**
 * How the mail worker (server/lib/mail-worker.ts) delivers a queued row. Features never use it:
 * they call enqueueEmail (server/lib/mail-queue.ts) in the transaction of their change.
 */
export type Mailer = {
  /** 'smtp' sends through SMTP_URL; 'outbox' leaves the message in the email_outbox table (development, tests). */
  readonly transport: 'smtp' | 'outbox';
  deliver(message: MailMessage): Promise<void>;
  close(): void;
};

// Each stage of an SMTP conversation gives up after this long, well inside the worker's lease on
// a claimed row (mail-worker.ts), so a stuck server cannot make two processes send one message.
const SMTP_TIMEOUT_MS = 30_000;

/** SMTP when SMTP_URL is set, else the outbox table itself is the mailbox (/dev/mailbox, tests). */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>): Mailer {
  if (env.SMTP_URL) {
    const transporter = nodemailer.createTransport({
      url: env.SMTP_URL,
      // Connections kept open and reused: a new SMTP conversation per message cost about 100 ms
      // of set-up and tear-down (outreach sends thousands; bench:outreach).
      pool: true,
      maxConnections: 2,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      transport: 'smtp',
      async deliver(message) {
        const { fromName, outreachMessageId, ...rest } = message;
        await transporter.sendMail({
          ...rest,
          from: fromName ? { name: fromName, address: fromAddress(env.MAIL_FROM) } : env.MAIL_FROM,
          // An outreach mail's Message-ID names its message, so a spam complaint that quotes only
          // the original's headers still finds it (ADR 066); other mail gets nodemailer's random one.
          ...(outreachMessageId ? { messageId: outreachMessageIdHeader(outreachMessageId, env.MAIL_FROM) } : {}),
        });
      },
      close: () => transporter.close(),
    };
  }
  return {
    transport: 'outbox',
    async deliver() {
      // The row is the delivery: the development mailbox and the tests read the table.
    },
    close() {},
  };
}

export type OutboxMessage = {
  id: number;
  to: string;
  subject: string;
  createdAt: Date;
  text: string;
  html: string | null;
};

/** Newest first. */
export async function listOutbox(db: Db, limit = 100): Promise<OutboxMessage[]> {
  const { rows } = await db.sql.query<OutboxMessage>(
    `SELECT id, to_address AS "to", subject, created_at AS "createdAt", text_body AS "text", html_body AS "html"
       FROM email_outbox ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows;
}
