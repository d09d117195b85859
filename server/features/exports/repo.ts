import { ContactField, type ContactStatus } from '../../../contract/contacts';
import type { ExportFormat } from '../../../contract/exports';
import type { ContactVerification } from '../../../contract/verification';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/driver';
import { auditInsert, type AuditEvent } from '../../lib/audit';
import { CONTACT_VALUE_COLUMNS, contactValuesOf, shownContact } from '../contacts';

/** A contact value as it leaves: the text, how it stands (ADR 022) and its last check (ADR 032). */
export type LeavingValue = { value: string; status: ContactStatus; verification: ContactVerification };

/** One physician as exported: profile columns plus the contact (from physician_contacts). */
export type ExportRecord = {
  id: number;
  npi: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  credential: string | null;
  title: string | null;
  specialty: string | null;
  organization: string | null;
  organization_size: string | null;
  organization_industry: string | null;
  sub_specialty: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  skills: string[] | null;
  education: unknown;
  linkedin_url: string | null;
  /** The email the reveal would show (personal or work; never one that failed verification). */
  email: LeavingValue | null;
  /** The mobile and the office phone, each when it may leave (contacts' shownContact: never one found invalid). */
  mobile: LeavingValue | null;
  work_phone: LeavingValue | null;
  verified_at: string | null;
  medical_school: string | null;
  graduation_year: number | null;
  board_certified: boolean | null;
  hospital_affiliation: string | null;
  languages: string[] | null;
  license_states: string[] | null;
  accepting_new_patients: boolean | null;
  telehealth: boolean | null;
};

/**
 * The email of a raw row chosen as the reveal chooses it, and each phone that may leave: all by
 * the contacts feature's one rule (shownContact).
 */
function withContact(row: Record<string, unknown>): ExportRecord {
  const { email, leaving } = shownContact(contactValuesOf(row));
  const record = { ...row } as Record<string, unknown>;
  for (const field of ContactField.options) {
    for (const suffix of ['', '_status', '_verified_at', '_verification', '_confidence', '_method']) delete record[field + suffix];
  }
  const out = (value: LeavingValue | null | undefined): LeavingValue | null =>
    value ? { value: value.value, status: value.status, verification: value.verification } : null;
  return {
    ...(record as Omit<ExportRecord, 'email' | 'mobile' | 'work_phone'>),
    email: out(email),
    mobile: out(leaving.mobile_phone),
    work_phone: out(leaving.office_phone),
  };
}

/** The contacts the user `userId` (SQL) exported at or after `since` (SQL): the daily ceiling's count. */
const EXPORTED_SINCE_SQL = (userId: string, since: string) =>
  `SELECT coalesce(sum(export_count), 0)::int FROM export_logs WHERE user_id = ${userId} AND export_date >= ${since}`;

/**
 * The rows of an export as one JSON text, and the contacts user $2 exported at or after $3 (the
 * ceiling's check before the file is built): one round trip, planned once per connection.
 */
const EXPORT_RECORDS = preparedStatement(
  'export_records',
  `SELECT (${EXPORTED_SINCE_SQL('$2', '$3')}) AS used,
          json_agg(r)::text AS data FROM (
     SELECT p.id, p.npi, p.first_name, p.middle_name, p.last_name, p.credential, p.title, p.specialty,
            p.sub_specialty, p.organization, p.organization_size, p.organization_industry, p.city, p.state, p.zip, p.skills,
            p.education, p.linkedin_url, p.verified_at, p.medical_school, p.graduation_year,
            p.board_certified, p.hospital_affiliation, p.languages, p.license_states,
            p.accepting_new_patients, p.telehealth, ${CONTACT_VALUE_COLUMNS}
       FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id
      WHERE p.id = ANY($1::int[])) r`,
);

/**
 * The physicians with these ids, in the order given (unknown ids are absent), and the contacts
 * `userId` exported at or after `since` (exportedSince), in one statement.
 */
export async function findExportRecords(
  db: Db,
  ids: readonly number[],
  exportedBy: { userId: string; since: Date },
): Promise<{ records: ExportRecord[]; used: number }> {
  const { rows } = await db.sql.query<{ data: string | null; used: number }>(EXPORT_RECORDS, [
    ids,
    exportedBy.userId,
    exportedBy.since.toISOString(),
  ]);
  const records: ExportRecord[] = rows[0].data ? (JSON.parse(rows[0].data) as Array<Record<string, unknown>>).map(withContact) : [];
  const byId = new Map(records.map((r) => [r.id, r]));
  return { records: ids.flatMap((id) => byId.get(id) ?? []), used: rows[0].used };
}

/** Who exports a list: the user and the team of their session (a shared list is the team's). */
export type ListReader = { userId: string; teamId: string | null };

/**
 * The physician ids of a list the reader sees (theirs, or shared with their team), oldest member
 * first; null when there is no such list or the reader does not see it (the caller answers 404
 * either way). Reads up to `limit`.
 */
export async function findListMemberIds(
  db: Db,
  listId: string,
  reader: ListReader,
  limit: number,
): Promise<{ ids: number[]; total: number } | null> {
  const list = await db.sql.query<{ total: number }>(
    `SELECT (SELECT count(*)::int FROM list_members m WHERE m.list_id = l.id) AS total
       FROM physician_lists l
      WHERE l.id = $1 AND (l.user_id = $2 OR (l.team_id IS NOT NULL AND l.team_id = $3::uuid))`,
    [listId, reader.userId, reader.teamId],
  );
  if (list.rows.length === 0) return null;
  const { rows } = await db.sql.query<{ physician_id: number }>(
    `SELECT physician_id FROM list_members WHERE list_id = $1 ORDER BY added_at, physician_id LIMIT $2`,
    [listId, limit],
  );
  return { ids: rows.map((r) => r.physician_id), total: list.rows[0].total };
}

/** Serialises one user's exports until the transaction ends (so two cannot both pass the ceiling). */
export async function lockUserExports(db: Db, userId: string): Promise<void> {
  await db.sql.query(preparedStatement('lock_user_exports', `SELECT pg_advisory_xact_lock(hashtext('export_logs:' || $1))`), [userId]);
}

/** Contacts exported by the user at or after `since`. */
export async function exportedSince(db: Db, userId: string, since: Date): Promise<number> {
  const { rows } = await db.sql.query<{ n: number }>(
    preparedStatement('exported_since', `SELECT (${EXPORTED_SINCE_SQL('$1', '$2')}) AS n`),
    [userId, since.toISOString()],
  );
  return rows[0].n;
}

/**
 * Under the user's lock (lockUserExports): writes the export_logs row and its audit row only if
 * the contacts exported since `since` plus this export's stay within `dailyLimit`, in one
 * statement; returns what was used before it and whether it was written.
 */
export async function insertExportLogWithin(
  db: Db,
  row: { userId: string; count: number; format: ExportFormat; at: Date },
  ceiling: { since: Date; dailyLimit: number },
  audit: AuditEvent,
): Promise<{ used: number; logged: boolean }> {
  const { sql, params } = auditInsert(audit, 7, 'EXISTS (SELECT 1 FROM log)');
  const { rows } = await db.sql.query<{ used: number; logged: boolean }>(
    `WITH used AS (SELECT (${EXPORTED_SINCE_SQL('$1', '$5')}) AS n),
     log AS (
       INSERT INTO export_logs (user_id, export_date, export_count, format)
       SELECT $1, $2, $3, $4 FROM used WHERE used.n + $3 <= $6 RETURNING 1),
     audit AS (${sql})
     SELECT n AS used, EXISTS (SELECT 1 FROM log) AS logged FROM used`,
    [row.userId, row.at.toISOString(), row.count, row.format, ceiling.since.toISOString(), ceiling.dailyLimit, ...params],
  );
  return rows[0];
}
