import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { capabilitiesFor, FREE_SUBSCRIPTION, type Role, type SubscriptionStatus } from '../../../contract/account';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/driver';
import type { Env } from '../../lib/env';
import type { CurrentUser } from '../../lib/current-user';
import { payerIdOf, teamIdOf } from '../team';
import { hashToken, newToken } from '../../lib/tokens';

export const SESSION_COOKIE = 'sid';

/**
 * What the session's calls read of a request's context: its deps' database and settings. Not
 * AppEnv, whose services are built from this feature (a cycle through server/services.ts); the
 * calls are generic because Hono's Context is invariant in its env.
 */
type SessionEnv = { Variables: { deps: { db: Db; env: Env } } };
const DAY_MS = 24 * 60 * 60 * 1000;
/** The ceiling: a session ends 30 days after sign-in, however much it is used. */
export const SESSION_TTL_MS = 30 * DAY_MS;
/** last_seen_at is written at most once per this interval per session (not at every request). */
export const LAST_SEEN_WRITE_INTERVAL_MS = 60_000;

/**
 * When sessions end besides the ceiling: `idleMs` without a request (SESSION_IDLE_DAYS). `now`
 * is the clock the check and the last_seen_at write use (tests pass their own).
 */
export type SessionPolicy = { idleMs: number; now?: Date };

export function sessionPolicy(env: { SESSION_IDLE_DAYS: number }): SessionPolicy {
  return { idleMs: env.SESSION_IDLE_DAYS * DAY_MS };
}

/** The subscription columns a status is made of (a row of subscriptions, or of an outer join's nulls). */
type SubscriptionFacts = {
  tier: 'basic' | 'premium';
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

export function toSubscriptionStatus(row: SubscriptionFacts | null): SubscriptionStatus {
  if (!row) return FREE_SUBSCRIPTION;
  return {
    subscribed: true,
    tier: row.tier,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/**
 * The join condition of a user's subscription that grants the paid tier now (also used by API
 * keys): `subscription` is the subscriptions alias, `userId` the column it belongs to. Active and
 * trialing grant it; past_due too until its grace_until (ADR 012).
 */
export const entitledSubscription = (subscription: string, userId: string) =>
  `${subscription}.user_id = ${userId} AND (${subscription}.status IN ('active', 'trialing')
     OR (${subscription}.status = 'past_due' AND ${subscription}.grace_until > now()))`;

/**
 * The query of resolveSession: it runs on every signed-in request, so it is planned once per
 * connection (planning the join cost the database more than running it). The columns read, not
 * the rows (no password hash leaves the database for it). An unverified account has no session
 * by sign-in; one left over (or written by anything else) counts for nothing: the caller is
 * anonymous.
 */
const SESSION_LOOKUP = preparedStatement(
  'resolve_session',
  `SELECT u.id, u.email, u.name, u.role, s.id AS "sessionId", s.expires_at AS "expiresAt", s.last_seen_at AS "lastSeenAt",
          sub.tier, sub.status, sub.current_period_end AS "currentPeriodEnd", sub.cancel_at_period_end AS "cancelAtPeriodEnd",
          ${teamIdOf('u.id')} AS "teamId"
     FROM sessions s
     JOIN users u ON u.id = s.user_id
     LEFT JOIN subscriptions sub ON ${entitledSubscription('sub', payerIdOf('u.id'))}
    WHERE s.id = $1 AND u.email_verified_at IS NOT NULL`,
);

type SessionLookupRow = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  sessionId: string;
  expiresAt: Date;
  lastSeenAt: Date;
  teamId: string | null;
} & ({ tier: null; status: null; currentPeriodEnd: null; cancelAtPeriodEnd: null } | SubscriptionFacts);

/** The subscription columns of a row with a left-joined subscription, or null when it joined none. */
const joinedSubscription = (row: SubscriptionFacts | { tier: null }): SubscriptionFacts | null =>
  row.tier === null ? null : (row as SubscriptionFacts);

/**
 * Looks up the session whose token the cookie holds; null when missing, unknown, of an
 * unverified account, past its 30-day ceiling or idle for longer than `policy.idleMs` (an ended
 * session's row is deleted here, so it cannot come back). One query (session, user and entitled
 * subscription) since it runs on every signed-in request; plus, at most once a minute per
 * session, the write of last_seen_at (conditional, so concurrent requests, from any server
 * process, write it once).
 */
export async function resolveSession(
  db: Db,
  token: string | undefined,
  policy: SessionPolicy,
): Promise<CurrentUser | null> {
  if (!token) return null;
  const now = policy.now ?? new Date();
  const sessionId = hashToken(token);
  const [row] = (await db.sql.query<SessionLookupRow>(SESSION_LOOKUP, [sessionId])).rows;
  if (!row) return null;
  const idleSince = new Date(now.getTime() - policy.idleMs);
  if (row.expiresAt <= now || row.lastSeenAt <= idleSince) {
    await db.sql.query(
      'DELETE FROM sessions WHERE id = $1 AND (expires_at <= $2::timestamptz OR last_seen_at <= $3::timestamptz)',
      [sessionId, now.toISOString(), idleSince.toISOString()],
    );
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_WRITE_INTERVAL_MS) {
    await db.sql.query('UPDATE sessions SET last_seen_at = $2::timestamptz WHERE id = $1 AND last_seen_at <= $3::timestamptz', [
      sessionId,
      now.toISOString(),
      new Date(now.getTime() - LAST_SEEN_WRITE_INTERVAL_MS).toISOString(),
    ]);
  }
  const subscription = toSubscriptionStatus(joinedSubscription(row));
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    sessionId: row.sessionId,
    apiKeyId: null,
    teamId: row.teamId,
    subscription,
    capabilities: capabilitiesFor({ signedIn: true, role: row.role, tier: subscription.tier }),
  };
}

export async function loadCurrentUser<E extends SessionEnv>(c: Context<E>): Promise<CurrentUser | null> {
  return resolveSession(c.var.deps.db, getCookie(c, SESSION_COOKIE), sessionPolicy(c.var.deps.env));
}

/** Starts a server-side session; returns the token for the cookie (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: string,
  meta: { userAgent?: string | null; ip?: string | null } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  // last_seen_at on the server's clock, as the checks in resolveSession use (not the database's now()).
  await db.sql.query(
    `INSERT INTO sessions (id, user_id, expires_at, last_seen_at, user_agent, ip)
     VALUES ($1, $2, $3::timestamptz, $4::timestamptz, $5, $6)`,
    [hashToken(token), userId, expiresAt.toISOString(), now.toISOString(), meta.userAgent ?? null, meta.ip ?? null],
  );
  return { token, expiresAt };
}

/** httpOnly (no script reads it), SameSite=Lax (not sent on cross-site POSTs), Secure over https. */
function sessionCookieOptions<E extends SessionEnv>(c: Context<E>) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax' as const,
    secure: c.var.deps.env.APP_URL.startsWith('https:'),
  };
}

export function setSessionCookie<E extends SessionEnv>(c: Context<E>, session: { token: string; expiresAt: Date }): void {
  setCookie(c, SESSION_COOKIE, session.token, { ...sessionCookieOptions(c), expires: session.expiresAt });
}

export function clearSessionCookie<E extends SessionEnv>(c: Context<E>): void {
  deleteCookie(c, SESSION_COOKIE, sessionCookieOptions(c));
}
