import {
  API_KEY_PREFIX,
  API_KEYS_PER_USER_MAX,
  type ApiKey,
  type ApiKeysResponse,
  type CreateApiKeyResponse,
} from '../../../contract/api-keys';
import { capabilitiesFor } from '../../../contract/account';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { CurrentUser } from '../../lib/current-user';
import { AppError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { LAST_SEEN_WRITE_INTERVAL_MS, toSubscriptionStatus } from '../auth';
import * as repo from './repo';

/** Characters of a key kept to tell keys apart in the list: 'pd_live_' and 4 of the secret. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

function toApiKey(row: repo.ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * A new key for the user (who holds 'api-keys:manage'): 32 random bytes after 'pd_live_'. Only its
 * SHA-256 is stored; the key is in this answer and nowhere else. Audited in the same transaction.
 */
export async function createApiKey(options: {
  db: Db;
  userId: string;
  name: string;
  ip: string | null;
}): Promise<CreateApiKeyResponse> {
  const key = API_KEY_PREFIX + newToken();
  return options.db.transaction(async (tx) => {
    await repo.lockUserApiKeys(tx, options.userId);
    if ((await repo.countActiveApiKeys(tx, options.userId)) >= API_KEYS_PER_USER_MAX) {
      throw new AppError(
        'conflict',
        `You can have at most ${API_KEYS_PER_USER_MAX} API keys. Revoke one you no longer use first.`,
      );
    }
    const row = await repo.insertApiKey(tx, {
      userId: options.userId,
      name: options.name,
      prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
      keyHash: hashToken(key),
    });
    await recordAudit(tx, {
      action: 'api_key.created',
      actorUserId: options.userId,
      targetType: 'api_key',
      targetId: row.id,
      details: { name: row.name, prefix: row.prefix },
      ip: options.ip,
    });
    return { ...toApiKey(row), key };
  });
}

export async function listApiKeys(options: { db: Db; userId: string }): Promise<ApiKeysResponse> {
  return { keys: (await repo.listActiveApiKeys(options.db, options.userId)).map(toApiKey) };
}

/** Revokes one of the user's keys (404 when it is not theirs or already revoked); audited. */
export async function revokeApiKey(options: { db: Db; userId: string; id: string; ip: string | null }): Promise<void> {
  await options.db.transaction(async (tx) => {
    const row = await repo.revokeApiKey(tx, options.userId, options.id, new Date());
    if (!row) throw new AppError('not_found', 'API key not found.');
    await recordAudit(tx, {
      action: 'api_key.revoked',
      actorUserId: options.userId,
      targetType: 'api_key',
      targetId: row.id,
      details: { name: row.name, prefix: row.prefix },
      ip: options.ip,
    });
  });
}

/** Why every key of a user ended at once (the audit rows say it). */
export type ApiKeysEndedBecause = 'password_changed' | 'password_reset' | 'sign_out_others' | 'demo_account_secured';

/**
 * Ends every active key of the user, inside the caller's transaction (`db`): a password change or
 * reset, 'sign out of all other devices' with its option, and a production start securing a demo
 * account. One audit row per key, naming the reason. Returns how many ended.
 */
export async function revokeAllApiKeys(options: {
  db: Db;
  userId: string;
  reason: ApiKeysEndedBecause;
  /** Who did it: the user, or null (the production start). */
  actorUserId: string | null;
  ip?: string | null;
}): Promise<number> {
  const rows = await repo.revokeAllApiKeys(options.db, options.userId, new Date());
  for (const row of rows) {
    await recordAudit(options.db, {
      action: 'api_key.revoked',
      actorUserId: options.actorUserId,
      targetType: 'api_key',
      targetId: row.id,
      details: { name: row.name, prefix: row.prefix, reason: options.reason, userId: options.userId },
      ip: options.ip ?? null,
    });
  }
  return rows.length;
}

/**
 * The caller an `Authorization: Bearer <key>` names: the key's user as they are now (role and the
 * subscription entitled today, so a user who became free gets free capabilities), or null for an
 * unknown or revoked key or an account that is no longer verified. Writes last_used_at at most
 * once a minute (conditional, like sessions' last_seen_at).
 */
export async function resolveApiKey(db: Db, key: string, now = new Date()): Promise<CurrentUser | null> {
  if (!key.startsWith(API_KEY_PREFIX)) return null;
  const row = await repo.findKeyWithUser(db, hashToken(key));
  if (!row) return null;
  if (!row.key.lastUsedAt || now.getTime() - row.key.lastUsedAt.getTime() >= LAST_SEEN_WRITE_INTERVAL_MS) {
    await repo.touchApiKey(db, row.key.id, now, LAST_SEEN_WRITE_INTERVAL_MS);
  }
  const subscription = toSubscriptionStatus(row.subscription);
  return {
    id: row.user.id,
    email: row.user.email,
    name: row.user.name,
    role: row.user.role,
    sessionId: '',
    apiKeyId: row.key.id,
    teamId: row.user.teamId,
    subscription,
    capabilities: capabilitiesFor({ signedIn: true, role: row.user.role, tier: subscription.tier }),
  };
}
