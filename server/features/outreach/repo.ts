import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/driver';
import { CONTACT_VALUE_COLUMNS, contactValuesOf, shownContact } from '../contacts';
import type { SkipReason } from '../../../contract/outreach';

/* The SQL of outreach (migration 0064, docs/decisions/066-outreach.md). */

/** The name of a sender (a team's, or a recruiter's in no team) held in the column `col`, or null. */
const senderName = (col: string) =>
  `coalesce((SELECT t.name FROM teams t WHERE t.id::text = ${col}), (SELECT coalesce(u.name, u.email) FROM users u WHERE u.id::text = ${col}))`;

/** The statuses that count against a physician's contact limit: mail that went or will go. */
const COUNTED = `('queued', 'sent', 'bounced', 'unsubscribed', 'complained')`;
/** The statuses of mail that went (the recipient may have unsubscribed or complained since). */
const WENT = `('sent', 'bounced', 'unsubscribed', 'complained')`;

export type Recipient = {
  physicianId: number;
  firstName: string;
  lastName: string;
  specialty: string | null;
  city: string | null;
  /** The email the reveal would show, only when its last check found it valid. */
  email: string | null;
  preference: { status: 'looking' | 'open' | 'not_looking'; monthlyMax: number } | null;
  /** Messages counted against the limit in the last 30 days, and when the oldest of them leaves the window. */
  recent: number;
  oldestRecentAt: Date | null;
};

/** The physicians with what deciding and writing to them needs (unknown ids are absent). */
export async function readRecipients(db: Db, ids: readonly number[]): Promise<Recipient[]> {
  if (!ids.length) return [];
  const { rows } = await db.sql.query<Record<string, unknown>>(
    `SELECT p.id, p.first_name, p.last_name, p.specialty, p.city, ${CONTACT_VALUE_COLUMNS},
            pref.status AS pref_status, pref.monthly_max AS pref_max,
            (SELECT count(*)::int FROM outreach_messages m
              WHERE m.physician_id = p.id AND m.status IN ${COUNTED} AND m.created_at > now() - interval '30 days') AS recent,
            (SELECT min(m.created_at) FROM outreach_messages m
              WHERE m.physician_id = p.id AND m.status IN ${COUNTED} AND m.created_at > now() - interval '30 days') AS oldest
       FROM physicians p
       LEFT JOIN physician_contacts c ON c.physician_id = p.id
       LEFT JOIN outreach_preferences pref ON pref.physician_id = p.id
      WHERE p.id = ANY($1::int[])
      ORDER BY p.id`,
    [ids],
  );
  return rows.map((row) => {
    const email = shownContact(contactValuesOf(row)).email;
    return {
      physicianId: Number(row.id),
      firstName: String(row.first_name),
      lastName: String(row.last_name),
      specialty: (row.specialty as string | null) ?? null,
      city: (row.city as string | null) ?? null,
      email: email && email.verification.status === 'valid' ? email.value : null,
      preference: row.pref_status ? { status: row.pref_status as 'looking' | 'open' | 'not_looking', monthlyMax: Number(row.pref_max) } : null,
      recent: Number(row.recent),
      oldestRecentAt: row.oldest ? new Date(row.oldest as string) : null,
    };
  });
}

/** Of these addresses (lower case), those unsubscribed from every sender or from this one. */
export async function unsubscribedOf(db: Db, emails: readonly string[], sender: string): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const { rows } = await db.sql.query<{ email: string }>(
    `SELECT DISTINCT email FROM outreach_unsubscribes WHERE email = ANY($1::text[]) AND sender IN ('', $2)`,
    [emails, sender],
  );
  return new Set(rows.map((row) => row.email));
}

/**
 * Takes the physicians' rows of outreach_contact_locks (made first if new) in physician order, for
 * the rest of the transaction: whoever queues to them next waits, then counts what this one queued.
 */
export async function lockPhysicians(tx: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await tx.sql.query(`INSERT INTO outreach_contact_locks (physician_id) SELECT unnest($1::int[]) ON CONFLICT DO NOTHING`, [ids]);
  await tx.sql.query(`SELECT physician_id FROM outreach_contact_locks WHERE physician_id = ANY($1::int[]) ORDER BY physician_id FOR UPDATE`, [ids]);
}

/** Messages the recruiter queued today (UTC), skipped ones aside: the daily ceiling. */
export async function queuedToday(db: Db, userId: string): Promise<number> {
  const { rows } = await db.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outreach_messages m JOIN outreach_campaigns c ON c.id = m.campaign_id
      WHERE c.user_id = $1 AND m.status <> 'skipped' AND m.created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    [userId],
  );
  return rows[0].n;
}

export async function insertCampaign(
  tx: Db,
  input: { userId: string; teamId: string | null; subject: string; body: string; payRange: string | null; source: string; listId: string | null; sendAt: Date },
): Promise<string> {
  const { rows } = await tx.sql.query<{ id: string }>(
    `INSERT INTO outreach_campaigns (user_id, team_id, subject, body, pay_range, source, list_id, send_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [input.userId, input.teamId, input.subject, input.body, input.payRange, input.source, input.listId, input.sendAt.toISOString()],
  );
  return rows[0].id;
}

/** One row per recipient; answers the ids of the queued ones by physician. */
export async function insertMessages(
  tx: Db,
  campaignId: string,
  sender: string,
  messages: ReadonlyArray<{ physicianId: number; email: string | null; skipReason: SkipReason | null }>,
): Promise<Map<number, string>> {
  const { rows } = await tx.sql.query<{ id: string; physician_id: number }>(
    `INSERT INTO outreach_messages (campaign_id, physician_id, email, sender, status, skip_reason)
     SELECT $1, t.physician_id, t.email, $2, CASE WHEN t.reason IS NULL THEN 'queued' ELSE 'skipped' END, t.reason
       FROM unnest($3::int[], $4::text[], $5::text[]) AS t(physician_id, email, reason)
     RETURNING id, physician_id, status`,
    [campaignId, sender, messages.map((m) => m.physicianId), messages.map((m) => m.email), messages.map((m) => m.skipReason)],
  );
  const queued = new Map<number, string>();
  for (const row of rows as Array<{ id: string; physician_id: number; status?: string }>) {
    if (row.status === 'queued') queued.set(row.physician_id, row.id);
  }
  return queued;
}

export type CampaignRow = {
  id: string;
  subject: string;
  send_at: Date | string;
  created_at: Date | string;
  created_by: string | null;
  counts: Record<string, number> | null;
  skips: Record<string, number> | null;
};

const CAMPAIGN_COLUMNS = `c.id, c.subject, c.send_at, c.created_at, (SELECT coalesce(u.name, u.email) FROM users u WHERE u.id = c.user_id) AS created_by,
  (SELECT jsonb_object_agg(status, n) FROM (SELECT status, count(*)::int AS n FROM outreach_messages WHERE campaign_id = c.id GROUP BY status) s) AS counts,
  (SELECT jsonb_object_agg(skip_reason, n) FROM (SELECT skip_reason, count(*)::int AS n FROM outreach_messages WHERE campaign_id = c.id AND status = 'skipped' GROUP BY skip_reason) s) AS skips`;

/** The campaigns of the recruiter, or of their team (a teammate's too), newest first. */
export async function findCampaigns(db: Db, reader: { userId: string; teamId: string | null }, id?: string): Promise<CampaignRow[]> {
  const { rows } = await db.sql.query<CampaignRow>(
    `SELECT ${CAMPAIGN_COLUMNS} FROM outreach_campaigns c
      WHERE (c.user_id = $1 OR (c.team_id IS NOT NULL AND c.team_id = $2::uuid)) AND ($3::uuid IS NULL OR c.id = $3::uuid)
      ORDER BY c.created_at DESC LIMIT 50`,
    [reader.userId, reader.teamId, id ?? null],
  );
  return rows;
}

export type MessageRow = { id: string; email: string | null; sender: string; status: string; physician_id: number; sender_name: string | null };

export async function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  const { rows } = await db.sql.query<MessageRow>(
    `SELECT m.id, m.email, m.sender, m.status, m.physician_id,
            ${senderName('m.sender')} AS sender_name
       FROM outreach_messages m WHERE m.id = $1`,
    [id],
  );
  return rows[0];
}

/**
 * An address unsubscribed (from every sender: '', or one), at once: the opt-out row, the mail not
 * sent yet withdrawn, those messages marked cancelled, and the message it came from 'unsubscribed'.
 */
export async function unsubscribe(tx: Db, input: { email: string; sender: string; messageId: string }): Promise<number> {
  const email = input.email.toLowerCase();
  await tx.sql.query(`INSERT INTO outreach_unsubscribes (email, sender) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [email, input.sender]);
  const { rows } = await tx.sql.query<{ id: string }>(
    `UPDATE outreach_messages SET status = 'cancelled'
      WHERE lower(email) = $1 AND status = 'queued' AND ($2 = '' OR sender = $2) RETURNING id`,
    [email, input.sender],
  );
  if (rows.length) {
    await tx.sql.query(`UPDATE email_outbox SET status = 'cancelled' WHERE status = 'queued' AND outreach_message_id = ANY($1::uuid[])`, [rows.map((r) => r.id)]);
  }
  await tx.sql.query(`UPDATE outreach_messages SET status = 'unsubscribed' WHERE id = $1 AND status = 'sent'`, [input.messageId]);
  return rows.length;
}

/**
 * What became of a delivered or bounced outreach mail (the mail worker reports it). Answers the
 * physicians whose contact values changed (a bounce marks the address invalid): the search index
 * re-reads them, as after a verification.
 */
export async function recordOutcome(db: Db, outcome: { outreachMessageId: string; to: string; outcome: 'sent' | 'bounced' }): Promise<number[]> {
  if (outcome.outcome === 'sent') {
    await db.sql.query(`UPDATE outreach_messages SET status = 'sent', sent_at = now() WHERE id = $1 AND status = 'queued'`, [outcome.outreachMessageId]);
    return [];
  }
  // A permanent refusal: the message bounced, and the address is invalid for verification (ADR 032).
  return db.transaction(async (tx) => {
    const { rows } = await tx.sql.query<{ physician_id: number }>(
      `UPDATE outreach_messages SET status = 'bounced' WHERE id = $1 RETURNING physician_id`,
      [outcome.outreachMessageId],
    );
    if (!rows[0]) return [];
    let changed = 0;
    for (const field of ['personal_email', 'work_email'] as const) {
      const { rowCount } = await tx.sql.query(
        `UPDATE physician_contacts SET ${field}_verification = 'invalid', ${field}_verified_at = now()
          WHERE physician_id = $1 AND lower(${field}) = lower($2)`,
        [rows[0].physician_id, outcome.to],
      );
      changed += rowCount ?? 0;
    }
    return changed ? [rows[0].physician_id] : [];
  });
}

export type PreferencesRow = { status: string; monthly_max: number; locations: string[]; specialties: string[] };

export async function findPreferences(db: Db, physicianId: number): Promise<PreferencesRow | undefined> {
  const { rows } = await db.sql.query<PreferencesRow>(`SELECT status, monthly_max, locations, specialties FROM outreach_preferences WHERE physician_id = $1`, [physicianId]);
  return rows[0];
}

export async function savePreferences(db: Db, physicianId: number, input: { status: string; monthlyMax: number; locations: string[]; specialties: string[] }): Promise<void> {
  await db.sql.query(
    `INSERT INTO outreach_preferences (physician_id, status, monthly_max, locations, specialties, updated_at) VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (physician_id) DO UPDATE SET status = excluded.status, monthly_max = excluded.monthly_max,
       locations = excluded.locations, specialties = excluded.specialties, updated_at = now()`,
    [physicianId, input.status, input.monthlyMax, input.locations, input.specialties],
  );
}

/** Who wrote to the physician through the product (messages that went), newest first. */
export async function contactedBy(db: Db, physicianId: number): Promise<Array<{ sender: string; at: Date | string }>> {
  const { rows } = await db.sql.query<{ sender: string; at: Date | string }>(
    `SELECT coalesce(${senderName('m.sender')}, 'A recruiter') AS sender,
            coalesce(m.sent_at, m.created_at) AS at
       FROM outreach_messages m WHERE m.physician_id = $1 AND m.status IN ${WENT}
      ORDER BY at DESC LIMIT 100`,
    [physicianId],
  );
  return rows;
}

export async function physicianName(db: Db, physicianId: number): Promise<string | null> {
  const { rows } = await db.sql.query<{ name: string }>(`SELECT trim(first_name || ' ' || last_name) AS name FROM physicians WHERE id = $1`, [physicianId]);
  return rows[0]?.name ?? null;
}

/** The page's 'Looking' badges (every search page of a caller who may email: planned once per connection). */
const LOOKING_OF_PAGE = preparedStatement(
  'looking_of_page',
  `SELECT physician_id, status FROM outreach_preferences WHERE physician_id = ANY($1::int[]) AND status IN ('looking', 'open') AND monthly_max > 0`,
);

/** Of these physicians, those who said 'Looking now' or 'Open to offers' (and want email): the cards' badges. */
export async function lookingStatusesOf(db: Pick<Db, 'sql'>, ids: readonly number[]): Promise<Array<{ physicianId: number; status: 'looking' | 'open' }>> {
  if (!ids.length) return [];
  const { rows } = await db.sql.query<{ physician_id: number; status: 'looking' | 'open' }>(LOOKING_OF_PAGE, [ids]);
  return rows.map((row) => ({ physicianId: row.physician_id, status: row.status }));
}

/** 'Looking now' or 'Open to offers' as the physician said it (the profile's badge); null otherwise. */
export async function lookingStatusOf(db: Pick<Db, 'sql'>, physicianId: number): Promise<'looking' | 'open' | null> {
  const { rows } = await db.sql.query<{ status: string }>(
    `SELECT status FROM outreach_preferences WHERE physician_id = $1 AND status IN ('looking', 'open') AND monthly_max > 0`,
    [physicianId],
  );
  return (rows[0]?.status as 'looking' | 'open' | undefined) ?? null;
}

/**
 * The search's filter (ADR 066): who said 'Looking now' (`now`), or 'Looking now' or 'Open to offers'
 * (`open`), and wants email: the physicians the cards mark, by the badges' rule above. One string of
 * ids (PGlite hands rows over slowly).
 */
export async function lookingIds(db: Pick<Db, 'sql'>, looking: 'now' | 'open'): Promise<Int32Array> {
  const { rows } = await db.sql.query<{ ids: string | null }>(
    `SELECT string_agg(physician_id::text, ',') AS ids FROM outreach_preferences WHERE status = ANY($1::text[]) AND monthly_max > 0`,
    [looking === 'now' ? ['looking'] : ['looking', 'open']],
  );
  return rows[0]?.ids ? Int32Array.from(rows[0].ids.split(','), Number) : new Int32Array(0);
}

export type SenderRow = { sender: string; name: string | null; sent: number; bounced: number; unsubscribed: number; complained: number; suspended: boolean };

/** Every sender of the last 30 days (and every suspended one), most mail first. */
export async function senderStats(db: Db): Promise<SenderRow[]> {
  const { rows } = await db.sql.query<SenderRow>(
    `WITH recent AS (
       SELECT sender,
              count(*) FILTER (WHERE status IN ${WENT})::int AS sent,
              count(*) FILTER (WHERE status = 'bounced')::int AS bounced,
              count(*) FILTER (WHERE status = 'unsubscribed')::int AS unsubscribed,
              count(*) FILTER (WHERE status = 'complained')::int AS complained
         FROM outreach_messages WHERE created_at > now() - interval '30 days' GROUP BY sender),
     senders AS (SELECT sender FROM recent UNION SELECT sender FROM outreach_suspended_senders)
     SELECT s.sender,
            ${senderName('s.sender')} AS name,
            coalesce(r.sent, 0) AS sent, coalesce(r.bounced, 0) AS bounced, coalesce(r.unsubscribed, 0) AS unsubscribed,
            coalesce(r.complained, 0) AS complained,
            EXISTS (SELECT 1 FROM outreach_suspended_senders x WHERE x.sender = s.sender) AS suspended
       FROM senders s LEFT JOIN recent r ON r.sender = s.sender
      ORDER BY coalesce(r.sent, 0) DESC, s.sender LIMIT 200`,
  );
  return rows;
}

export async function setSuspended(db: Db, sender: string, suspended: boolean, by: string): Promise<boolean> {
  const { rowCount } = suspended
    ? await db.sql.query(`INSERT INTO outreach_suspended_senders (sender, suspended_by) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [sender, by])
    : await db.sql.query(`DELETE FROM outreach_suspended_senders WHERE sender = $1`, [sender]);
  return (rowCount ?? 0) > 0;
}

export async function isSuspended(db: Db, sender: string): Promise<boolean> {
  const { rows } = await db.sql.query(`SELECT 1 FROM outreach_suspended_senders WHERE sender = $1`, [sender]);
  return rows.length > 0;
}

/** Whether `sender` names a team or a user (the operators may only suspend those). */
export async function senderExists(db: Db, sender: string): Promise<boolean> {
  const { rows } = await db.sql.query(`SELECT 1 FROM teams WHERE id = $1::uuid UNION ALL SELECT 1 FROM users WHERE id = $1::uuid`, [sender]);
  return rows.length > 0;
}

/**
 * A spam complaint about a message that went: marked 'complained' (from 'sent', or 'unsubscribed'
 * when the recipient also clicked). The UPDATE is the claim: of two reports at once, one records it.
 */
export async function markComplained(tx: Db, messageId: string): Promise<boolean> {
  const { rowCount } = await tx.sql.query(`UPDATE outreach_messages SET status = 'complained' WHERE id = $1 AND status IN ('sent', 'unsubscribed')`, [messageId]);
  return (rowCount ?? 0) > 0;
}

/** The physician an address belongs to, for a link to their preferences: a value neither invalid nor reported wrong (the lowest id when two hold it). */
export async function physicianHoldingEmail(db: Db, email: string): Promise<{ id: number; npi: string | null } | undefined> {
  const held = (field: string) => `(lower(c.${field}) = lower($1) AND c.${field}_verification <> 'invalid' AND c.${field}_status <> 'reported')`;
  const { rows } = await db.sql.query<{ id: number; npi: string | null }>(
    `SELECT p.id, p.npi FROM physicians p JOIN physician_contacts c ON c.physician_id = p.id
      WHERE ${held('personal_email')} OR ${held('work_email')}
      ORDER BY p.id LIMIT 1`,
    [email],
  );
  return rows[0];
}

export async function insertPreferenceLink(tx: Db, input: { physicianId: number; email: string; tokenHash: string; expiresAt: Date }): Promise<string> {
  const { rows } = await tx.sql.query<{ id: string }>(
    `INSERT INTO outreach_preference_links (physician_id, email, token_hash, expires_at) VALUES ($1, $2, $3, $4) RETURNING id`,
    [input.physicianId, input.email, input.tokenHash, input.expiresAt.toISOString()],
  );
  return rows[0].id;
}

/** Links expired (and their page credentials) for a week go: until then a late click is told 'expired', not 'not valid'. */
export async function deleteOldPreferenceLinks(tx: Db): Promise<void> {
  await tx.sql.query(
    `DELETE FROM outreach_preference_links
      WHERE expires_at < now() - interval '7 days' AND (access_expires_at IS NULL OR access_expires_at < now() - interval '7 days')`,
  );
}

/**
 * Uses a link: marks it used and stores the hash of the page's credential, good for `minutes`;
 * null when the token is unknown, used or expired. The UPDATE is the claim: of two clicks at once, one opens the page.
 */
export async function claimPreferenceLink(tx: Db, input: { tokenHash: string; accessHash: string; minutes: number }): Promise<{ expiresAt: Date } | null> {
  const { rows } = await tx.sql.query<{ access_expires_at: Date | string }>(
    `UPDATE outreach_preference_links SET used_at = now(), access_hash = $2, access_expires_at = now() + $3::int * interval '1 minute'
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING access_expires_at`,
    [input.tokenHash, input.accessHash, input.minutes],
  );
  return rows[0] ? { expiresAt: new Date(rows[0].access_expires_at) } : null;
}

/** Why a token opens nothing: used, expired, or unknown. */
export async function preferenceLinkState(db: Db, tokenHash: string): Promise<'used' | 'expired' | 'unknown'> {
  const { rows } = await db.sql.query<{ used: boolean }>(`SELECT used_at IS NOT NULL AS used FROM outreach_preference_links WHERE token_hash = $1`, [tokenHash]);
  if (!rows[0]) return 'unknown';
  return rows[0].used ? 'used' : 'expired';
}

/** The physician and address a live page credential opens. */
export async function findPreferenceAccess(db: Db, accessHash: string): Promise<{ physician_id: number; email: string } | undefined> {
  const { rows } = await db.sql.query<{ physician_id: number; email: string }>(
    `SELECT physician_id, email FROM outreach_preference_links WHERE access_hash = $1 AND access_expires_at > now()`,
    [accessHash],
  );
  return rows[0];
}
