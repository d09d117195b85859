import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { and, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { capabilitiesFor, FREE_SUBSCRIPTION, type SubscriptionStatus } from '../../../contract/account';
import type { Db, Orm } from '../../db/client';
import { preparedStatement } from '../../db/driver';
import { sessions, subscriptions, users } from '../../db/schema';
import type { AppEnv, CurrentUser } from '../../lib/context';
import { hashToken, newToken } from '../../lib/tokens';

export const SESSION_COOKIE = 'sid';
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

/** Statuses that grant the paid tier; past_due too until its grace_until (ADR 012). */
const ENTITLED = ['active', 'trialing'];

type SubscriptionRow = typeof subscriptions.$inferSelect;

export function toSubscriptionStatus(
  row: Pick<SubscriptionRow, 'tier' | 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'> | null,
): SubscriptionStatus {
  if (!row) return FREE_SUBSCRIPTION;
  return {
    subscribed: true,
    tier: row.tier,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/** The join condition of a user's subscription that grants the paid tier now (also used by API keys). */
export const entitledSubscription = (userId: typeof users.id) =>
  and(
    eq(subscriptions.userId, userId),
    or(
      inArray(subscriptions.status, ENTITLED),
      and(eq(subscriptions.status, 'past_due'), sql`${subscriptions.graceUntil} > now()`),
    ),
  );

/**
 * The query of resolveSession, built once per drizzle instance: it runs on every signed-in
 * request, and building its SQL cost the server more CPU than the database took to answer it
 * (planned once per connection too: planning the join cost the database more than running it).
 * The columns read, not the rows (no password hash leaves the database for it).
 */
function prepareSessionLookup(orm: Orm) {
  const query = orm
    .select({
      user: { id: users.id, email: users.email, name: users.name, role: users.role },
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      subscription: {
        tier: subscriptions.tier,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(subscriptions, entitledSubscription(users.id))
    // An unverified account has no session by sign-in; one left over (or written by anything else)
    // counts for nothing: the caller is anonymous.
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNotNull(users.emailVerifiedAt)));
  preparedStatement('resolve_session', query.toSQL().sql);
  return query.prepare('resolve_session');
}
const sessionLookups = new WeakMap<Orm, ReturnType<typeof prepareSessionLookup>>();
const sessionLookup = (orm: Orm) => {
  let lookup = sessionLookups.get(orm);
  if (!lookup) sessionLookups.set(orm, (lookup = prepareSessionLookup(orm)));
  return lookup;
};

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
  const [row] = await sessionLookup(db.orm).execute({ sessionId });
  if (!row) return null;
  const idleSince = new Date(now.getTime() - policy.idleMs);
  if (row.expiresAt <= now || row.lastSeenAt <= idleSince) {
    await db.orm
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince))));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_WRITE_INTERVAL_MS) {
    await db.orm
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(
        and(
          eq(sessions.id, sessionId),
          lte(sessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_WRITE_INTERVAL_MS)),
        ),
      );
  }
  const subscription = toSubscriptionStatus(row.subscription);
  return {
    id: row.user.id,
    email: row.user.email,
    name: row.user.name,
    role: row.user.role,
    sessionId: row.sessionId,
    apiKeyId: null,
    subscription,
    capabilities: capabilitiesFor({ signedIn: true, role: row.user.role, tier: subscription.tier }),
  };
}

export async function loadCurrentUser(c: Context<AppEnv>): Promise<CurrentUser | null> {
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
  await db.orm.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt,
    // The server's clock, as the checks in resolveSession use (not the database's now()).
    lastSeenAt: now,
    userAgent: meta.userAgent ?? null,
    ip: meta.ip ?? null,
  });
  return { token, expiresAt };
}

/** httpOnly (no script reads it), SameSite=Lax (not sent on cross-site POSTs), Secure over https. */
function sessionCookieOptions(c: Context<AppEnv>) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax' as const,
    secure: c.var.deps.env.APP_URL.startsWith('https:'),
  };
}

export function setSessionCookie(c: Context<AppEnv>, session: { token: string; expiresAt: Date }): void {
  setCookie(c, SESSION_COOKIE, session.token, { ...sessionCookieOptions(c), expires: session.expiresAt });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, sessionCookieOptions(c));
}
