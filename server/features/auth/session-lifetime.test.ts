import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, createTestUser, TEST_PASSWORD, type TestResponse } from '../../test/harness';
import { createSession, resolveSession, SESSION_COOKIE } from './session';

/*
 * Session lifetime (docs/rules.md#accounts, ADR 016): a session lasts 30 days, after which the
 * server no longer knows it (no user in /api/me, 401 on a signed-in call); the cookie says the same
 * lifetime; signing out ends only the session of that browser. A session unused for
 * SESSION_IDLE_DAYS (default 7) ends too, and last_seen_at is written at most once a minute. ('Sign
 * out of all other devices' and Change Password: account-security.test.ts; the purge of ended rows:
 * server/maintenance.test.ts.)
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

/** The product's decision, written here rather than read from the code: 30 days. */
const SESSION_DAYS = 30;
/** SESSION_IDLE_DAYS's default, likewise. */
const IDLE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

function sessionCookie(res: TestResponse): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!cookie) throw new Error('no session cookie set');
  return cookie;
}

async function signIn() {
  const user = await createTestUser(ctx.db);
  const agent = ctx.agent();
  const login = await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
  expect(login.status).toBe(200);
  return { user, agent, login };
}

async function sessionsOf(userId: string) {
  const { rows } = await ctx.db.sql.query<{ id: string; expires_at: Date }>(
    'SELECT id, expires_at FROM sessions WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  return rows;
}

describe('session lifetime', () => {
  it('an expired session is no session: /api/me has no user and a signed-in call answers 401', async () => {
    const { user, agent } = await signIn();
    expect((await agent.get('/api/me')).body.user).toMatchObject({ email: user.email });
    expect((await agent.get('/api/account/profile')).status).toBe(200);

    // One second past its end: refused, and its row deleted on the way (it cannot come back).
    await ctx.db.sql.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    );
    const me = await agent.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toBeNull();
    expect(me.body.capabilities).toEqual([]);
    const profile = await agent.get('/api/account/profile');
    expect(profile.status).toBe(401);
    expect(profile.body.error.code).toBe('unauthenticated');
    expect(await sessionsOf(user.id)).toEqual([]);

    // A session still inside its lifetime works (the expiry check is not simply "any expiry").
    expect((await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    await ctx.db.sql.query(
      `UPDATE sessions SET expires_at = now() + interval '1 minute' WHERE user_id = $1`,
      [user.id],
    );
    expect((await agent.get('/api/me')).body.user).toMatchObject({ email: user.email });
  });

  it('the cookie expires when the server session does, 30 days after sign-in', async () => {
    const before = Date.now();
    const { user, login } = await signIn();
    const cookie = sessionCookie(login);
    const expires = /;\s*Expires=([^;]+)/i.exec(cookie)?.[1];
    const maxAge = /;\s*Max-Age=(\d+)/i.exec(cookie)?.[1];
    // Either attribute may carry the lifetime; the browser's end of the session, in ms.
    const cookieEnd = maxAge ? Date.now() + Number(maxAge) * 1000 : Date.parse(expires ?? '');
    expect(Number.isFinite(cookieEnd), cookie).toBe(true);
    const [session] = await sessionsOf(user.id);
    const serverEnd = new Date(session.expires_at).getTime();
    expect(Math.abs(cookieEnd - serverEnd)).toBeLessThanOrEqual(2_000);
    expect(serverEnd - before).toBeGreaterThanOrEqual(SESSION_DAYS * DAY_MS - 2_000);
    expect(serverEnd - before).toBeLessThanOrEqual(SESSION_DAYS * DAY_MS + 60_000);
  });

  it('logout ends only the session of this browser', async () => {
    const { user, agent: laptop } = await signIn();
    const phone = ctx.agent();
    expect((await phone.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(
      200,
    );
    expect(await sessionsOf(user.id)).toHaveLength(2);

    const out = await laptop.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect((await laptop.get('/api/me')).body.user).toBeNull();
    expect((await phone.get('/api/me')).body.user).toMatchObject({ email: user.email });
    expect((await phone.get('/api/account/profile')).status).toBe(200);
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });
});

async function sessionRow(id: string) {
  const { rows } = await ctx.db.sql.query<{ last_seen_at: Date; version: string }>(
    // xmin changes at every write of the row, even one that stores the same value.
    'SELECT last_seen_at, xmin::text AS version FROM sessions WHERE id = $1',
    [id],
  );
  return rows[0];
}

describe('idle timeout and last_seen_at', () => {
  it(`a session not used for ${IDLE_DAYS} days is refused (401) and deleted; one used within them works`, async () => {
    const { user, agent } = await signIn();
    const [session] = await sessionsOf(user.id);
    // Used 6 days 23 hours ago: still a session, and this request counts as use.
    await ctx.db.sql.query(`UPDATE sessions SET last_seen_at = now() - interval '6 days 23 hours' WHERE id = $1`, [session.id]);
    expect((await agent.get('/api/account/profile')).status).toBe(200);
    const touched = await sessionRow(session.id);
    expect(Date.now() - new Date(touched.last_seen_at).getTime()).toBeLessThan(60_000);

    // Unused for 7 days and a minute: refused, and its row is gone (the ceiling is 23 days away).
    await ctx.db.sql.query(`UPDATE sessions SET last_seen_at = now() - interval '7 days 1 minute' WHERE id = $1`, [session.id]);
    const profile = await agent.get('/api/account/profile');
    expect(profile.status).toBe(401);
    expect(profile.body.error.code).toBe('unauthenticated');
    expect(await sessionsOf(user.id)).toEqual([]);
    expect((await agent.get('/api/me')).body.user).toBeNull();
  });

  it('SESSION_IDLE_DAYS sets the idle limit', async () => {
    const short = await createTestContext({ env: { SESSION_IDLE_DAYS: '2' } });
    try {
      const user = await createTestUser(short.db);
      const { token } = await createSession(short.db, user.id);
      const agent = short.agent();
      agent.setCookie(SESSION_COOKIE, token);
      await short.db.sql.query(`UPDATE sessions SET last_seen_at = now() - interval '47 hours' WHERE user_id = $1`, [user.id]);
      expect((await agent.get('/api/account/profile')).status).toBe(200);
      await short.db.sql.query(`UPDATE sessions SET last_seen_at = now() - interval '49 hours' WHERE user_id = $1`, [user.id]);
      expect((await agent.get('/api/account/profile')).status).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('writes last_seen_at at most once a minute per session', async () => {
    const { user, agent } = await signIn();
    const [session] = await sessionsOf(user.id);
    await ctx.db.sql.query(`UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE id = $1`, [session.id]);
    const before = await sessionRow(session.id);

    // Two calls within a minute: the first writes, the second does not.
    expect((await agent.get('/api/me')).body.user).toMatchObject({ id: user.id });
    const first = await sessionRow(session.id);
    expect(first.version).not.toBe(before.version);
    expect(new Date(first.last_seen_at).getTime()).toBeGreaterThan(new Date(before.last_seen_at).getTime() + 60_000);
    expect((await agent.get('/api/account/profile')).status).toBe(200);
    const second = await sessionRow(session.id);
    expect(second.version).toBe(first.version);
    expect(second.last_seen_at).toEqual(first.last_seen_at);
  });

  it('with an explicit clock: no write 59 s after the last one, a write at 60 s, the end after the idle limit', async () => {
    const user = await createTestUser(ctx.db);
    const { token } = await createSession(ctx.db, user.id);
    const [session] = await sessionsOf(user.id);
    const seen = new Date((await sessionRow(session.id)).last_seen_at);
    const idleMs = IDLE_DAYS * DAY_MS;
    const at = (ms: number) => ({ idleMs, now: new Date(seen.getTime() + ms) });

    const unchanged = (await sessionRow(session.id)).version;
    expect(await resolveSession(ctx.db, token, at(59_000))).toMatchObject({ id: user.id });
    expect((await sessionRow(session.id)).version).toBe(unchanged);

    expect(await resolveSession(ctx.db, token, at(60_000))).toMatchObject({ id: user.id });
    expect(new Date((await sessionRow(session.id)).last_seen_at)).toEqual(new Date(seen.getTime() + 60_000));

    // Idle exactly the limit after that write: ended and deleted.
    expect(await resolveSession(ctx.db, token, at(60_000 + idleMs))).toBeNull();
    expect(await sessionRow(session.id)).toBeUndefined();
  });
});
