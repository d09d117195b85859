import type { Db } from '../db/client';
import type { Logger } from './logger';
import type { Mailer } from './mailer';
import type { JobDefinition } from './jobs';

/** A claimed row is this system's to send for this long; after it another process may retry it. */
export const MAIL_LEASE_MS = 5 * 60_000;
/** Attempts before a message is marked 'failed' (about 2 hours of retries in all). */
export const MAIL_MAX_ATTEMPTS = 8;
const BATCH = 20;

/** Wait before attempt n+1 after n failed ones: 30 s, 1 min, 2 min, ... at most 1 hour. */
export function mailBackoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

type ClaimedRow = {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string> | null;
  reply_to: string | null;
  from_name: string | null;
  outreach_message_id: string | null;
  attempts: number;
};

/** What became of a mail that delivers an outreach message (docs/decisions/066-outreach.md). */
export type MailOutcome = { outreachMessageId: string; to: string; outcome: 'sent' | 'bounced' };

// One statement: the rows are locked by the subquery (SKIP LOCKED: rows another process is
// claiming right now are passed over, not waited for) and leased in the same statement, so two
// server processes never claim one row. A row left 'sending' by a process that died is due again
// once its lease (next_attempt_at) has passed.
const CLAIM = `
UPDATE email_outbox SET
  status = 'sending',
  attempts = attempts + 1,
  next_attempt_at = now() + $2::int * interval '1 millisecond'
WHERE id IN (
  SELECT id FROM email_outbox
  WHERE status IN ('queued', 'sending') AND next_attempt_at <= now() AND attempts < $3::int
  ORDER BY next_attempt_at, id
  LIMIT $1::int
  FOR UPDATE SKIP LOCKED
)
RETURNING id, to_address, subject, text_body, html_body, headers, reply_to, from_name, outreach_message_id, attempts`;

export type MailRunResult = { sent: number; retried: number; failed: number };

/** How long the queue waits between passes when nothing wakes it. */
const POLL_MS = 1000;

/**
 * Delivers the email_outbox queue: claims due rows, sends each through the mailer (SMTP, or
 * nothing more in outbox mode), marks it 'sent', or puts it back with a backoff and the error,
 * and 'failed' after MAIL_MAX_ATTEMPTS. A job of the runner (lib/jobs, ADR 057) in every server
 * process; tests call `runOnce()`. Logs never contain a message body (they hold sign-in links).
 */
export function createMailWorker(deps: { db: Db; mailer: Mailer; logger: Logger; onOutcome?: (outcome: MailOutcome) => Promise<void> }) {
  const { db, mailer, logger } = deps;
  let running: Promise<MailRunResult> | null = null;

  async function runBatch(result: MailRunResult): Promise<number> {
    const { rows } = await db.sql.query<ClaimedRow>(CLAIM, [BATCH, MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS]);
    for (const row of rows) {
      try {
        await mailer.deliver({
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body ?? '',
          headers: row.headers ?? undefined,
          replyTo: row.reply_to ?? undefined,
          fromName: row.from_name ?? undefined,
          outreachMessageId: row.outreach_message_id ?? undefined,
        });
        await db.sql.query(
          "UPDATE email_outbox SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = $1",
          [row.id],
        );
        result.sent++;
        if (row.outreach_message_id) await deps.onOutcome?.({ outreachMessageId: row.outreach_message_id, to: row.to_address, outcome: 'sent' });
        logger.info({ mailId: row.id, to: row.to_address, subject: row.subject, transport: mailer.transport }, 'mail delivered');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // A permanent refusal (SMTP 5xx: no such mailbox) is not retried: the address is bad.
        const code = (error as { responseCode?: number }).responseCode;
        const permanent = typeof code === 'number' && code >= 500 && code < 600;
        const final = permanent || row.attempts >= MAIL_MAX_ATTEMPTS;
        await db.sql.query(
          `UPDATE email_outbox SET status = $2, last_error = $3,
             next_attempt_at = now() + $4::int * interval '1 millisecond'
           WHERE id = $1`,
          [row.id, final ? 'failed' : 'queued', message.slice(0, 1000), mailBackoffMs(row.attempts)],
        );
        if (final) result.failed++;
        else result.retried++;
        if (permanent && row.outreach_message_id) {
          await deps.onOutcome?.({ outreachMessageId: row.outreach_message_id, to: row.to_address, outcome: 'bounced' });
        }
        logger.warn(
          { mailId: row.id, to: row.to_address, attempts: row.attempts, final, err: message },
          final ? 'mail failed for good' : 'mail not sent; will retry',
        );
      }
    }
    return rows.length;
  }

  async function drain(signal: AbortSignal | undefined): Promise<MailRunResult> {
    const result: MailRunResult = { sent: 0, retried: 0, failed: 0 };
    // Rows whose sender died mid-lease after the last attempt: nobody will try them again.
    await db.sql.query(
      `UPDATE email_outbox SET status = 'failed', last_error = coalesce(last_error, 'lease expired')
       WHERE status = 'sending' AND next_attempt_at <= now() AND attempts >= $1`,
      [MAIL_MAX_ATTEMPTS],
    );
    // A full batch: there may be more due, unless the server is stopping (the batch in progress
    // ends; what is left waits in the queue for the next pass, here or in another process).
    while ((await runBatch(result)) === BATCH && !signal?.aborted) {
      // next batch
    }
    return result;
  }

  return {
    name: 'mail',
    every: POLL_MS,
    runAtStart: true,
    /** Sends everything due now; resolves with the counts. Calls made while one runs share it. */
    runOnce(signal?: AbortSignal): Promise<MailRunResult> {
      running ??= drain(signal).finally(() => {
        running = null;
      });
      return running;
    },
  } satisfies JobDefinition<MailRunResult>;
}
