import type { Db } from '../../db/client';

/*
 * The account feature's SQL (parameterised SQL through db.sql, ADR 034).
 */

export type ProfileRow = {
  email: string;
  name: string | null;
  bio: string | null;
  notifyMarketing: boolean;
  notifyNewFeatures: boolean;
  notifySecurityAlerts: boolean;
};

const PROFILE_COLUMNS = `email, name, bio, notify_marketing AS "notifyMarketing",
  notify_new_features AS "notifyNewFeatures", notify_security_alerts AS "notifySecurityAlerts"`;

/** The columns a profile change may set, by field. */
const PROFILE_CHANGE_COLUMNS = {
  name: 'name',
  bio: 'bio',
  notifyMarketing: 'notify_marketing',
  notifyNewFeatures: 'notify_new_features',
  notifySecurityAlerts: 'notify_security_alerts',
} as const satisfies Record<keyof Omit<ProfileRow, 'email'>, string>;

export async function findProfile(db: Db, userId: string): Promise<ProfileRow | undefined> {
  const { rows } = await db.sql.query<ProfileRow>(`SELECT ${PROFILE_COLUMNS} FROM users WHERE id = $1`, [userId]);
  return rows[0];
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: Partial<Omit<ProfileRow, 'email'>>,
): Promise<ProfileRow | undefined> {
  const fields = (Object.keys(PROFILE_CHANGE_COLUMNS) as Array<keyof typeof PROFILE_CHANGE_COLUMNS>).filter(
    (field) => changes[field] !== undefined,
  );
  if (!fields.length) return findProfile(db, userId);
  const assignments = fields.map((field, i) => `${PROFILE_CHANGE_COLUMNS[field]} = $${i + 2}`).join(', ');
  const { rows } = await db.sql.query<ProfileRow>(
    `UPDATE users SET ${assignments} WHERE id = $1 RETURNING ${PROFILE_COLUMNS}`,
    [userId, ...fields.map((field) => changes[field])],
  );
  return rows[0];
}

export async function exportStats(db: Db, userId: string, recentCount: number) {
  const { rows: totals } = await db.sql.query<{ total: number }>(
    'SELECT coalesce(sum(export_count), 0)::int AS total FROM export_logs WHERE user_id = $1',
    [userId],
  );
  const { rows: recent } = await db.sql.query<{ exportDate: Date; exportCount: number; format: string }>(
    `SELECT export_date AS "exportDate", export_count AS "exportCount", format FROM export_logs
     WHERE user_id = $1 ORDER BY export_date DESC, id DESC LIMIT $2`,
    [userId, recentCount],
  );
  return { total: Number(totals[0]?.total ?? 0), recent };
}
