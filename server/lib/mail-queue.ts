import type { Db } from '../db/client';
import type { MailMessage } from './mailer';

/**
 * Queues one email: a row in email_outbox, written with the change that causes it (pass the
 * transaction), so a message exists exactly when its cause does. The mail worker sends queued
 * rows (SMTP, or nothing more in outbox mode, where the table is the mailbox) and retries
 * failures; callers never send directly and never wait for SMTP.
 */
export async function enqueueEmail(db: Db, message: MailMessage): Promise<void> {
  await enqueueEmails(db, [message]);
}

/** Queues several emails in one statement (e.g. a run of alert digests); `sendAt`: not before then. */
export async function enqueueEmails(db: Db, messages: readonly (MailMessage & { sendAt?: Date })[]): Promise<void> {
  if (messages.length === 0) return;
  await db.sql.query(
    `INSERT INTO email_outbox (to_address, subject, text_body, html_body, headers, reply_to, from_name, outreach_message_id, next_attempt_at)
     SELECT t.to_address, t.subject, t.text_body, t.html_body, t.headers::jsonb, t.reply_to, t.from_name, t.outreach_message_id::uuid, coalesce(t.send_at, now())
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[])
         AS t(to_address, subject, text_body, html_body, headers, reply_to, from_name, outreach_message_id, send_at)`,
    [
      messages.map((message) => message.to),
      messages.map((message) => message.subject),
      messages.map((message) => message.text),
      messages.map((message) => message.html),
      messages.map((message) => (message.headers ? JSON.stringify(message.headers) : null)),
      messages.map((message) => message.replyTo ?? null),
      messages.map((message) => message.fromName ?? null),
      messages.map((message) => message.outreachMessageId ?? null),
      messages.map((message) => message.sendAt?.toISOString() ?? null),
    ],
  );
}

/** Messages waiting, being sent, and given up on (the metrics' mail queue gauge). */
export async function countMailQueue(db: Db): Promise<Record<'queued' | 'sending' | 'failed', number>> {
  const { rows } = await db.sql.query<{ status: 'queued' | 'sending' | 'failed'; n: number }>(
    `SELECT status, count(*)::int AS n FROM email_outbox WHERE status IN ('queued', 'sending', 'failed') GROUP BY status`,
  );
  const counts = { queued: 0, sending: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}
