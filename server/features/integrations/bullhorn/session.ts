import type { Db } from '../../../db/client';
import type { Env } from '../../../lib/env';
import { integrationsBox, type SecretBox } from '../../../lib/secret-box';
import { BullhornError, refreshTokens, restClient, restLogin, type Pacer, type RestClient, type RestSession, type RetryPolicy } from './client';
import * as repo from './repo';

/*
 * A connection's Bullhorn session (ADR 064). The access token lives 10 minutes: it is refreshed a
 * minute before it lapses, and each refresh retires the refresh token it used. Two processes may
 * refresh at once: the second's refresh fails (its token was retired) and it reads the first's new
 * tokens from the row instead. No database lock is held across a call to Bullhorn (the embedded
 * database has one connection). Tokens are sealed in the row and opened only here.
 */

export type BullhornConfig = { clientId: string; clientSecret: string; loginInfoUrl: string };

export function bullhornConfig(env: Pick<Env, 'BULLHORN_CLIENT_ID' | 'BULLHORN_CLIENT_SECRET' | 'BULLHORN_LOGIN_INFO_URL'>): BullhornConfig | null {
  if (!env.BULLHORN_CLIENT_ID || !env.BULLHORN_CLIENT_SECRET) return null;
  return {
    clientId: env.BULLHORN_CLIENT_ID,
    clientSecret: env.BULLHORN_CLIENT_SECRET,
    loginInfoUrl: env.BULLHORN_LOGIN_INFO_URL ?? 'https://rest.bullhornstaffing.com/rest-services',
  };
}

const REFRESH_BEFORE_MS = 60_000;

const time = (value: Date | string | null) => (value ? new Date(value).getTime() : 0);

/** The connection's access token, refreshed first when it lapses within a minute. */
async function accessToken(db: Db, box: SecretBox, config: BullhornConfig, connectionId: string, force = false): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await repo.findConnectionById(db, connectionId);
    if (!row || row.status !== 'connected' || !row.access_token || !row.refresh_token) {
      throw new BullhornError('The Bullhorn connection is gone: connect again.', 401, true);
    }
    if (!force && time(row.access_expires_at) - Date.now() > REFRESH_BEFORE_MS) return box.open(row.access_token);
    try {
      const tokens = await refreshTokens(row.oauth_url, { clientId: config.clientId, clientSecret: config.clientSecret, refreshToken: box.open(row.refresh_token) });
      const sealed = { accessToken: box.seal(tokens.accessToken), refreshToken: box.seal(tokens.refreshToken), accessExpiresAt: tokens.expiresAt };
      if (await repo.saveRefreshed(db, connectionId, row.refresh_token, sealed)) return tokens.accessToken;
      // Another process refreshed in between and its tokens are the row's: ours were never saved.
      force = false;
    } catch (error) {
      const current = await repo.findConnectionById(db, connectionId);
      // Refused because another process used the refresh token first: read its tokens.
      if (current?.refresh_token && current.refresh_token !== row.refresh_token) {
        force = false;
        continue;
      }
      if (error instanceof BullhornError && error.authFailed) {
        await repo.markBroken(db, connectionId, error.message);
      }
      throw error;
    }
  }
  throw new BullhornError('The Bullhorn tokens kept changing: try again.', 503);
}

/** A new REST session for the connection (after a REST login), saved for the next job. */
async function newRestSession(db: Db, box: SecretBox, config: BullhornConfig, connectionId: string): Promise<RestSession> {
  const row = await repo.findConnectionById(db, connectionId);
  if (!row) throw new BullhornError('The Bullhorn connection is gone: connect again.', 401, true);
  let session: RestSession;
  try {
    session = await restLogin(row.login_url, await accessToken(db, box, config, connectionId));
  } catch (error) {
    if (!(error instanceof BullhornError) || error.status !== 401) throw error;
    // An access token Bullhorn no longer takes although it has not lapsed: refresh once, then log in.
    session = await restLogin(row.login_url, await accessToken(db, box, config, connectionId, true));
  }
  await repo.saveRestSession(db, connectionId, { restUrl: session.restUrl, restToken: box.seal(session.restToken) });
  return session;
}

/** A REST client of the connection: its saved session, or a new one; renewed when Bullhorn says it lapsed. */
export async function openRestClient(
  db: Db,
  config: BullhornConfig,
  connectionId: string,
  options: { pacer: Pacer; retry?: RetryPolicy; signal?: AbortSignal },
): Promise<RestClient> {
  const box = await integrationsBox(db);
  const row = await repo.findConnectionById(db, connectionId);
  if (!row || row.status !== 'connected') throw new BullhornError('The Bullhorn connection is gone: connect again.', 401, true);
  const session =
    row.rest_url && row.rest_token ? { restUrl: row.rest_url, restToken: box.open(row.rest_token) } : await newRestSession(db, box, config, connectionId);
  return restClient(session, { ...options, onExpired: () => newRestSession(db, box, config, connectionId) });
}
