import { and, desc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, subscriptions, users } from '../../db/schema';
import { entitledSubscription } from '../auth';

/*
 * The api-keys feature's SQL.
 */

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(
  db: Db,
  values: { userId: string; name: string; prefix: string; keyHash: string },
): Promise<ApiKeyRow> {
  const [row] = await db.orm.insert(apiKeys).values(values).returning();
  return row;
}

/** The user's keys that still work, newest first. */
export async function listActiveApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db.orm
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function countActiveApiKeys(db: Db, userId: string): Promise<number> {
  const [row] = await db.orm
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row.n;
}

/** Serialises key creation of one user (the per-user ceiling holds under concurrent calls). */
export async function lockUserApiKeys(db: Db, userId: string): Promise<void> {
  await db.sql.query(`SELECT pg_advisory_xact_lock(hashtext('api_keys:' || $1))`, [userId]);
}

/** Revokes one of the user's active keys; the row revoked, or undefined (unknown, not theirs, already revoked). */
export async function revokeApiKey(db: Db, userId: string, id: string, at: Date): Promise<ApiKeyRow | undefined> {
  const [row] = await db.orm
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

/** Revokes every active key of the user; the rows revoked. */
export async function revokeAllApiKeys(db: Db, userId: string, at: Date): Promise<ApiKeyRow[]> {
  return db.orm
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
}

/**
 * The active key of this hash with its user (verified accounts only) and the subscription that
 * entitles them now: one query, since it runs on every call made with a key.
 */
export async function findKeyWithUser(db: Db, keyHash: string) {
  const [row] = await db.orm
    .select({ key: apiKeys, user: users, subscription: subscriptions })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(subscriptions, entitledSubscription(users.id))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt), isNotNull(users.emailVerifiedAt)));
  return row;
}

/** Sets last_used_at unless it was written less than `intervalMs` ago (by any process). */
export async function touchApiKey(db: Db, id: string, now: Date, intervalMs: number): Promise<void> {
  await db.orm
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, new Date(now.getTime() - intervalMs))),
      ),
    );
}
