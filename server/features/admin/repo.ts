import type { EducationEntry } from '../../../contract/directory-options';
import { nearestField } from '../../../contract/specialty-suggestion';
import type {
  AuditEventRow,
  DailyActivity,
  Submission,
  SubmissionCounts,
  SubmissionStatus,
  UserDetail,
  UserStats,
  UserSummary,
} from '../../../contract/admin';
import { AUDIT_ACTION_LABELS, type AuditAction } from '../../../contract/admin';
import type { Role } from '../../../contract/account';
import { planName } from '../../../contract/billing';
import type { Db } from '../../db/client';
import type { ContactPlan, StoredContacts } from './self-reported-contacts';

type Sql = Pick<Db, 'sql'>;

/** Timestamps come back as Date (pg, PGlite) or, through some paths, as text. */
const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
const isoRequired = (value: unknown): string => iso(value) ?? new Date(0).toISOString();

// Submissions ---------------------------------------------------------------------------------------

/** The raw row; `npi` exists only if a later migration adds it to the form. */
export type SubmissionRow = {
  id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  title: string;
  organization: string;
  specialty: string;
  other_specialty: string | null;
  email: string;
  phone: string;
  location: string;
  linkedin_url: string | null;
  education: EducationEntry[] | string | null;
  skills: string[] | null;
  /** 'unconfirmed' rows are never shown to operators (their address is not proven yet). */
  status: SubmissionStatus | 'unconfirmed';
  created_at: Date | string;
  processed_at: Date | string | null;
  processed_by_email?: string | null;
  physician_id: number | null;
  npi?: string | null;
};

export function educationOf(row: Pick<SubmissionRow, 'education'>): EducationEntry[] {
  const value = typeof row.education === 'string' ? (JSON.parse(row.education) as unknown) : row.education;
  if (!Array.isArray(value)) return [];
  return value
    .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
    .map((entry) => ({
      schoolName: String(entry.schoolName ?? ''),
      degree: String(entry.degree ?? ''),
      field: typeof entry.field === 'string' ? entry.field : null,
      startDate: typeof entry.startDate === 'string' ? entry.startDate : null,
      endDate: typeof entry.endDate === 'string' ? entry.endDate : null,
    }))
    .filter((entry) => entry.schoolName && entry.degree);
}

/** A pending 'Other' submission's suggested field (contract/specialty-suggestion.ts); none for the others. */
function suggestionOf(row: SubmissionRow & { status: SubmissionStatus }): Pick<Submission, 'suggestedSpecialty' | 'suggestedSubSpecialty'> {
  const field = row.status === 'pending' && row.other_specialty ? nearestField(row.other_specialty) : null;
  return { suggestedSpecialty: field?.specialty ?? null, suggestedSubSpecialty: field?.subSpecialty ?? null };
}

export function toSubmission(row: SubmissionRow & { status: SubmissionStatus }): Submission {
  return {
    id: row.id,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    title: row.title,
    organization: row.organization,
    specialty: row.specialty,
    otherSpecialty: row.other_specialty,
    ...suggestionOf(row),
    email: row.email,
    phone: row.phone,
    location: row.location,
    linkedinUrl: row.linkedin_url,
    education: educationOf(row),
    skills: row.skills ?? [],
    status: row.status,
    createdAt: isoRequired(row.created_at),
    processedAt: iso(row.processed_at),
    processedByEmail: row.processed_by_email ?? null,
    physicianId: row.physician_id,
    match: null,
  };
}

const SUBMISSION_COLUMNS = `s.*, u.email AS processed_by_email`;

/** Operators' counts: unconfirmed submissions (their address not proven yet) are not theirs to see. */
export async function countSubmissionsByStatus(db: Sql): Promise<SubmissionCounts> {
  const { rows } = await db.sql.query<{ status: SubmissionStatus; n: number }>(
    "SELECT status, count(*)::int AS n FROM candidate_submissions WHERE status <> 'unconfirmed' GROUP BY status",
  );
  const counts: SubmissionCounts = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/**
 * One page of a status. Pending: oldest first (first come, first served); processed: most
 * recently processed first.
 */
export async function listSubmissions(
  db: Sql,
  input: { status: SubmissionStatus; limit: number; offset: number },
): Promise<SubmissionRow[]> {
  const order = input.status === 'pending' ? 's.created_at ASC, s.id' : 's.processed_at DESC NULLS LAST, s.id';
  const { rows } = await db.sql.query<SubmissionRow>(
    `SELECT ${SUBMISSION_COLUMNS}
       FROM candidate_submissions s LEFT JOIN users u ON u.id = s.processed_by
      WHERE s.status = $1
      ORDER BY ${order}
      LIMIT $2 OFFSET $3`,
    [input.status, input.limit, input.offset],
  );
  return rows;
}

/** The submission, locked until the transaction ends (two admins cannot process it twice). */
export async function lockSubmission(db: Sql, id: string): Promise<SubmissionRow | null> {
  const { rows } = await db.sql.query<SubmissionRow>('SELECT * FROM candidate_submissions WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

export async function readSubmission(db: Sql, id: string): Promise<SubmissionRow | null> {
  const { rows } = await db.sql.query<SubmissionRow>(
    `SELECT ${SUBMISSION_COLUMNS} FROM candidate_submissions s LEFT JOIN users u ON u.id = s.processed_by WHERE s.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function markSubmission(
  db: Sql,
  input: { id: string; status: 'approved' | 'rejected'; processedBy: string; physicianId: number | null },
): Promise<void> {
  await db.sql.query(
    `UPDATE candidate_submissions SET status = $2, processed_at = now(), processed_by = $3, physician_id = $4 WHERE id = $1`,
    [input.id, input.status, input.processedBy, input.physicianId],
  );
}

// Directory records written by an approval ----------------------------------------------------------

export async function findPhysicianIdByNpi(db: Sql, npi: string): Promise<number | null> {
  const { rows } = await db.sql.query<{ id: number }>('SELECT id FROM physicians WHERE npi = $1', [npi]);
  return rows[0]?.id ?? null;
}

export async function readPhysicianName(db: Sql, id: number): Promise<string> {
  const { rows } = await db.sql.query<{ name: string }>(
    `SELECT concat_ws(' ', first_name, last_name) AS name FROM physicians WHERE id = $1`,
    [id],
  );
  return rows[0]?.name ?? '';
}

/** The physician whose personal or work email is this address (the oldest record if several). */
export async function findPhysicianIdByEmail(db: Sql, email: string): Promise<number | null> {
  const { rows } = await db.sql.query<{ physician_id: number }>(
    `SELECT physician_id FROM physician_contacts
      WHERE lower(personal_email) = lower($1) OR lower(work_email) = lower($1)
      ORDER BY physician_id LIMIT 1`,
    [email],
  );
  return rows[0]?.physician_id ?? null;
}

export type PhysicianFields = {
  npi: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  title: string;
  organization: string;
  specialty: string;
  /** What an 'Other' resume's author typed (kept under the specialty the operator chose); null: keep the one on file. */
  subSpecialty: string | null;
  city: string | null;
  state: string | null;
  linkedinUrl: string | null;
  skills: string[];
  education: EducationEntry[];
};

const fieldParams = (f: PhysicianFields) => [
  f.firstName,
  f.middleName,
  f.lastName,
  f.title,
  f.organization,
  f.specialty,
  f.city,
  f.state,
  f.linkedinUrl,
  f.skills,
  JSON.stringify(f.education),
];

export async function insertPhysician(db: Sql, fields: PhysicianFields): Promise<number> {
  const { rows } = await db.sql.query<{ id: number }>(
    `INSERT INTO physicians (first_name, middle_name, last_name, title, organization, specialty, city, state,
                             linkedin_url, skills, education, npi, sub_specialty, source,
                             location_source, location_source_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text[], $11::jsonb, $12, $13, 'resume',
             CASE WHEN $7::text IS NOT NULL OR $8::text IS NOT NULL THEN 'resume' END,
             CASE WHEN $7::text IS NOT NULL OR $8::text IS NOT NULL THEN current_date END)
     RETURNING id`,
    [...fieldParams(fields), fields.npi, fields.subSpecialty],
  );
  return rows[0].id;
}

/**
 * The physician's own resume wins over older data; the NPI, the source and the verification date
 * stay as they were (a resume verifies nothing: its contacts are self-reported).
 */
export async function updatePhysician(db: Sql, id: number, fields: PhysicianFields): Promise<void> {
  await db.sql.query(
    `UPDATE physicians SET first_name = $1, middle_name = $2, last_name = $3, title = $4, organization = $5,
            specialty = $6, city = $7, state = $8, linkedin_url = $9, skills = $10::text[], education = $11::jsonb,
            npi = COALESCE(npi, $13), sub_specialty = COALESCE($14, sub_specialty), updated_at = now(),
            location_source = CASE WHEN $7::text IS NOT NULL OR $8::text IS NOT NULL THEN 'resume' END,
            location_source_date = CASE WHEN $7::text IS NOT NULL OR $8::text IS NOT NULL THEN current_date END
      WHERE id = $12`,
    [...fieldParams(fields), id, fields.npi, fields.subSpecialty],
  );
}

/** The physician's contact row (locked until the transaction ends when `lock`), or null when it has none. */
export async function readContacts(db: Sql, physicianId: number, lock = false): Promise<StoredContacts | null> {
  const { rows } = await db.sql.query<StoredContacts>(
    `SELECT personal_email, work_email, mobile_phone, office_phone, self_reported_email, self_reported_phone
       FROM physician_contacts WHERE physician_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [physicianId],
  );
  return rows[0] ?? null;
}

const WRITABLE_COLUMNS = new Set(['personal_email', 'work_email', 'mobile_phone', 'office_phone', 'self_reported_email', 'self_reported_phone']);

/**
 * Writes what an approval adds (self-reported-contacts.ts decides where): a value in an empty
 * place gets the status 'self_reported' and no verification date; a value kept beside the four
 * gets its date. Nothing on file is overwritten (the plan only names empty places).
 */
export async function writeSelfReportedContacts(db: Sql, physicianId: number, plans: readonly ContactPlan[]): Promise<void> {
  const writes = plans.filter((plan): plan is ContactPlan & { column: NonNullable<ContactPlan['column']> } => plan.column !== null);
  await db.sql.query('INSERT INTO physician_contacts (physician_id) VALUES ($1) ON CONFLICT (physician_id) DO NOTHING', [physicianId]);
  if (writes.length === 0) return;
  const params: unknown[] = [physicianId];
  const sets = writes.flatMap(({ column, submitted }) => {
    if (!WRITABLE_COLUMNS.has(column)) throw new Error(`not a contact column: ${column}`);
    params.push(submitted);
    const value = `$${params.length}`;
    return column.startsWith('self_reported_')
      ? [`${column} = ${value}`, 'self_reported_at = now()']
      : [
          `${column} = ${value}`,
          `${column}_status = 'self_reported'`,
          `${column}_verified_at = NULL`,
          // Not checked yet: 'unknown' until the re-verification job (it is due at once) says more (ADR 032).
          `${column}_verification = 'unknown'`,
          `${column}_confidence = NULL`,
          `${column}_method = NULL`,
          'checked_at = NULL',
        ];
  });
  await db.sql.query(`UPDATE physician_contacts SET ${[...new Set(sets)].join(', ')} WHERE physician_id = $1`, params);
}

// Users --------------------------------------------------------------------------------------------

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * One page of the user_summary (docs/rules.md#admin), newest sign-ups first. Exported contacts
 * come from the counter the export_logs trigger keeps on users (migration 0010), so the page
 * costs the same whatever the export history.
 */
export async function listUsers(
  db: Sql,
  input: { query: string; limit: number; offset: number },
): Promise<{ users: UserSummary[]; total: number }> {
  // Two statements rather than one with a window count: a broad search ("example") then pages
  // through users_created_idx and stops at 25 rows, where a window count would join and sort
  // every match (measured 2-5 times slower for broad searches, bench/README.md).
  // email_search is lower(email), kept by the database (migration 0010-admin-users-email-search).
  const where = `WHERE ($1::text IS NULL OR u.email_search LIKE lower($1))`;
  const pattern = input.query ? containsPattern(input.query) : null;
  const [page, count] = await Promise.all([
    db.sql.query<{
      id: string;
      email: string;
      role: Role;
      created_at: Date | string | null;
      last_sign_in_at: Date | string | null;
      status: string | null;
      tier: string | null;
      total_exports: number | string;
    }>(
      `SELECT u.id, u.email, u.role, u.created_at, u.last_sign_in_at, s.status, s.tier, u.exported_contacts AS total_exports
         FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id
        ${where}
        ORDER BY u.created_at DESC, u.id
        LIMIT $2 OFFSET $3`,
      [pattern, input.limit, input.offset],
    ),
    db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u ${where}`, [pattern]),
  ]);
  const total = Number(count.rows[0]?.n ?? 0);
  const rows = page.rows;
  return {
    total,
    users: rows.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      signupDate: iso(row.created_at),
      lastSignInAt: iso(row.last_sign_in_at),
      subscriptionStatus: row.status,
      subscriptionPlan: row.tier === 'premium' || row.tier === 'basic' ? planName(row.tier) : null,
      totalExports: Number(row.total_exports),
    })),
  };
}

/** Total Exports is the sum of the users' counters: the sum of the Exported Contacts column. */
export async function readUserStats(db: Sql): Promise<UserStats> {
  const { rows } = await db.sql.query<{ users: number; active: number; exports: number | string }>(
    `SELECT count(*)::int AS users, COALESCE(sum(exported_contacts), 0)::bigint AS exports,
            (SELECT count(*)::int FROM subscriptions WHERE status = 'active') AS active
       FROM users`,
  );
  const row = rows[0];
  return { totalUsers: Number(row.users), activeSubscriptions: Number(row.active), totalExports: Number(row.exports) };
}

/** `idleSince`: sessions last seen before it have ended (SESSION_IDLE_DAYS) and are not listed. */
export async function readUserDetail(db: Sql, id: string, idleSince: Date): Promise<UserDetail | null> {
  const { rows: userRows } = await db.sql.query<{
    id: string;
    email: string;
    name: string | null;
    role: Role;
    email_verified_at: Date | null;
    created_at: Date;
    last_sign_in_at: Date | null;
  }>('SELECT id, email, name, role, email_verified_at, created_at, last_sign_in_at FROM users WHERE id = $1', [id]);
  const user = userRows[0];
  if (!user) return null;
  const [subscription, sessions, exportTotal, exports, revealTotal, reveals] = await Promise.all([
    db.sql.query<{
      status: string;
      tier: 'basic' | 'premium';
      provider: string;
      current_period_end: Date | null;
      cancel_at_period_end: boolean;
    }>('SELECT status, tier, provider, current_period_end, cancel_at_period_end FROM subscriptions WHERE user_id = $1', [id]),
    db.sql.query<{ id: string; created_at: Date; last_seen_at: Date; expires_at: Date; user_agent: string | null; ip: string | null }>(
      `SELECT id, created_at, last_seen_at, expires_at, user_agent, ip FROM sessions
        WHERE user_id = $1 AND expires_at > now() AND last_seen_at > $2::timestamptz ORDER BY last_seen_at DESC LIMIT 50`,
      [id, idleSince.toISOString()],
    ),
    db.sql.query<{ n: number | string }>('SELECT COALESCE(sum(export_count), 0)::bigint AS n FROM export_logs WHERE user_id = $1', [id]),
    db.sql.query<{ id: number; export_date: Date; export_count: number; format: string }>(
      'SELECT id, export_date, export_count, format FROM export_logs WHERE user_id = $1 ORDER BY export_date DESC LIMIT 10',
      [id],
    ),
    db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_reveals WHERE user_id = $1', [id]),
    db.sql.query<{ id: number; physician_id: number; created_at: Date; first_name: string | null; last_name: string | null }>(
      `SELECT r.id, r.physician_id, r.created_at, p.first_name, p.last_name
         FROM contact_reveals r LEFT JOIN physicians p ON p.id = r.physician_id
        WHERE r.user_id = $1 ORDER BY r.created_at DESC LIMIT 10`,
      [id],
    ),
  ]);
  const sub = subscription.rows[0];
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      emailVerified: user.email_verified_at !== null,
      signupDate: isoRequired(user.created_at),
      lastSignInAt: iso(user.last_sign_in_at),
    },
    subscription: sub
      ? {
          status: sub.status,
          tier: sub.tier,
          plan: planName(sub.tier),
          provider: sub.provider,
          currentPeriodEnd: iso(sub.current_period_end),
          cancelAtPeriodEnd: sub.cancel_at_period_end,
        }
      : null,
    sessions: sessions.rows.map((s) => ({
      id: s.id.slice(0, 8),
      createdAt: isoRequired(s.created_at),
      lastSeenAt: isoRequired(s.last_seen_at),
      expiresAt: isoRequired(s.expires_at),
      userAgent: s.user_agent,
      ip: s.ip,
    })),
    totalExports: Number(exportTotal.rows[0]?.n ?? 0),
    recentExports: exports.rows.map((e) => ({
      id: Number(e.id),
      exportDate: isoRequired(e.export_date),
      exportCount: Number(e.export_count),
      format: e.format,
    })),
    totalReveals: Number(revealTotal.rows[0]?.n ?? 0),
    recentReveals: reveals.rows.map((r) => ({
      id: Number(r.id),
      physicianId: Number(r.physician_id),
      physicianName: r.first_name || r.last_name ? [r.first_name, r.last_name].filter(Boolean).join(' ') : null,
      createdAt: isoRequired(r.created_at),
    })),
    team: await findUserTeam(db, id),
  };
}

/** The user's active team, its owner and seats, and its 10 latest changes in the audit log. */
async function findUserTeam(db: Sql, userId: string): Promise<UserDetail['team']> {
  const { rows } = await db.sql.query<{ id: string; name: string; role: 'owner' | 'admin' | 'member'; owner_email: string; seats: number; members: number }>(
    `SELECT t.id, t.name, m.role, o.email AS owner_email,
            coalesce((SELECT seats FROM subscriptions WHERE user_id = om.user_id), 1) AS seats,
            (SELECT count(*)::int FROM team_members x WHERE x.team_id = t.id AND x.removed_at IS NULL) AS members
       FROM team_members m JOIN teams t ON t.id = m.team_id
       JOIN team_members om ON om.team_id = t.id AND om.role = 'owner' AND om.removed_at IS NULL
       JOIN users o ON o.id = om.user_id
      WHERE m.user_id = $1 AND m.removed_at IS NULL`,
    [userId],
  );
  const team = rows[0];
  if (!team) return null;
  const events = await db.sql.query<{ action: AuditAction; email: string | null; created_at: Date }>(
    `SELECT a.action, u.email, a.created_at FROM audit_events a LEFT JOIN users u ON u.id = a.actor_user_id
      WHERE a.action LIKE 'team.%' AND (a.target_id = $1 OR a.details->>'teamId' = $1)
      ORDER BY a.created_at DESC, a.id DESC LIMIT 10`,
    [team.id],
  );
  return {
    id: team.id,
    name: team.name,
    role: team.role,
    ownerEmail: team.owner_email,
    seats: Number(team.seats),
    members: team.members,
    events: events.rows.map((e) => ({
      action: e.action,
      label: AUDIT_ACTION_LABELS[e.action] ?? e.action,
      actorEmail: e.email,
      createdAt: isoRequired(e.created_at),
    })),
  };
}

export async function readUserRole(db: Sql, id: string): Promise<{ email: string; role: Role } | null> {
  const { rows } = await db.sql.query<{ email: string; role: Role }>('SELECT email, role FROM users WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

export async function setUserRole(db: Sql, id: string, role: Role): Promise<void> {
  await db.sql.query('UPDATE users SET role = $2 WHERE id = $1', [id, role]);
}

export async function countAdmins(db: Sql): Promise<number> {
  const { rows } = await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
  return Number(rows[0]?.n ?? 0);
}

export async function deleteSessions(db: Sql, userId: string): Promise<number> {
  const { rows } = await db.sql.query<{ id: string }>('DELETE FROM sessions WHERE user_id = $1 RETURNING id', [userId]);
  return rows.length;
}

// Overview -----------------------------------------------------------------------------------------

/** UTC midnight 29 days ago: the 30 days (today included) of the activity chart and its totals. */
const WINDOW_START = `(((now() AT TIME ZONE 'UTC')::date - 29)::timestamp AT TIME ZONE 'UTC')`;

export async function readOverviewCounts(db: Sql): Promise<{
  users: number;
  subscribers: { priceId: string; status: string; n: number }[];
}> {
  const [users, subscribers] = await Promise.all([
    db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users'),
    db.sql.query<{ price_id: string; status: string; n: number }>(
      `SELECT price_id, status, count(*)::int AS n FROM subscriptions WHERE status IN ('active', 'trialing') GROUP BY price_id, status`,
    ),
  ]);
  return {
    users: Number(users.rows[0]?.n ?? 0),
    subscribers: subscribers.rows.map((r) => ({ priceId: r.price_id, status: r.status, n: Number(r.n) })),
  };
}

/** Exports (and contacts exported) and reveals per UTC day, the last 30 days including today, oldest first. */
export async function readDailyActivity(db: Sql): Promise<(DailyActivity & { contacts: number })[]> {
  const { rows } = await db.sql.query<{ day: string; exports: number; contacts: number | string; reveals: number }>(
    `WITH days AS (
       SELECT to_char(d, 'YYYY-MM-DD') AS day
         FROM generate_series((now() AT TIME ZONE 'UTC')::date - 29, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d
     ),
     e AS (SELECT to_char((export_date AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n,
                  sum(export_count)::bigint AS contacts FROM export_logs
            WHERE export_date >= ${WINDOW_START} GROUP BY (export_date AT TIME ZONE 'UTC')::date),
     r AS (SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM contact_reveals
            WHERE created_at >= ${WINDOW_START} GROUP BY (created_at AT TIME ZONE 'UTC')::date)
     SELECT days.day, COALESCE(e.n, 0)::int AS exports, COALESCE(e.contacts, 0)::bigint AS contacts, COALESCE(r.n, 0)::int AS reveals
       FROM days LEFT JOIN e ON e.day = days.day LEFT JOIN r ON r.day = days.day
      ORDER BY days.day`,
  );
  return rows.map((r) => ({ date: r.day, exports: Number(r.exports), contacts: Number(r.contacts), reveals: Number(r.reveals) }));
}

/**
 * Rows of a table another feature owns, or null when that feature's migration is not in this
 * build (the dashboard then leaves the tile out).
 */
export async function countIfTableExists(db: Sql, table: 'refund_requests' | 'contact_messages', where = ''): Promise<number | null> {
  const { rows } = await db.sql.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [table]);
  if (!rows[0]?.present) return null;
  const { rows: counted } = await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} ${where}`);
  return Number(counted[0]?.n ?? 0);
}

// Audit --------------------------------------------------------------------------------------------

export async function listAuditEvents(
  db: Sql,
  input: { user?: string; action?: string; from?: string; to?: string; limit: number; offset: number },
): Promise<{ events: AuditEventRow[]; total: number }> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (input.action) add((p) => `a.action = ${p}`, input.action);
  if (input.from) add((p) => `a.created_at >= ${p}::date`, input.from);
  if (input.to) add((p) => `a.created_at < ${p}::date + 1`, input.to);
  if (input.user) {
    add(
      (p) =>
        `(lower(actor.email) LIKE lower(${p}) OR (a.target_type = 'user' AND lower(target.email) LIKE lower(${p})))`,
      containsPattern(input.user),
    );
  }
  const from = `FROM audit_events a
    LEFT JOIN users actor ON actor.id = a.actor_user_id
    LEFT JOIN users target ON a.target_type = 'user' AND target.id::text = a.target_id`;
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const [page, count] = await Promise.all([
    db.sql.query<{
      id: number | string;
      action: string;
      actor_email: string | null;
      target_type: string | null;
      target_id: string | null;
      target_email: string | null;
      details: Record<string, unknown> | string | null;
      ip: string | null;
      created_at: Date;
    }>(
      `SELECT a.id, a.action, actor.email AS actor_email, a.target_type, a.target_id, target.email AS target_email,
              a.details, a.ip, a.created_at
         ${from} ${where}
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, input.limit, input.offset],
    ),
    db.sql.query<{ n: number }>(`SELECT count(*)::int AS n ${from} ${where}`, params),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    events: page.rows.map((r) => ({
      id: Number(r.id),
      action: r.action,
      actorEmail: r.actor_email,
      targetType: r.target_type,
      targetId: r.target_id,
      targetLabel: r.target_email,
      details: typeof r.details === 'string' ? (JSON.parse(r.details) as Record<string, unknown>) : r.details,
      ip: r.ip,
      createdAt: isoRequired(r.created_at),
    })),
  };
}
