import { ContactField, type ContactStatus } from '../../../contract/contacts';
import type { ExportFormat } from '../../../contract/exports';
import type { ContactVerification } from '../../../contract/verification';
import type { HospitalAffiliation } from '../../../contract/affiliations';
import type { Db } from '../../db/client';
import { affiliationsOf, sortAffiliations } from '../directory';
import { preparedStatement } from '../../db/driver';
import { auditInsert, type AuditEvent } from '../../lib/audit';
import { CONTACT_VALUE_COLUMNS, contactValuesOf, shownContact } from '../contacts';
import { payerIdOf, teamIdOf } from '../team';

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
  /** CMS facility affiliations, hospitals first (ADR 063). */
  hospital_affiliations: HospitalAffiliation[];
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

/** The rows of an export as one JSON text: one round trip, planned once per connection. */
const EXPORT_RECORDS = preparedStatement(
  'export_records',
  `SELECT json_agg(r)::text AS data FROM (
     SELECT p.id, p.npi, p.first_name, p.middle_name, p.last_name, p.credential, p.title, p.specialty,
            p.sub_specialty, p.organization, p.organization_size, p.organization_industry, p.city, p.state, p.zip, p.skills,
            p.education, p.linkedin_url, p.verified_at, p.medical_school, p.graduation_year,
            p.board_certified, p.hospital_affiliation, p.languages, p.license_states,
            p.accepting_new_patients, p.telehealth, coalesce(af.list, '[]') AS hospital_affiliations, ${CONTACT_VALUE_COLUMNS}
       FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id
       LEFT JOIN ${affiliationsOf('$1::int[]')} af ON af.id = p.id
      WHERE p.id = ANY($1::int[])) r`,
);

/** The physicians with these ids, in the order given (unknown ids are absent). */
export async function findExportRecords(db: Db, ids: readonly number[]): Promise<{ records: ExportRecord[] }> {
  const { rows } = await db.sql.query<{ data: string | null }>(EXPORT_RECORDS, [ids]);
  const records: ExportRecord[] = rows[0].data
    ? (JSON.parse(rows[0].data) as Array<Record<string, unknown>>).map((row) => ({
        ...withContact(row),
        hospital_affiliations: sortAffiliations(row.hospital_affiliations as HospitalAffiliation[] | null),
      }))
    : [];
  const byId = new Map(records.map((r) => [r.id, r]));
  return { records: ids.flatMap((id) => byId.get(id) ?? []) };
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

/**
 * Serialises the exports of one user, or of their whole team (its ceiling is shared: ADR 061),
 * until the transaction ends, so two cannot both pass the ceiling.
 */
export async function lockUserExports(db: Db, userId: string): Promise<void> {
  await db.sql.query(
    preparedStatement(
      'lock_user_exports',
      `SELECT pg_advisory_xact_lock(hashtext('export_logs:' || coalesce(${teamIdOf('$1::uuid')}::text, $1::text)))`,
    ),
    [userId],
  );
}

/**
 * What the export ceiling reads for user $1 (ADR 061), from `m`, their active membership (or no
 * row): the contacts exported since $2 (the user's, or their whole team's), the seats of the plan,
 * the member's monthly cap and their contacts exported under the team since $3.
 */
const EXPORT_ALLOWANCE = `SELECT
    CASE WHEN m.team_id IS NULL THEN (${`SELECT coalesce(sum(export_count), 0) FROM export_logs WHERE user_id = $1 AND export_date >= $2`})
         ELSE (SELECT coalesce(sum(export_count), 0) FROM export_logs WHERE team_id = m.team_id AND export_date >= $2) END::int AS used,
    m.team_id AS "teamId",
    coalesce((SELECT seats FROM subscriptions WHERE user_id = ${payerIdOf('$1::uuid')}), 1) AS seats,
    m.export_cap AS cap,
    CASE WHEN m.export_cap IS NULL THEN 0 ELSE
      (SELECT coalesce(sum(export_count), 0) FROM export_logs WHERE user_id = $1 AND team_id = m.team_id AND export_date >= $3)::int END AS "monthUsed"
  FROM (SELECT 1) one LEFT JOIN team_members m ON m.user_id = $1::uuid AND m.removed_at IS NULL`;

export type ExportAllowance = { used: number; teamId: string | null; seats: number; cap: number | null; monthUsed: number };

/** The user's export allowance: the day's use (theirs or their team's), the seats and their monthly cap. */
export async function exportAllowance(db: Db, userId: string, dayStart: Date, monthStart: Date): Promise<ExportAllowance> {
  const { rows } = await db.sql.query<ExportAllowance>(preparedStatement('export_allowance', EXPORT_ALLOWANCE), [
    userId,
    dayStart.toISOString(),
    monthStart.toISOString(),
  ]);
  return rows[0];
}

/**
 * Under the export lock (lockUserExports): writes the export_logs row (with the user's team) and
 * its audit row only if the export stays within the day's ceiling (`dailyLimit` per seat for a
 * team) and the member's monthly cap, in one statement; returns the allowance read before it and
 * whether it was written.
 */
export async function insertExportLogWithin(
  db: Db,
  row: { userId: string; count: number; format: ExportFormat; at: Date },
  ceiling: { dayStart: Date; monthStart: Date; dailyLimit: number },
  audit: AuditEvent,
): Promise<ExportAllowance & { logged: boolean }> {
  const { sql, params } = auditInsert(audit, 8, 'EXISTS (SELECT 1 FROM log)');
  const { rows } = await db.sql.query<ExportAllowance & { logged: boolean }>(
    `WITH a AS (${EXPORT_ALLOWANCE.replaceAll('$2', '$5').replaceAll('$3', '$6')}),
     log AS (
       INSERT INTO export_logs (user_id, team_id, export_date, export_count, format)
       SELECT $1, a."teamId", $2, $3, $4 FROM a
        WHERE a.used + $3 <= $7 * (CASE WHEN a."teamId" IS NULL THEN 1 ELSE a.seats END)
          AND (a.cap IS NULL OR a."monthUsed" + $3 <= a.cap)
       RETURNING team_id),
     -- A team member's export adds to the team's usage counters (ADR 061).
     usage AS (
       INSERT INTO usage_daily (team_id, user_id, day, exports)
       SELECT team_id, $1, ($2::timestamptz AT TIME ZONE 'UTC')::date, $3 FROM log WHERE team_id IS NOT NULL
       ON CONFLICT (team_id, day, user_id) DO UPDATE SET exports = usage_daily.exports + excluded.exports),
     audit AS (${sql})
     SELECT a.*, EXISTS (SELECT 1 FROM log) AS logged FROM a`,
    [row.userId, row.at.toISOString(), row.count, row.format, ceiling.dayStart.toISOString(), ceiling.monthStart.toISOString(), ceiling.dailyLimit, ...params],
  );
  return rows[0];
}
