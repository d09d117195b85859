import { ContactField, type ContactReport, type ContactStatus } from '../../../contract/contacts';
import type { ContactVerification, VerificationMethod, VerificationStatus } from '../../../contract/verification';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/driver';
import { auditInsert, type AuditEvent } from '../../lib/audit';
import { CHECKED_AT_SQL } from '../verification';
import { payerIdOf, teamIdOf } from '../team';

/** The four columns, in the order the reveal prefers them (personal before work, mobile before office). */
export const CONTACT_FIELDS: readonly ContactField[] = ContactField.options;

/*
 * The contacts feature's SQL. The export and the enriched match file read the same values through
 * CONTACT_VALUE_COLUMNS and contactValuesOf below.
 */

/** The confidence of a value an operator re-verified by hand. */
const OPERATOR_CONFIDENCE = 90;

/** The key of a user's reveal lock; `userId` is the SQL of the user's id as text. */
/**
 * The reveal lock of a user: their team's when they are in one (the team shares one day's ceiling,
 * and a teammate's reveal makes the next free), else their own.
 */
const REVEALS_LOCK_KEY = (userId: string) =>
  `hashtext('contact_reveals:' || coalesce((SELECT team_id::text FROM team_members WHERE user_id = (${userId})::uuid AND removed_at IS NULL), ${userId}))`;

/** One contact value on file with its freshness and what its last check found (ADR 032). */
export type ContactValue = { value: string; status: ContactStatus; verifiedAt: Date | null; verification: ContactVerification };

/** The verification columns of a field as read from a row (physician_contacts or a join). */
function verificationOf(row: Record<string, unknown>, field: ContactField): ContactVerification {
  const method = (row[`${field}_method`] as VerificationMethod | null) ?? null;
  const at = row[`${field}_verified_at`] as string | Date | null;
  const confidence = row[`${field}_confidence`] as number | null;
  return {
    status: ((row[`${field}_verification`] as VerificationStatus | null) ?? 'unknown'),
    confidence: confidence === null || confidence === undefined ? null : Number(confidence),
    // A date without a check by the pipeline (before ADR 032) is not shown as a check.
    checkedAt: method && at ? new Date(at).toISOString() : null,
    method,
  };
}

export type ContactRecord = {
  physicianId: number;
  physicianName: string;
  /** physicians.verified_at: the latest verification of its contacts. */
  verifiedAt: Date | null;
  values: Partial<Record<ContactField, ContactValue>>;
  /** A confirmed resume's email and phone kept beside the four (ADR 030). */
  selfReported: { email: string | null; phone: string | null };
};

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The four values of physician_contacts (aliased `c`) with what is known of each: the SQL every
 * read of values that may leave selects (the reveal here, the export, the enriched match file),
 * read back by contactValuesOf and chosen by shownContact (shown-value.ts).
 */
export const CONTACT_VALUE_COLUMNS = CONTACT_FIELDS.map(
  (f) => `c.${f}, c.${f}_status, c.${f}_verified_at, c.${f}_verification, c.${f}_confidence, c.${f}_method`,
).join(', ');

/**
 * The values present in a row holding CONTACT_VALUE_COLUMNS (as the driver returns it, or read
 * from JSON), empty ones left out.
 */
export function contactValuesOf(row: Record<string, unknown>): Partial<Record<ContactField, ContactValue>> {
  const values: Partial<Record<ContactField, ContactValue>> = {};
  for (const field of CONTACT_FIELDS) {
    const value = row[field] as string | null | undefined;
    if (value === null || value === undefined || value === '') continue;
    values[field] = {
      value,
      status: row[`${field}_status`] as ContactStatus,
      verifiedAt: toDate(row[`${field}_verified_at`] as Date | string | null),
      verification: verificationOf(row, field),
    };
  }
  return values;
}

const CONTACT_COLUMNS = `p.id, p.first_name, p.last_name, p.verified_at, ${CONTACT_VALUE_COLUMNS}, c.self_reported_email, c.self_reported_phone`;

/** A physician's contact values with what is known of each (planned once per connection). */
const CONTACT_BY_PHYSICIAN = preparedStatement(
  'contact_by_physician',
  `SELECT ${CONTACT_COLUMNS}
     FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id
    WHERE p.id = $1`,
);

/**
 * The same, and the fields of it the user $2 has an open report of (they see them as reported),
 * taking the user's reveal lock (lockUserReveals) when the physician exists: every reveal, one
 * round trip. What the lock guards is read by the next statement, whose snapshot starts after it.
 */
const CONTACT_SEEN_BY_USER = preparedStatement(
  'contact_seen_by_user',
  `SELECT ${CONTACT_COLUMNS},
          ARRAY(SELECT DISTINCT r.field FROM contact_reports r
                 WHERE r.user_id = $2 AND r.physician_id = p.id AND r.resolved_at IS NULL) AS reported_fields
     FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id
    WHERE p.id = $1 AND pg_advisory_xact_lock(${REVEALS_LOCK_KEY('$2::text')}) IS NOT NULL`,
);

type ContactRow = Record<string, string | Date | null> & { id: number };

function toContactRecord(row: ContactRow): ContactRecord {
  return {
    physicianId: row.id,
    physicianName: `${row.first_name as string} ${row.last_name as string}`,
    verifiedAt: toDate(row.verified_at),
    values: contactValuesOf(row),
    selfReported: {
      email: (row.self_reported_email as string | null) || null,
      phone: (row.self_reported_phone as string | null) || null,
    },
  };
}

/** Every contact value of the physician (empty ones left out), or null for an unknown physician. */
export async function findContact(db: Db, physicianId: number): Promise<ContactRecord | null> {
  const { rows } = await db.sql.query<ContactRow>(CONTACT_BY_PHYSICIAN, [physicianId]);
  return rows[0] ? toContactRecord(rows[0]) : null;
}

/**
 * findContact, and the fields of it the user has an open report of (they see them as reported),
 * in one statement that also takes the user's reveal lock (held until the transaction ends); null
 * for an unknown physician (no lock then).
 */
export async function lockRevealsAndFindContact(
  db: Db,
  physicianId: number,
  userId: string,
): Promise<{ contact: ContactRecord; reported: Set<ContactField> } | null> {
  const { rows } = await db.sql.query<ContactRow & { reported_fields: ContactField[] }>(CONTACT_SEEN_BY_USER, [
    physicianId,
    userId,
  ]);
  const row = rows[0];
  if (!row) return null;
  return { contact: toContactRecord(row), reported: new Set(row.reported_fields) };
}

/** Different users with an open report of this value as it is now. */
export async function countOpenReporters(db: Db, physicianId: number, field: ContactField, value: string): Promise<number> {
  const { rows } = await db.sql.query<{ n: number }>(
    `SELECT count(DISTINCT user_id)::int AS n FROM contact_reports
      WHERE physician_id = $1 AND field = $2 AND reported_value = $3 AND resolved_at IS NULL`,
    [physicianId, field, value],
  );
  return rows[0].n;
}

/**
 * Serialises the reports of one value (held until the transaction ends): two users reporting it
 * at once both count towards marking it reported for everyone.
 */
export async function lockContactValue(db: Db, physicianId: number, field: ContactField): Promise<void> {
  await db.sql.query(`SELECT pg_advisory_xact_lock(hashtext('contact_value:' || $1 || ':' || $2))`, [physicianId, field]);
}

/**
 * Serialises the reveals of one user (held until the transaction ends), so two reveals at once
 * cannot both take the last unit of the allowance. Other users are not blocked.
 */
export async function lockUserReveals(db: Db, userId: string): Promise<void> {
  await db.sql.query(preparedStatement('lock_user_reveals', `SELECT pg_advisory_xact_lock(${REVEALS_LOCK_KEY('$1::text')})`), [userId]);
}

/** The allowance used by user $1 at or after $2: counted reveals minus credits, never below 0. */
const USED_REVEALS_SQL = `greatest(0,
              (SELECT count(*) FROM contact_reveals WHERE user_id = $1 AND counted AND created_at >= $2)
            - (SELECT count(*) FROM contact_reports WHERE user_id = $1 AND credited AND created_at >= $2))::int`;

/**
 * What the day's ceiling and the month's cap of user $1 read (ADR 061), from `m`, their active
 * membership (or no row): the reveals counted since $2 (the user's, or their team's, minus
 * credits), the seats of the plan, the member's cap and their counted reveals under the team
 * since $3 (the month's start).
 */
const ALLOWANCE_COLUMNS = `CASE WHEN m.team_id IS NULL THEN ${USED_REVEALS_SQL} ELSE greatest(0,
              (SELECT count(*) FROM contact_reveals WHERE team_id = m.team_id AND counted AND created_at >= $2)
            - (SELECT count(*) FROM contact_reports cr JOIN team_members tm ON tm.user_id = cr.user_id
                WHERE tm.team_id = m.team_id AND tm.removed_at IS NULL AND cr.credited AND cr.created_at >= $2))::int END AS used,
          m.team_id AS "teamId",
          coalesce((SELECT seats FROM subscriptions WHERE user_id = ${payerIdOf('$1::uuid')}), 1) AS seats,
          m.reveal_cap AS cap,
          CASE WHEN m.reveal_cap IS NULL THEN 0 ELSE
            (SELECT count(*) FROM contact_reveals WHERE user_id = $1 AND team_id = m.team_id AND counted AND created_at >= $3)::int END AS "monthUsed"`;
const ALLOWANCE_FROM = `(SELECT 1) one LEFT JOIN team_members m ON m.user_id = $1 AND m.removed_at IS NULL`;

export type AllowanceState = { used: number; teamId: string | null; seats: number; cap: number | null; monthUsed: number };

/** The user's allowance state (ALLOWANCE_COLUMNS): the day's use, their team, seats and monthly cap. */
export async function allowanceState(db: Db, userId: string, dayStart: Date, monthStart: Date): Promise<AllowanceState> {
  const { rows } = await db.sql.query<AllowanceState>(
    preparedStatement('reveal_allowance', `SELECT ${ALLOWANCE_COLUMNS} FROM ${ALLOWANCE_FROM}`),
    [userId, dayStart.toISOString(), monthStart.toISOString()],
  );
  return rows[0];
}

/**
 * What a reveal decides on, in one statement (after the reveal lock): the allowance state
 * (allowanceState) and who paid for this physician since `paidSince`, the user or a teammate (a
 * repeat within the free days costs nothing).
 */
export async function revealState(
  db: Db,
  userId: string,
  physicianId: number,
  dayStart: Date,
  monthStart: Date,
  paidSince: Date,
): Promise<AllowanceState & { paid: boolean; paidBy: { userId: string; name: string; at: Date } | null }> {
  const { rows } = await db.sql.query<AllowanceState & { paid_by: { userId: string; name: string; at: string } | null }>(
    preparedStatement('reveal_state', `SELECT ${ALLOWANCE_COLUMNS},
            (SELECT json_build_object('userId', r.user_id, 'name', coalesce(u.name, u.email), 'at', r.created_at)
               FROM contact_reveals r JOIN users u ON u.id = r.user_id
              WHERE r.physician_id = $4 AND r.counted AND r.created_at >= $5
                AND (r.user_id = $1 OR r.team_id = m.team_id)
              ORDER BY r.user_id = $1 DESC, r.created_at DESC LIMIT 1) AS paid_by
       FROM ${ALLOWANCE_FROM}`),
    [userId, dayStart.toISOString(), monthStart.toISOString(), physicianId, paidSince.toISOString()],
  );
  const { paid_by: paidBy, ...state } = rows[0];
  return { ...state, paid: paidBy !== null, paidBy: paidBy && { ...paidBy, at: new Date(paidBy.at) } };
}

/** The page's teammates' reveals (every search page of a team member: planned once per connection). */
const TEAM_REVEALS_OF_PAGE = preparedStatement(
  'team_reveals_of_page',
  `SELECT DISTINCT ON (r.physician_id) r.physician_id, coalesce(u.name, u.email) AS name, r.created_at AS at
     FROM contact_reveals r JOIN users u ON u.id = r.user_id
    WHERE r.team_id = ${teamIdOf('$1')} AND r.user_id <> $1 AND r.counted
      AND r.physician_id = ANY($2::int[]) AND r.created_at >= $3
    ORDER BY r.physician_id, r.created_at DESC`,
);

/** The physicians of `ids` a teammate of `userId` revealed (counted) at or after `since`: who, when. */
export async function teamRevealsOf(
  db: Db,
  userId: string,
  ids: readonly number[],
  since: Date,
): Promise<Array<{ physicianId: number; name: string; at: Date }>> {
  if (ids.length === 0) return [];
  const { rows } = await db.sql.query<{ physician_id: number; name: string; at: Date }>(TEAM_REVEALS_OF_PAGE, [
    userId,
    ids,
    since.toISOString(),
  ]);
  return rows.map((r) => ({ physicianId: r.physician_id, name: r.name, at: r.at }));
}

/** The physicians whose contact anyone of `userId`'s team (them included) revealed at or after `since`. */
export async function teamRevealedIds(db: Db, userId: string, since: Date): Promise<Int32Array> {
  const { rows } = await db.sql.query<{ ids: string | null }>(
    `SELECT string_agg(DISTINCT physician_id::text, ',') AS ids FROM contact_reveals
      WHERE team_id = ${teamIdOf('$1')} AND counted AND created_at >= $2`,
    [userId, since.toISOString()],
  );
  const text = rows[0]?.ids;
  return text ? Int32Array.from(text.split(','), Number) : new Int32Array(0);
}

/** Reveals credited back to the user at or after `since` (the daily ceiling of credits). */
export async function countCreditsSince(db: Db, userId: string, since: Date): Promise<number> {
  const { rows } = await db.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM contact_reports WHERE user_id = $1 AND credited AND created_at >= $2`,
    [userId, since.toISOString()],
  );
  return rows[0].n;
}

/** Whether the user revealed this physician (counted or free) at or after `since`. */
export async function hasRevealSince(db: Db, userId: string, physicianId: number, since: Date): Promise<boolean> {
  const { rows } = await db.sql.query<{ found: boolean }>(
    preparedStatement('has_reveal_since', `SELECT EXISTS (SELECT 1 FROM contact_reveals WHERE user_id = $1 AND physician_id = $2 AND created_at >= $3) AS found`),
    [userId, physicianId, since.toISOString()],
  );
  return rows[0].found;
}

/** The user's latest counted reveal of this physician at or after `since` not yet credited back, or null. */
export async function findCreditableReveal(
  db: Db,
  userId: string,
  physicianId: number,
  since: Date,
): Promise<string | null> {
  const { rows } = await db.sql.query<{ id: string }>(
    `SELECT r.id::text AS id FROM contact_reveals r
      WHERE r.user_id = $1 AND r.physician_id = $2 AND r.counted AND r.created_at >= $3
        AND NOT EXISTS (SELECT 1 FROM contact_reports cr WHERE cr.credited_reveal_id = r.id)
      ORDER BY r.created_at DESC, r.id DESC LIMIT 1`,
    [userId, physicianId, since.toISOString()],
  );
  return rows[0]?.id ?? null;
}

export async function hasOpenReport(db: Db, userId: string, physicianId: number, field: ContactField): Promise<boolean> {
  const { rows } = await db.sql.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM contact_reports
                     WHERE user_id = $1 AND physician_id = $2 AND field = $3 AND resolved_at IS NULL) AS found`,
    [userId, physicianId, field],
  );
  return rows[0].found;
}

export async function insertReport(
  db: Db,
  row: {
    userId: string;
    physicianId: number;
    field: ContactField;
    reportedValue: string;
    reason: string | null;
    creditedRevealId: string | null;
    at: Date;
  },
): Promise<string> {
  const { rows } = await db.sql.query<{ id: string }>(
    `INSERT INTO contact_reports (user_id, physician_id, field, reported_value, reason, credited_reveal_id, credited, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
    [
      row.userId,
      row.physicianId,
      row.field,
      row.reportedValue,
      row.reason,
      row.creditedRevealId,
      row.creditedRevealId !== null,
      row.at.toISOString(),
    ],
  );
  return rows[0].id;
}

/** Sets one value's status (and, when given, its verified date). `field` is one of CONTACT_FIELDS. */
export async function setContactStatus(
  db: Db,
  physicianId: number,
  field: ContactField,
  status: ContactStatus,
  verifiedAt?: Date,
): Promise<void> {
  const column = checkedField(field);
  if (verifiedAt) {
    // An operator checked the value by hand (ADR 032): valid, by 'operator'; a pending request
    // to check it is answered.
    await db.sql.query(
      `UPDATE physician_contacts SET ${column}_status = $2, ${column}_verified_at = $3,
              ${column}_verification = 'valid', ${column}_confidence = ${OPERATOR_CONFIDENCE}, ${column}_method = 'operator',
              verify_requested_fields = array_remove(verify_requested_fields, $4),
              verify_requested_at = CASE WHEN cardinality(array_remove(verify_requested_fields, $4)) > 0 THEN verify_requested_at END
        WHERE physician_id = $1`,
      [physicianId, status, verifiedAt.toISOString(), column],
    );
    await db.sql.query(`UPDATE physician_contacts SET checked_at = ${CHECKED_AT_SQL} WHERE physician_id = $1`, [physicianId]);
  } else {
    await db.sql.query(`UPDATE physician_contacts SET ${column}_status = $2 WHERE physician_id = $1`, [
      physicianId,
      status,
    ]);
  }
}

/** Clears one value (an operator removed it as wrong): no value, unverified, no date, no check. */
export async function clearContact(db: Db, physicianId: number, field: ContactField): Promise<void> {
  const column = checkedField(field);
  await db.sql.query(
    `UPDATE physician_contacts SET ${column} = NULL, ${column}_status = 'unverified', ${column}_verified_at = NULL,
            ${column}_verification = 'unknown', ${column}_confidence = NULL, ${column}_method = NULL
      WHERE physician_id = $1`,
    [physicianId],
  );
  await db.sql.query(`UPDATE physician_contacts SET checked_at = ${CHECKED_AT_SQL} WHERE physician_id = $1`, [physicianId]);
}


/**
 * physicians.verified_at = the latest verified_at of its present, verified contacts (null when none
 * is); called by every change of a contact's status in the same transaction.
 */
export async function refreshPhysicianVerifiedAt(db: Db, physicianId: number): Promise<void> {
  const latest = CONTACT_FIELDS.map(
    (f) => `CASE WHEN c.${f} IS NOT NULL AND c.${f}_status = 'verified' THEN c.${f}_verified_at END`,
  ).join(', ');
  await db.sql.query(
    `UPDATE physicians p SET verified_at = (SELECT greatest(${latest}) FROM physician_contacts c WHERE c.physician_id = p.id),
            updated_at = now()
      WHERE p.id = $1`,
    [physicianId],
  );
}

/** The operators' queue: open reports, oldest first (first reported, first looked at). */
export async function listOpenReports(db: Db, limit: number): Promise<ContactReport[]> {
  const current = CONTACT_FIELDS.map((f) => `WHEN '${f}' THEN c.${f}`).join(' ');
  const status = CONTACT_FIELDS.map((f) => `WHEN '${f}' THEN c.${f}_status`).join(' ');
  const { rows } = await db.sql.query<{
    id: string;
    physician_id: number;
    first_name: string;
    last_name: string;
    field: ContactField;
    reported_value: string;
    current_value: string | null;
    reason: string | null;
    email: string | null;
    created_at: Date | string;
    credited: boolean;
    reporters: number;
    status: ContactStatus | null;
  }>(
    `SELECT r.id::text AS id, r.physician_id, p.first_name, p.last_name, r.field, r.reported_value,
            CASE r.field ${current} END AS current_value, r.reason, u.email, r.created_at, r.credited,
            (SELECT count(DISTINCT o.user_id)::int FROM contact_reports o
              WHERE o.physician_id = r.physician_id AND o.field = r.field AND o.resolved_at IS NULL) AS reporters,
            CASE r.field ${status} END AS status
       FROM contact_reports r
       JOIN physicians p ON p.id = r.physician_id
       LEFT JOIN physician_contacts c ON c.physician_id = r.physician_id
       LEFT JOIN users u ON u.id = r.user_id
      WHERE r.resolved_at IS NULL
      ORDER BY r.created_at, r.id
      LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    physicianId: r.physician_id,
    physicianName: `${r.first_name} ${r.last_name}`,
    field: r.field,
    reportedValue: r.reported_value,
    currentValue: r.current_value,
    reason: r.reason,
    reportedBy: r.email,
    createdAt: new Date(r.created_at).toISOString(),
    credited: r.credited,
    reporters: Number(r.reporters),
    status: r.status,
  }));
}

export async function findReport(
  db: Db,
  id: string,
): Promise<{ physicianId: number; field: ContactField; resolvedAt: Date | null } | null> {
  const { rows } = await db.sql.query<{ physician_id: number; field: ContactField; resolved_at: Date | string | null }>(
    'SELECT physician_id, field, resolved_at FROM contact_reports WHERE id = $1 FOR UPDATE',
    [id],
  );
  const row = rows[0];
  return row ? { physicianId: row.physician_id, field: row.field, resolvedAt: toDate(row.resolved_at) } : null;
}

/** Closes every open report of one contact value; how many. */
export async function resolveReports(
  db: Db,
  input: { physicianId: number; field: ContactField; resolution: 'reverified' | 'confirmed' | 'removed'; by: string; at: Date },
): Promise<number> {
  const { rows } = await db.sql.query<{ id: string }>(
    `UPDATE contact_reports SET resolution = $3, resolved_at = $5, resolved_by = $4
      WHERE physician_id = $1 AND field = $2 AND resolved_at IS NULL RETURNING id::text AS id`,
    [input.physicianId, input.field, input.resolution, input.by, input.at.toISOString()],
  );
  return rows.length;
}

/** The column name of a field, checked against the four (it is written into SQL text). */
function checkedField(field: ContactField): ContactField {
  if (!CONTACT_FIELDS.includes(field)) throw new Error(`not a contact field: ${field}`);
  return field;
}

/** A contact_reveals row and its audit row, in one statement. */
export async function insertReveal(
  db: Db,
  row: { userId: string; physicianId: number; counted: boolean; at: Date },
  audit: AuditEvent,
): Promise<void> {
  const { sql, params } = auditInsert(audit, 5);
  // A team member's counted reveal also adds to the team's usage counters (docs/decisions/061-teams.md).
  await db.sql.query(
    `WITH reveal AS (
       INSERT INTO contact_reveals (user_id, physician_id, counted, created_at, team_id) VALUES ($1, $2, $3, $4, ${teamIdOf('$1::uuid')})
       RETURNING team_id),
     usage AS (
       INSERT INTO usage_daily (team_id, user_id, day, reveals)
       SELECT team_id, $1, ($4::timestamptz AT TIME ZONE 'UTC')::date, 1 FROM reveal WHERE team_id IS NOT NULL AND $3
       ON CONFLICT (team_id, day, user_id) DO UPDATE SET reveals = usage_daily.reveals + 1)
     ${sql}`,
    [row.userId, row.physicianId, row.counted, row.at.toISOString(), ...params],
  );
}
