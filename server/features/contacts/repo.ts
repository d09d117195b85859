import type { Db } from '../../db/client';

/*
 * The contacts feature's SQL: the only reads of physician_contacts besides the export.
 */

export type ContactRecord = {
  physicianId: number;
  email: string | null;
  phone: string | null;
  verifiedAt: Date | null;
};

/** The email shown is the personal one when present, else the work one; likewise mobile, then office. */
export async function findContact(db: Db, physicianId: number): Promise<ContactRecord | null> {
  const { rows } = await db.sql.query<{
    id: number;
    email: string | null;
    phone: string | null;
    verified_at: Date | string | null;
  }>(
    `SELECT p.id,
            coalesce(nullif(c.personal_email, ''), nullif(c.work_email, '')) AS email,
            coalesce(nullif(c.mobile_phone, ''), nullif(c.office_phone, '')) AS phone,
            p.verified_at
       FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id
      WHERE p.id = $1`,
    [physicianId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    physicianId: row.id,
    email: row.email,
    phone: row.phone,
    verifiedAt: row.verified_at === null ? null : new Date(row.verified_at),
  };
}

/**
 * Serialises the reveals of one user (held until the transaction ends), so two reveals at once
 * cannot both take the last unit of the allowance. Other users are not blocked.
 */
export async function lockUserReveals(db: Db, userId: string): Promise<void> {
  await db.sql.query(`SELECT pg_advisory_xact_lock(hashtext('contact_reveals:' || $1))`, [userId]);
}

/** Whether the user made a counted reveal of this physician at or after `since`. */
export async function hasCountedRevealSince(
  db: Db,
  userId: string,
  physicianId: number,
  since: Date,
): Promise<boolean> {
  const { rows } = await db.sql.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM contact_reveals
                     WHERE user_id = $1 AND physician_id = $2 AND counted AND created_at >= $3) AS found`,
    [userId, physicianId, since.toISOString()],
  );
  return rows[0].found;
}

/** Counted reveals of the user at or after `since`. */
export async function countCountedRevealsSince(db: Db, userId: string, since: Date): Promise<number> {
  const { rows } = await db.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM contact_reveals WHERE user_id = $1 AND counted AND created_at >= $2`,
    [userId, since.toISOString()],
  );
  return rows[0].n;
}

export async function insertReveal(
  db: Db,
  row: { userId: string; physicianId: number; counted: boolean; at: Date },
): Promise<void> {
  await db.sql.query(
    'INSERT INTO contact_reveals (user_id, physician_id, counted, created_at) VALUES ($1, $2, $3, $4)',
    [row.userId, row.physicianId, row.counted, row.at.toISOString()],
  );
}
