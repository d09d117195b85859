import nodemailer from 'nodemailer';
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { Env } from './env';
import type { Logger } from './logger';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** 'smtp' sends through SMTP_URL; 'outbox' writes to the email_outbox table (development, tests). */
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
};

/**
 * SMTP when SMTP_URL is set, else the outbox table, which the development mailbox page and the
 * tests read; in outbox mode the server log also prints each link so a developer can click it.
 */
export function createMailer(deps: { db: Db; env: Env; logger: Logger }): Mailer {
  const { env, logger } = deps;
  if (env.SMTP_URL) {
    const transporter = nodemailer.createTransport(env.SMTP_URL);
    return {
      transport: 'smtp',
      async send(message) {
        await transporter.sendMail({ from: env.MAIL_FROM, ...message });
        logger.debug({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  return {
    transport: 'outbox',
    async send(message) {
      await deps.db.orm.insert(emailOutbox).values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      });
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info(`mail to ${message.to}: ${message.subject}${links.length ? ` ${links.join(' ')}` : ''}`);
    },
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
  const rows = await db.orm.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    createdAt: row.createdAt,
    text: row.textBody,
    html: row.htmlBody,
  }));
}

/** Escapes text for HTML bodies. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
