import type { Role } from '../../../contract/account';
import type { Db } from '../../db/client';
import { entitledSubscription } from '../auth';
import { payerIdOf, teamIdOf } from '../team';

/*
 * The api-keys feature's SQL.
 */

export type ApiKeyRow = {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  keyHash: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const KEY_COLUMNS = `id, user_id AS "userId", name, prefix, key_hash AS "keyHash", created_at AS "createdAt",
  last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

export async function insertApiKey(
  db: Db,
  values: { userId: string; name: string; prefix: string; keyHash: string },
): Promise<ApiKeyRow> {
  const { rows } = await db.sql.query<ApiKeyRow>(
    `INSERT INTO api_keys (user_id, name, prefix, key_hash) VALUES ($1, $2, $3, $4) RETURNING ${KEY_COLUMNS}`,
    [values.userId, values.name, values.prefix, values.keyHash],
  );
  return rows[0];
}

/** The user's keys that still work, newest first. */
export async function listActiveApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  const { rows } = await db.sql.query<ApiKeyRow>(
    `SELECT ${KEY_COLUMNS} FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id DESC`,
    [userId],
  );
  return rows;
}

export async function countActiveApiKeys(db: Db, userId: string): Promise<number> {
  const { rows } = await db.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
  return rows[0].n;
}

/** Serialises key creation of one user (the per-user ceiling holds under concurrent calls). */
export async function lockUserApiKeys(db: Db, userId: string): Promise<void> {
  await db.sql.query(`SELECT pg_advisory_xact_lock(hashtext('api_keys:' || $1))`, [userId]);
}

/** Revokes one of the user's active keys; the row revoked, or undefined (unknown, not theirs, already revoked). */
export async function revokeApiKey(db: Db, userId: string, id: string, at: Date): Promise<ApiKeyRow | undefined> {
  const { rows } = await db.sql.query<ApiKeyRow>(
    `UPDATE api_keys SET revoked_at = $3::timestamptz WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL
     RETURNING ${KEY_COLUMNS}`,
    [id, userId, at.toISOString()],
  );
  return rows[0];
}

/** Revokes every active key of the user; the rows revoked. */
export async function revokeAllApiKeys(db: Db, userId: string, at: Date): Promise<ApiKeyRow[]> {
  const { rows } = await db.sql.query<ApiKeyRow>(
    `UPDATE api_keys SET revoked_at = $2::timestamptz WHERE user_id = $1 AND revoked_at IS NULL RETURNING ${KEY_COLUMNS}`,
    [userId, at.toISOString()],
  );
  return rows;
}

type KeyWithUserRow = {
  keyId: string;
  lastUsedAt: Date | null;
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  teamId: string | null;
} & (
  | { tier: null; status: null; currentPeriodEnd: null; cancelAtPeriodEnd: null }
  | { tier: 'basic' | 'premium'; status: string; currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean }
);

/**
 * The active key of this hash with its user (verified accounts only) and the subscription that
 * entitles them now: one query, since it runs on every call made with a key.
 */
export async function findKeyWithUser(db: Db, keyHash: string) {
  const { rows } = await db.sql.query<KeyWithUserRow>(
    `SELECT k.id AS "keyId", k.last_used_at AS "lastUsedAt", u.id AS "userId", u.email, u.name, u.role,
            s.tier, s.status, s.current_period_end AS "currentPeriodEnd", s.cancel_at_period_end AS "cancelAtPeriodEnd",
            ${teamIdOf('u.id')} AS "teamId"
       FROM api_keys k
       JOIN users u ON u.id = k.user_id
       LEFT JOIN subscriptions s ON ${entitledSubscription('s', payerIdOf('u.id'))}
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND u.email_verified_at IS NOT NULL`,
    [keyHash],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    key: { id: row.keyId, lastUsedAt: row.lastUsedAt },
    user: { id: row.userId, email: row.email, name: row.name, role: row.role, teamId: row.teamId },
    // Null when the outer join found no entitling subscription (tier is never null in a row).
    subscription:
      row.tier === null
        ? null
        : { tier: row.tier, status: row.status, currentPeriodEnd: row.currentPeriodEnd, cancelAtPeriodEnd: row.cancelAtPeriodEnd },
  };
}

/** Sets last_used_at unless it was written less than `intervalMs` ago (by any process). */
export async function touchApiKey(db: Db, id: string, now: Date, intervalMs: number): Promise<void> {
  await db.sql.query(
    `UPDATE api_keys SET last_used_at = $2::timestamptz
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $3::timestamptz)`,
    [id, now.toISOString(), new Date(now.getTime() - intervalMs).toISOString()],
  );
}
