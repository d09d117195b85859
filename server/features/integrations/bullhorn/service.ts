import { createHash, randomBytes } from 'node:crypto';
import {
  PUSH_ITEMS_SHOWN,
  PUSH_MAX,
  type BullhornConnection,
  type CreatePushRequest,
  type Push,
  type PushDetail,
  type PushesResponse,
} from '../../../../contract/integrations';
import type { Db } from '../../../db/client';
import { recordAudit } from '../../../lib/audit';
import type { CurrentUser } from '../../../lib/current-user';
import type { Env } from '../../../lib/env';
import { AppError } from '../../../lib/errors';
import type { Logger } from '../../../lib/logger';
import { integrationsBox } from '../../../lib/secret-box';
import { findListWithMemberIds } from '../../lists';
import { integrationOwnerOf, managedOwnerOf, type IntegrationOwner } from '../owner';
import { authorizeUrl, BullhornError, exchangeCode, loginInfo, restLogin } from './client';
import * as repo from './repo';
import { bullhornConfig, type BullhornConfig } from './session';

/* Connecting Bullhorn, pushing to it and what it holds (docs/decisions/064-ats-integrations.md). */

export type BullhornDeps = {
  db: Db;
  env: Pick<Env, 'APP_URL' | 'BULLHORN_CLIENT_ID' | 'BULLHORN_CLIENT_SECRET' | 'BULLHORN_LOGIN_INFO_URL'>;
  logger: Logger;
  /** Wakes this process's push job (a push waits for the next poll otherwise). */
  wakePushes?: () => void;
};

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** Where Bullhorn sends the browser back: this server's callback, registered with the Bullhorn app. */
export const callbackUrl = (appUrl: string) => new URL('/api/integrations/bullhorn/callback', appUrl).toString();

function configOrRefuse(deps: BullhornDeps): BullhornConfig {
  const config = bullhornConfig(deps.env);
  if (!config) {
    throw new AppError('conflict', 'Bullhorn is not set up on this server: the operator must set BULLHORN_CLIENT_ID and BULLHORN_CLIENT_SECRET.');
  }
  return config;
}

async function canManage(db: Db, user: CurrentUser): Promise<boolean> {
  try {
    await managedOwnerOf(db, user);
    return true;
  } catch {
    return false;
  }
}

export async function getConnection(deps: BullhornDeps, { user }: { user: CurrentUser }): Promise<BullhornConnection> {
  const row = await repo.findConnection(deps.db, integrationOwnerOf(user));
  return {
    configured: bullhornConfig(deps.env) !== null,
    status: row?.status ?? 'none',
    username: row?.username ?? null,
    connectedAt: row?.status === 'connected' ? iso(row.connected_at) : null,
    connectedBy: row?.connected_by_name ?? null,
    lastError: row?.last_error ?? null,
    inAts: row?.status === 'connected' ? row.in_ats : 0,
    refreshedAt: row?.status === 'connected' ? iso(row.refreshed_at) : null,
    canManage: await canManage(deps.db, user),
  };
}

/**
 * Starts the OAuth flow: loginInfo names the user's data centre, the connection row keeps a hash
 * of a one-time state, and the browser is sent to Bullhorn's sign-in page.
 */
export async function connect(deps: BullhornDeps, { user, username }: { user: CurrentUser; username: string }): Promise<{ authorizeUrl: string }> {
  const config = configOrRefuse(deps);
  const owner = await managedOwnerOf(deps.db, user);
  await integrationsBox(deps.db); // 503 now, not after Bullhorn, when the key is missing
  let info;
  try {
    info = await loginInfo(config.loginInfoUrl, username);
  } catch (error) {
    if (error instanceof BullhornError && error.status > 0 && error.status < 500) {
      throw new AppError('validation_failed', 'Bullhorn does not know this user name.', { fields: { username: 'Bullhorn does not know this user name.' } });
    }
    throw new AppError('service_unavailable', 'Bullhorn could not be reached: try again in a minute.');
  }
  const state = randomBytes(24).toString('base64url');
  await repo.startConnection(deps.db, owner, { username, oauthUrl: info.oauthUrl, loginUrl: info.restUrl, stateHash: hashState(state), by: user.id });
  return { authorizeUrl: authorizeUrl(info.oauthUrl, { clientId: config.clientId, redirectUri: callbackUrl(deps.env.APP_URL), state, username }) };
}

/** Where the callback sends the browser: the Integrations tab, saying how it went. */
const backTo = (appUrl: string, outcome: string) => new URL(`/account?tab=integrations&bullhorn=${outcome}`, appUrl).toString();

/**
 * Bullhorn's redirect back: the state must be one this server issued in the last 10 minutes to a
 * manager of the same owner as the signed-in caller; the code becomes tokens, sealed, and a REST
 * login proves them. Answers the address to send the browser to.
 */
export async function completeConnection(
  deps: BullhornDeps,
  input: { user: CurrentUser; code?: string; state?: string; error?: string; ip: string | null },
): Promise<string> {
  const config = bullhornConfig(deps.env);
  if (!config || !input.state) return backTo(deps.env.APP_URL, 'error');
  const row = await repo.takeState(deps.db, hashState(input.state));
  const owner = integrationOwnerOf(input.user);
  if (!row || (row.team_id ?? null) !== owner.teamId || (row.user_id ?? null) !== owner.userId) return backTo(deps.env.APP_URL, 'error');
  await managedOwnerOf(deps.db, input.user);
  if (input.error || !input.code) return backTo(deps.env.APP_URL, 'denied');
  const box = await integrationsBox(deps.db);
  try {
    const tokens = await exchangeCode(row.oauth_url, { clientId: config.clientId, clientSecret: config.clientSecret, code: input.code, redirectUri: callbackUrl(deps.env.APP_URL) });
    const session = await restLogin(row.login_url, tokens.accessToken);
    await deps.db.transaction(async (tx) => {
      await repo.saveConnected(tx, row.id, {
        accessToken: box.seal(tokens.accessToken),
        refreshToken: box.seal(tokens.refreshToken),
        accessExpiresAt: tokens.expiresAt,
        restUrl: session.restUrl,
        restToken: box.seal(session.restToken),
      });
      await recordAudit(tx, {
        action: 'integration.connected',
        actorUserId: input.user.id,
        targetType: 'ats_connection',
        targetId: row.id,
        details: { provider: 'bullhorn', username: row.username },
        ip: input.ip,
      });
    });
  } catch (error) {
    deps.logger.warn({ err: error instanceof BullhornError ? { message: error.message, status: error.status } : error }, 'bullhorn: the connection could not be completed');
    return backTo(deps.env.APP_URL, 'error');
  }
  // The first 'In your ATS' check runs at once.
  deps.wakePushes?.();
  return backTo(deps.env.APP_URL, 'connected');
}

/** Disconnect: the tokens, the 'In your ATS' records and the pushes go with the row. */
export async function disconnect(deps: BullhornDeps, { user, ip }: { user: CurrentUser; ip: string | null }): Promise<void> {
  const owner = await managedOwnerOf(deps.db, user);
  await deps.db.transaction(async (tx) => {
    const id = await repo.deleteConnection(tx, owner);
    if (!id) throw new AppError('not_found', 'Bullhorn is not connected.');
    await recordAudit(tx, { action: 'integration.disconnected', actorUserId: user.id, targetType: 'ats_connection', targetId: id, details: { provider: 'bullhorn' }, ip });
  });
}

function toPush(row: repo.PushRow): Push {
  return {
    id: row.id,
    source: row.source,
    listId: row.list_id,
    updateExisting: row.update_existing,
    status: row.status,
    total: row.total,
    counts: { created: row.created, updated: row.updated, existing: row.existing, skipped: row.skipped, failed: row.failed },
    error: row.error,
    createdAt: iso(row.created_at)!,
    finishedAt: iso(row.finished_at),
    createdBy: row.created_by_name,
  };
}

async function connectionOrRefuse(db: Db, owner: IntegrationOwner): Promise<string> {
  const id = await repo.connectedId(db, owner);
  if (!id) throw new AppError('conflict', 'Connect Bullhorn first (Account Settings, Integrations).');
  return id;
}

/** A push of a selection, a list or one profile: queued for the job, answered at once. */
export async function createPush(deps: BullhornDeps, { user, request, ip }: { user: CurrentUser; request: CreatePushRequest; ip: string | null }): Promise<Push> {
  configOrRefuse(deps);
  const owner = integrationOwnerOf(user);
  let ids: number[];
  if (request.source === 'list') {
    const list = await findListWithMemberIds(deps.db, { userId: user.id, teamId: user.teamId }, request.listId!);
    if (!list) throw new AppError('not_found', 'List not found');
    ids = list.memberIds;
    if (!ids.length) throw new AppError('validation_failed', 'This list has no physicians to push.', { fields: { listId: 'the list is empty' } });
  } else {
    ids = [...new Set(request.physicianIds)];
  }
  if (ids.length > PUSH_MAX) {
    throw new AppError('validation_failed', `At most ${PUSH_MAX.toLocaleString('en-US')} physicians per push.`, { fields: { physicianIds: `at most ${PUSH_MAX} physicians per push` } });
  }
  const id = await deps.db.transaction(async (tx) => {
    const connectionId = await connectionOrRefuse(tx, owner);
    const pushId = await repo.insertPush(tx, {
      connectionId,
      by: user.id,
      source: request.source,
      listId: request.source === 'list' ? request.listId! : null,
      updateExisting: request.updateExisting,
      physicianIds: ids,
    });
    await recordAudit(tx, {
      action: 'integration.pushed',
      actorUserId: user.id,
      targetType: 'ats_push',
      targetId: pushId,
      details: { provider: 'bullhorn', source: request.source, physicians: ids.length, updateExisting: request.updateExisting },
      ip,
    });
    return pushId;
  });
  deps.wakePushes?.();
  return toPush((await repo.findPush(deps.db, owner, id))!);
}

export async function listPushes(deps: BullhornDeps, { user }: { user: CurrentUser }): Promise<PushesResponse> {
  return { pushes: (await repo.findPushes(deps.db, integrationOwnerOf(user), 20)).map(toPush) };
}

export async function getPush(deps: BullhornDeps, { user, id }: { user: CurrentUser; id: string }): Promise<PushDetail> {
  const row = await repo.findPush(deps.db, integrationOwnerOf(user), id);
  if (!row) throw new AppError('not_found', 'Push not found');
  const items = await repo.findPushItems(deps.db, id, PUSH_ITEMS_SHOWN);
  return {
    ...toPush(row),
    items: items.map((item) => ({
      physicianId: item.physician_id,
      name: item.name ?? 'No longer in the directory',
      npi: item.npi,
      outcome: item.outcome,
      candidateId: item.candidate_id === null ? null : Number(item.candidate_id),
      reason: item.reason,
    })),
  };
}
