import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, sessions, users } from '../../db/schema';

export type TokenPurpose = 'verify_email' | 'reset_password';

export type UserRow = typeof users.$inferSelect;

/** The token with this hash and purpose, not used and not expired (never a decoy: those have no user). */
const liveToken = (tokenHash: string, purpose: TokenPurpose) =>
  and(
    eq(authTokens.id, tokenHash),
    eq(authTokens.purpose, purpose),
    isNotNull(authTokens.userId),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, sql`now()`),
  );

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.orm
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.orm.select().from(users).where(eq(users.id, id));
  return row;
}

export async function insertUser(
  db: Db,
  input: { email: string; passwordHash: string; role: 'user' | 'admin' },
): Promise<UserRow> {
  const [row] = await db.orm.insert(users).values(input).returning();
  return row;
}

export async function insertAuthToken(
  db: Db,
  input: { tokenHash: string; userId: string; purpose: TokenPurpose; expiresAt: Date },
): Promise<void> {
  await db.orm.insert(authTokens).values({
    id: input.tokenHash,
    userId: input.userId,
    purpose: input.purpose,
    expiresAt: input.expiresAt,
  });
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
  await db.orm.insert(authTokens).values({
    id: input.tokenHash,
    userId: null,
    purpose: input.purpose,
    expiresAt: new Date(),
  });
}

/** The user a live (unused, unexpired) token belongs to, without using it up. */
export async function findLiveToken(
  db: Db,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<{ userId: string } | undefined> {
  const [row] = await db.orm
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(liveToken(tokenHash, purpose));
  return row?.userId ? { userId: row.userId } : undefined;
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
  const [row] = await db.orm
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(liveToken(tokenHash, purpose))
    .returning({ userId: authTokens.userId });
  if (!row?.userId) return undefined;
  await revokeTokensOfUser(db, row.userId, purpose);
  return { userId: row.userId };
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.orm
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.orm.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Sets a new password only if the stored one is still `expected` (two changes at once: one wins). */
export async function replacePasswordHash(
  db: Db,
  userId: string,
  expected: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db.orm
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, expected)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function recordSignIn(db: Db, userId: string): Promise<void> {
  await db.orm
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.orm.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends one session; the user it belonged to, or undefined when there was none. */
export async function deleteSessionReturningUser(db: Db, sessionId: string): Promise<{ userId: string } | undefined> {
  const [row] = await db.orm
    .delete(sessions)
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId });
  return row;
}

/** Marks every live emailed token of the user used: of one purpose, or (none given) of any. */
export async function revokeTokensOfUser(db: Db, userId: string, purpose?: TokenPurpose): Promise<void> {
  await db.orm
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.userId, userId),
        purpose ? eq(authTokens.purpose, purpose) : undefined,
        isNull(authTokens.usedAt),
      ),
    );
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<number> {
  const rows = await db.orm
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Ends every session of the user but `keepSessionId`; how many ended. */
export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<number> {
  const rows = await db.orm
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function setUserRole(
  db: Db,
  email: string,
  role: 'user' | 'admin',
): Promise<UserRow | undefined> {
  const [row] = await db.orm
    .update(users)
    .set({ role })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .returning();
  return row;
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
