import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, createTestUser, TEST_PASSWORD, type TestResponse } from '../../test/harness';

/*
 * Session lifetime (document 1): a session lasts 30 days, after which the server no longer knows
 * it (no user in /api/me, 401 on a signed-in call); the cookie says the same lifetime; signing out
 * ends only the session of that browser. (Idle timeout and 'sign out of all other devices' are
 * tested with those features.)
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

/** The product's decision, written here rather than read from the code: 30 days. */
const SESSION_DAYS = 30;
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

    // One second past its end (the row stays: expiry alone must end it).
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

    // A session still inside its lifetime works (the expiry check is not simply "any expiry").
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
