import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '../../../contract/auth';
import { createTestContext, createTestUser, TEST_PASSWORD, type TestAgent } from '../../test/harness';

// Hashing passwords on a busy 2-core machine: give each test room.
vi.setConfig({ testTimeout: 120_000 });

/*
 * Account settings' Change Password (docs/rules.md#accounts, ADR 016) (the current password required; every
 * other session ends, this one stays) and 'Sign out of all other devices'. Both audited, CSRF
 * protected, rate limited per user.
 */
const ctx = await createTestContext();
afterAll(() => ctx.close());

const NEW_PASSWORD = 'a-brand-new-password';

/** A verified user signed in on `devices` browsers through the login call (the first is "this one"). */
async function userOnDevices(devices: number) {
  const user = await createTestUser(ctx.db, { email: `sec-${randomBytes(4).toString('hex')}@example.com` });
  const agents: TestAgent[] = [];
  for (let i = 0; i < devices; i++) {
    const agent = ctx.agent();
    const login = await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    agents.push(agent);
  }
  return { user, agents };
}

async function sessionCount(userId: string): Promise<number> {
  const { rows } = await ctx.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId]);
  return rows[0].n;
}

async function auditOf(userId: string, action: string) {
  const { rows } = await ctx.db.sql.query<{ actor_user_id: string; details: Record<string, unknown> }>(
    'SELECT actor_user_id, details FROM audit_events WHERE target_id = $1 AND action = $2',
    [userId, action],
  );
  return rows;
}

const change = (agent: TestAgent, currentPassword: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) =>
  agent.post('/api/auth/change-password', { currentPassword, newPassword, confirmPassword });

describe('POST /api/auth/change-password', () => {
  it('refuses a wrong current password with 400 naming currentPassword, and changes nothing', async () => {
    const { user, agents } = await userOnDevices(2);
    const res = await change(agents[0], 'not-my-password');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { currentPassword: AUTH_MESSAGES.currentPasswordIncorrect },
    });
    expect(await sessionCount(user.id)).toBe(2);
    expect(await auditOf(user.id, 'auth.password_changed')).toEqual([]);
    const old = await ctx.agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(old.status).toBe(200);
  });

  it('checks the new password with the sign-up rules, each message under its field', async () => {
    const { agents } = await userOnDevices(1);
    const short = await change(agents[0], TEST_PASSWORD, 'short');
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toEqual({ newPassword: AUTH_MESSAGES.passwordTooShort });
    const mismatch = await change(agents[0], TEST_PASSWORD, NEW_PASSWORD, 'something-else');
    expect(mismatch.body.error.fields).toEqual({ confirmPassword: AUTH_MESSAGES.passwordsDoNotMatch });
    const same = await change(agents[0], TEST_PASSWORD, TEST_PASSWORD);
    expect(same.body.error.fields).toEqual({ newPassword: AUTH_MESSAGES.newPasswordSameAsCurrent });
    const missing = await agents[0].post('/api/auth/change-password', { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(missing.body.error.fields).toEqual({ currentPassword: AUTH_MESSAGES.currentPasswordRequired });
  });

  it('changes the password, ends the other sessions but not this one, and the new password signs in', async () => {
    const { user, agents } = await userOnDevices(2);
    const [laptop, phone] = agents;
    const other = await userOnDevices(1); // someone else's session is not touched
    // A reset link asked for earlier must not set a password after this change.
    expect((await ctx.agent().post('/api/auth/forgot-password', { email: user.email })).status).toBe(200);
    const { rows: links } = await ctx.db.sql.query<{ text_body: string }>(
      'SELECT text_body FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [user.email],
    );
    const resetToken = /reset-password\?token=([\w-]+)/.exec(links[0].text_body)![1];

    const res = await change(laptop, TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ endedSessions: 1, endedApiKeys: 0 });

    expect((await laptop.get('/api/me')).body.user).toMatchObject({ id: user.id });
    expect((await laptop.get('/api/account/profile')).status).toBe(200);
    expect((await phone.get('/api/me')).body.user).toBeNull();
    expect((await phone.get('/api/account/profile')).status).toBe(401);
    expect(await sessionCount(user.id)).toBe(1);
    expect((await other.agents[0].get('/api/me')).body.user).toMatchObject({ id: other.user.id });

    const withOld = await ctx.agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(withOld.status).toBe(401);
    const withNew = await ctx.agent().post('/api/auth/login', { email: user.email, password: NEW_PASSWORD });
    expect(withNew.status).toBe(200);

    const reset = await ctx
      .agent()
      .post('/api/auth/reset-password', { token: resetToken, password: 'third-password', confirmPassword: 'third-password' });
    expect(reset.status).toBe(400);
    expect(reset.body.error.code).toBe('invalid_token');

    expect(await auditOf(user.id, 'auth.password_changed')).toEqual([
      { actor_user_id: user.id, details: { endedSessions: 1 } },
    ]);
    const { rows: mail } = await ctx.db.sql.query<{ subject: string; text_body: string }>(
      'SELECT subject, text_body FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [user.email],
    );
    expect(mail[0].subject).toBe('Your PhysicianDirect password was changed');
    expect(mail[0].text_body).toContain('every other device signed in to it was signed out');
  });

  it('needs a session and the CSRF header', async () => {
    const anonymous = await change(ctx.agent(), TEST_PASSWORD);
    expect(anonymous.status).toBe(401);
    const { agents } = await userOnDevices(1);
    const forged = await agents[0].request('POST', '/api/auth/change-password', {
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      csrf: false,
    });
    expect(forged.status).toBe(403);
  });

  it('allows 10 attempts per user in 15 minutes, then answers 429 with Retry-After', async () => {
    const { agents } = await userOnDevices(1);
    for (let i = 0; i < 10; i++) expect((await change(agents[0], `wrong-${i}`)).status).toBe(400);
    const limited = await change(agents[0], TEST_PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    // Per user: another account is not held by it.
    const { agents: others } = await userOnDevices(1);
    expect((await change(others[0], 'wrong')).status).toBe(400);
  });
});

describe('POST /api/auth/sign-out-others', () => {
  it('ends every other session of the user, keeps this one, and is audited', async () => {
    const { user, agents } = await userOnDevices(3);
    const [laptop, phone, tablet] = agents;
    const other = await userOnDevices(1);

    const res = await laptop.post('/api/auth/sign-out-others');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ endedSessions: 2, endedApiKeys: 0 });
    expect((await laptop.get('/api/me')).body.user).toMatchObject({ id: user.id });
    expect((await phone.get('/api/me')).body.user).toBeNull();
    expect((await tablet.get('/api/account/profile')).status).toBe(401);
    expect(await sessionCount(user.id)).toBe(1);
    expect((await other.agents[0].get('/api/me')).body.user).toMatchObject({ id: other.user.id });
    expect(await auditOf(user.id, 'auth.sign_out_others')).toEqual([
      { actor_user_id: user.id, details: { endedSessions: 2 } },
    ]);

    // Alone already: nothing to end.
    expect((await laptop.post('/api/auth/sign-out-others')).body).toEqual({ endedSessions: 0, endedApiKeys: 0 });
  });

  it('needs a session and the CSRF header', async () => {
    expect((await ctx.agent().post('/api/auth/sign-out-others')).status).toBe(401);
    const { user, agents } = await userOnDevices(2);
    expect((await agents[0].post('/api/auth/sign-out-others', undefined, { csrf: false })).status).toBe(403);
    expect(await sessionCount(user.id)).toBe(2);
  });
});
