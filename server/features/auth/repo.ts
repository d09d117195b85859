import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, sessions, users } from '../../db/schema';

export type TokenPurpose = 'verify_email' | 'reset_password';

export type UserRow = typeof users.$inferSelect;

/** The token with this hash and purpose, not used and not expired. */
const liveToken = (tokenHash: string, purpose: TokenPurpose) =>
  and(
    eq(authTokens.id, tokenHash),
    eq(authTokens.purpose, purpose),
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
  input: { tokenHash: string; userId: string; purpose: TokenPurpose; expiresAt: Date; passwordHash?: string },
): Promise<void> {
  await db.orm.insert(authTokens).values({
    id: input.tokenHash,
    userId: input.userId,
    purpose: input.purpose,
    expiresAt: input.expiresAt,
    passwordHash: input.passwordHash ?? null,
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
  return row;
}

/**
 * Uses a token up in one statement (so two concurrent clicks cannot both succeed) and marks the
 * user's other live tokens of that purpose used too: one verified or reset ends them all.
 * Returns the user id (and the password the token carries, if any), or undefined when the token
 * is unknown, used or expired.
 */
export async function consumeToken(
  db: Db,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<{ userId: string; passwordHash: string | null } | undefined> {
  const [row] = await db.orm
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(liveToken(tokenHash, purpose))
    .returning({ userId: authTokens.userId, passwordHash: authTokens.passwordHash });
  if (!row) return undefined;
  await db.orm
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(authTokens.userId, row.userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)),
    );
  return row;
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

/** Marks every live emailed token of the user used, whatever its purpose. */
export async function revokeTokensOfUser(db: Db, userId: string): Promise<void> {
  await db.orm
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<number> {
  const rows = await db.orm
    .delete(sessions)
    .where(eq(sessions.userId, userId))
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
