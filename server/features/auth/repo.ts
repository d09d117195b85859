import type { Role } from '../../../contract/account';
import type { Db } from '../../db/client';

export type TokenPurpose = 'verify_email' | 'reset_password';

/** A users row, every column (camelCase). */
export type UserRow = {
  id: string;
  email: string;
  passwordHash: string;
  emailVerifiedAt: Date | null;
  role: Role;
  name: string | null;
  bio: string | null;
  notifyMarketing: boolean;
  notifyNewFeatures: boolean;
  notifySecurityAlerts: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
  /** Contacts exported, all time: kept by the export_logs trigger (migration 0010). */
  exportedContacts: number;
};

const USER_COLUMNS = `id, email, password_hash AS "passwordHash", email_verified_at AS "emailVerifiedAt", role, name, bio,
  notify_marketing AS "notifyMarketing", notify_new_features AS "notifyNewFeatures",
  notify_security_alerts AS "notifySecurityAlerts", created_at AS "createdAt", last_sign_in_at AS "lastSignInAt",
  exported_contacts AS "exportedContacts"`;

/** The token with this hash ($1) and purpose ($2), not used and not expired (never a decoy: those have no user). */
const LIVE_TOKEN = 'id = $1 AND purpose = $2 AND user_id IS NOT NULL AND used_at IS NULL AND expires_at > now()';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.sql.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = $1`, [
    email.toLowerCase(),
  ]);
  return rows[0];
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.sql.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0];
}

export async function insertUser(
  db: Db,
  input: { email: string; passwordHash: string; role: 'user' | 'admin' },
): Promise<UserRow> {
  const { rows } = await db.sql.query<UserRow>(
    `INSERT INTO users (email, password_hash, role) VALUES ($1, $2, $3) RETURNING ${USER_COLUMNS}`,
    [input.email, input.passwordHash, input.role],
  );
  return rows[0];
}

export async function insertAuthToken(
  db: Db,
  input: { tokenHash: string; userId: string; purpose: TokenPurpose; expiresAt: Date },
): Promise<void> {
  await db.sql.query('INSERT INTO auth_tokens (id, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4::timestamptz)', [
    input.tokenHash,
    input.userId,
    input.purpose,
    input.expiresAt.toISOString(),
  ]);
}

/**
 * A reset link for the account that also ends its live verification links, in one statement
 * (a sign-up for an address that has an account: the owner's way in is then the reset link).
 */
export async function insertResetTokenEndingVerifyLinks(
  db: Db,
  input: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.sql.query(
    `WITH ended AS (
       UPDATE auth_tokens SET used_at = now()
       WHERE user_id = $2 AND purpose = 'verify_email' AND used_at IS NULL
     )
     INSERT INTO auth_tokens (id, user_id, purpose, expires_at) VALUES ($1, $2, 'reset_password', $3::timestamptz)`,
    [input.tokenHash, input.userId, input.expiresAt.toISOString()],
  );
}

/**
 * The write an address without an account makes in place of a real one (a link, its email, a new
 * user): one token row with no user, expired when written, so nothing can ever use it and the
 * maintenance pass deletes it. The known and unknown paths then write alike (ADR 028).
 */
export async function insertDecoyToken(db: Db, input: { tokenHash: string; purpose: TokenPurpose }): Promise<void> {
  await db.sql.query('INSERT INTO auth_tokens (id, user_id, purpose, expires_at) VALUES ($1, NULL, $2, $3::timestamptz)', [
    input.tokenHash,
    input.purpose,
    new Date().toISOString(),
  ]);
}

/** The user a live (unused, unexpired) token belongs to, without using it up. */
export async function findLiveToken(
  db: Db,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<{ userId: string } | undefined> {
  const { rows } = await db.sql.query<{ userId: string | null }>(
    `SELECT user_id AS "userId" FROM auth_tokens WHERE ${LIVE_TOKEN}`,
    [tokenHash, purpose],
  );
  const userId = rows[0]?.userId;
  return userId ? { userId } : undefined;
}

/**
 * Uses a token up in one statement (so two concurrent clicks cannot both succeed) and marks the
 * user's other live tokens of that purpose used too: one verified or reset ends them all.
 * Returns the user id, or undefined when the token is unknown, used or expired.
 */
export async function consumeToken(
  db: Db,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<{ userId: string } | undefined> {
  const { rows } = await db.sql.query<{ userId: string | null }>(
    `UPDATE auth_tokens SET used_at = now() WHERE ${LIVE_TOKEN} RETURNING user_id AS "userId"`,
    [tokenHash, purpose],
  );
  const userId = rows[0]?.userId;
  if (!userId) return undefined;
  await revokeTokensOfUser(db, userId, purpose);
  return { userId };
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.sql.query('UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1', [userId]);
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.sql.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}

/** Sets a new password only if the stored one is still `expected` (two changes at once: one wins). */
export async function replacePasswordHash(
  db: Db,
  userId: string,
  expected: string,
  passwordHash: string,
): Promise<boolean> {
  const { rows } = await db.sql.query(
    'UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2 RETURNING id',
    [userId, expected, passwordHash],
  );
  return rows.length === 1;
}

export async function recordSignIn(db: Db, userId: string): Promise<void> {
  await db.sql.query('UPDATE users SET last_sign_in_at = now() WHERE id = $1', [userId]);
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.sql.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
}

/** Ends one session; the user it belonged to, or undefined when there was none. */
export async function deleteSessionReturningUser(db: Db, sessionId: string): Promise<{ userId: string } | undefined> {
  const { rows } = await db.sql.query<{ userId: string }>('DELETE FROM sessions WHERE id = $1 RETURNING user_id AS "userId"', [
    sessionId,
  ]);
  return rows[0];
}

/** Marks every live emailed token of the user used: of one purpose, or (none given) of any. */
export async function revokeTokensOfUser(db: Db, userId: string, purpose?: TokenPurpose): Promise<void> {
  await db.sql.query(
    'UPDATE auth_tokens SET used_at = now() WHERE user_id = $1 AND ($2::text IS NULL OR purpose = $2) AND used_at IS NULL',
    [userId, purpose ?? null],
  );
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<number> {
  const { rowCount } = await db.sql.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  return rowCount;
}

/** Ends every session of the user but `keepSessionId`; how many ended. */
export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<number> {
  const { rowCount } = await db.sql.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, keepSessionId]);
  return rowCount;
}

export async function setUserRole(
  db: Db,
  email: string,
  role: 'user' | 'admin',
): Promise<UserRow | undefined> {
  const { rows } = await db.sql.query<UserRow>(
    `UPDATE users SET role = $2 WHERE lower(email) = $1 RETURNING ${USER_COLUMNS}`,
    [email.toLowerCase(), role],
  );
  return rows[0];
}

/** Rows deleted per statement by the purges below (each batch a short transaction of its own). */
const PURGE_BATCH = 5000;

/**
 * Deletes, in batches, the rows `where` selects, locking them with SKIP LOCKED: rows another
 * process is deleting or touching right now are left for the next run, so two server processes
 * purging at once split the work and never wait on (or deadlock over) each other.
 */
async function purgeInBatches(db: Db, table: 'sessions' | 'auth_tokens', where: string, params: unknown[]) {
  let purged = 0;
  for (;;) {
    const { rowCount } = await db.sql.query(
      `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE ${where} LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED)`,
      params,
    );
    purged += rowCount;
    if (rowCount < PURGE_BATCH) return purged;
  }
}

/** Sessions past their ceiling or idle since `idleSince` (resolveSession refuses them anyway). */
export function purgeEndedSessions(db: Db, now: Date, idleSince: Date): Promise<number> {
  return purgeInBatches(db, 'sessions', 'expires_at <= $1::timestamptz OR last_seen_at <= $2::timestamptz', [
    now.toISOString(),
    idleSince.toISOString(),
  ]);
}

/** Emailed tokens that can no longer be used: used, or expired. */
export function purgeSpentTokens(db: Db, now: Date): Promise<number> {
  return purgeInBatches(db, 'auth_tokens', 'used_at IS NOT NULL OR expires_at <= $1::timestamptz', [now.toISOString()]);
}
