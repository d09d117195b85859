import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '../../../contract/auth';
import {
  createTestContext,
  createTestUser,
  TEST_PASSWORD,
  TestAgent,
  type TestResponse,
} from '../../test/harness';
import { RateLimiter } from '../../lib/rate-limit';
import { AUTH_RATE_LIMITS } from './rate-limits';
import { setRoleByEmail } from './service';

// Sign-ups and sign-ins each cost an scrypt at OWASP's minimum (~0.2 s, more on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

// TRUST_PROXY lets each test speak from an IP of its own (x-forwarded-for), so the per-IP rate
// limits of one test do not spill into the next.
const ctx = await createTestContext({ env: { TRUST_PROXY: '1', ADMIN_EMAILS: 'boss@example.com' } });
afterAll(() => ctx.close());

class IpAgent extends TestAgent {
  constructor(readonly ip: string = `10.${rand255()}.${rand255()}.${rand255()}`) {
    super(ctx.app);
  }
  override request<T>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<TestResponse<T>> {
    return super.request<T>(method, path, {
      ...options,
      headers: { 'x-forwarded-for': this.ip, ...options.headers },
    });
  }
}

function rand255() {
  return randomBytes(1)[0];
}
const newEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
const PASSWORD = 'a-good-password';

type Mail = { to_address: string; subject: string; text_body: string; html_body: string | null };

async function mailsTo(email: string): Promise<Mail[]> {
  const { rows } = await ctx.db.sql.query<Mail>(
    'SELECT to_address, subject, text_body, html_body FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id',
    [email],
  );
  return rows;
}

function tokenIn(mail: Mail, page: 'verify-email' | 'reset-password'): string {
  const match = mail.text_body.match(new RegExp(`http://localhost:3000/${page}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${page} link in: ${mail.text_body}`);
  return match[1];
}

async function latestToken(email: string, page: 'verify-email' | 'reset-password'): Promise<string> {
  const mail = (await mailsTo(email)).filter((m) => m.text_body.includes(`/${page}?token=`)).at(-1);
  if (!mail) throw new Error(`no ${page} mail to ${email}`);
  return tokenIn(mail, page);
}

async function signUp(agent: TestAgent, email: string, password = PASSWORD) {
  return agent.post('/api/auth/signup', { email, password, confirmPassword: password, acceptTerms: true });
}

/** Signs up and verifies through the emailed link; returns the address. */
async function verifiedAccount(email = newEmail(), password = PASSWORD) {
  const agent = new IpAgent();
  expect((await signUp(agent, email, password)).status).toBe(201);
  const res = await agent.post('/api/auth/verify-email', { token: await latestToken(email, 'verify-email') });
  expect(res.status).toBe(200);
  return email;
}

async function userRow(email: string) {
  const { rows } = await ctx.db.sql.query<{
    id: string;
    role: string;
    email_verified_at: Date | null;
    last_sign_in_at: Date | null;
  }>('SELECT id, role, email_verified_at, last_sign_in_at FROM users WHERE lower(email) = lower($1)', [
    email,
  ]);
  return rows;
}

async function sessionCount(userId: string) {
  const { rows } = await ctx.db.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1',
    [userId],
  );
  return rows[0].n;
}

function sessionCookie(res: TestResponse): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith('sid='));
}

describe('sign up, verify, sign in, sign out', () => {
  it('walks the whole happy path and the old cookie stops working after logout', async () => {
    const email = newEmail();
    const agent = new IpAgent();

    const signup = await signUp(agent, email.toUpperCase());
    expect(signup.status).toBe(201);
    expect(signup.body).toEqual({ email });
    const [user] = await userRow(email);
    expect(user).toMatchObject({ role: 'user', email_verified_at: null });

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Verify your email address for PhysicianDirect');
    const token = tokenIn(mails[0], 'verify-email');
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(mails[0].html_body).toContain(`href="http://localhost:3000/verify-email?token=${token}"`);
    // Only the hash is stored.
    const { rows: stored } = await ctx.db.sql.query<{ id: string; purpose: string; expires_at: Date }>(
      'SELECT id, purpose, expires_at FROM auth_tokens WHERE user_id = $1',
      [user.id],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0].id).not.toContain(token);
    expect(stored[0].purpose).toBe('verify_email');
    expect(stored[0].expires_at.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(stored[0].expires_at.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    expect((await agent.post('/api/auth/verify-email', { token })).body).toEqual({ ok: true });
    expect((await userRow(email))[0].email_verified_at).toBeInstanceOf(Date);

    const login = await agent.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ id: user.id, email, role: 'user' });
    expect(login.body.subscription).toMatchObject({ subscribed: false, tier: 'free' });
    expect(login.body.capabilities).toEqual(['lists:use']);
    const cookie = sessionCookie(login);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect((await userRow(email))[0].last_sign_in_at).toBeInstanceOf(Date);
    const oldToken = cookie!.split(';')[0].slice('sid='.length);

    const me = await agent.get('/api/me');
    expect(me.body.user).toMatchObject({ id: user.id, email });

    const logout = await agent.post('/api/auth/logout');
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ ok: true });
    expect(sessionCookie(logout)).toMatch(/Max-Age=0/);
    expect((await agent.get('/api/me')).body.user).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);

    const replay = new IpAgent();
    replay.setCookie('sid', oldToken);
    expect((await replay.get('/api/me')).body.user).toBeNull();
    expect((await replay.get('/api/account/profile')).status).toBe(401);
  });

  it('logout answers 200 without a session', async () => {
    const res = await new IpAgent().post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('a new sign-in replaces the session the browser already had', async () => {
    const email = await verifiedAccount();
    const agent = new IpAgent();
    await agent.post('/api/auth/login', { email, password: PASSWORD });
    const [user] = await userRow(email);
    expect(await sessionCount(user.id)).toBe(1);
    await agent.post('/api/auth/login', { email, password: PASSWORD });
    expect(await sessionCount(user.id)).toBe(1);
    expect((await agent.get('/api/me')).body.user.email).toBe(email);
  });

  it('makes an address listed in ADMIN_EMAILS an admin at sign-up', async () => {
    await verifiedAccount('Boss@Example.com');
    expect((await userRow('boss@example.com'))[0].role).toBe('admin');
    const agent = new IpAgent();
    const login = await agent.post('/api/auth/login', { email: 'boss@example.com', password: PASSWORD });
    expect(login.body.user.role).toBe('admin');
    expect(login.body.capabilities).toContain('admin:access');
  });
});

describe('admin role by email (npm run admin)', () => {
  it('grants and revokes, whatever the case of the address; undefined for no account', async () => {
    const email = await verifiedAccount();
    const granted = await setRoleByEmail({ db: ctx.db }, ` ${email.toUpperCase()} `, 'admin');
    expect(granted?.role).toBe('admin');
    expect((await userRow(email))[0].role).toBe('admin');
    await setRoleByEmail({ db: ctx.db }, email, 'user');
    expect((await userRow(email))[0].role).toBe('user');
    expect(await setRoleByEmail({ db: ctx.db }, newEmail('nobody'), 'admin')).toBeUndefined();
  });
});

describe('return_to through the emailed link (Start Free Trial, a card prompt)', () => {
  it('puts a checked path of this site on the verification link, at sign-up and on a resent link', async () => {
    const email = newEmail('trial');
    const agent = new IpAgent();
    const signed = await agent.post('/api/auth/signup', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      returnTo: '/start-trial',
    });
    expect(signed.status).toBe(201);
    await agent.post('/api/auth/resend-verification', { email, returnTo: '/search?query=card#physician-12' });
    const [first, resent] = await mailsTo(email);
    const token = tokenIn(first, 'verify-email');
    expect(first.text_body).toContain(`http://localhost:3000/verify-email?token=${token}&return_to=%2Fstart-trial`);
    expect(first.text_body).toContain('your 7-day free trial of the Monthly plan starts at checkout');
    expect(resent.text_body).toContain(`&return_to=${encodeURIComponent('/search?query=card#physician-12')}`);
    expect(resent.text_body).not.toContain('free trial');
    // The link still only verifies.
    expect((await agent.post('/api/auth/verify-email', { token: tokenIn(resent, 'verify-email') })).status).toBe(200);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login?return_to=/x',
    'start-trial',
    // the security review's (2026-11-28): each came out of the old check as '//evil.com'
    '/.//evil.com',
    '/a/..//evil.com',
    '/./\\evil.com',
    '/a/%2e%2e//evil.com',
  ])(
    'refuses returnTo %s naming the field, and sends nothing',
    async (returnTo) => {
      const email = newEmail('bounce');
      const res = await new IpAgent().post('/api/auth/signup', {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
        returnTo,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.fields.returnTo).toBe('returnTo must be a path of this site.');
      expect(await mailsTo(email)).toHaveLength(0);
    },
  );
});

describe('bad sign-in', () => {
  it('answers a wrong password and an unknown email with the same 401', async () => {
    const email = await verifiedAccount();
    const wrong = await new IpAgent().post('/api/auth/login', { email, password: 'not-the-password' });
    const unknown = await new IpAgent().post('/api/auth/login', {
      email: newEmail('nobody'),
      password: PASSWORD,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      error: { code: 'unauthenticated', message: AUTH_MESSAGES.invalidCredentials },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(sessionCookie(wrong)).toBeUndefined();
  });

  it('refuses an unverified account with 403 email_not_verified; a resent link only verifies', async () => {
    const email = newEmail();
    const agent = new IpAgent();
    await signUp(agent, email);

    const refused = await agent.post('/api/auth/login', { email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'email_not_verified',
      message: AUTH_MESSAGES.emailNotVerified,
    });
    expect(sessionCookie(refused)).toBeUndefined();
    // Only the right password learns that the account is unverified.
    const wrong = await agent.post('/api/auth/login', { email, password: 'wrong-password' });
    expect(wrong.status).toBe(401);

    const resend = await agent.post('/api/auth/resend-verification', { email });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ ok: true });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe('Verify your email address for PhysicianDirect');
    expect(mails[1].text_body).toContain('only verifies the address');
    expect(mails[1].text_body).not.toContain('reset-password');
    expect(mails[1].text_body).not.toMatch(/choose your password/i);
    const second = tokenIn(mails[1], 'verify-email');
    expect((await agent.post('/api/auth/verify-email', { token: second })).status).toBe(200);
    expect((await userRow(email))[0].email_verified_at).toBeInstanceOf(Date);
    // The first link of the same purpose is used up with it; the password is the sign-up's.
    expect((await agent.post('/api/auth/verify-email', { token: tokenIn(mails[0], 'verify-email') })).status).toBe(400);
    expect((await agent.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('resend answers 200 and sends nothing for an unknown or already verified address', async () => {
    const verified = await verifiedAccount();
    const unknown = newEmail('ghost');
    const agent = new IpAgent();
    const a = await agent.post('/api/auth/resend-verification', { email: unknown });
    const b = await agent.post('/api/auth/resend-verification', { email: verified });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body).toEqual(b.body);
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(await mailsTo(verified)).toHaveLength(1);
  });
});

describe('verification links', () => {
  it('refuses an expired link', async () => {
    const email = newEmail();
    const agent = new IpAgent();
    await signUp(agent, email);
    const token = await latestToken(email, 'verify-email');
    const [user] = await userRow(email);
    await ctx.db.sql.query(
      "UPDATE auth_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1",
      [user.id],
    );
    const res = await agent.post('/api/auth/verify-email', { token });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid_token',
      message: AUTH_MESSAGES.invalidToken,
      fields: { token: AUTH_MESSAGES.invalidToken },
    });
    expect((await userRow(email))[0].email_verified_at).toBeNull();
  });

  it('works once only', async () => {
    const email = newEmail();
    const agent = new IpAgent();
    await signUp(agent, email);
    const token = await latestToken(email, 'verify-email');
    expect((await agent.post('/api/auth/verify-email', { token })).status).toBe(200);
    const again = await agent.post('/api/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('invalid_token');
  });

  it('refuses an unknown token and a missing one', async () => {
    const agent = new IpAgent();
    const unknown = await agent.post('/api/auth/verify-email', { token: 'made-up-token' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('invalid_token');
    const missing = await agent.post('/api/auth/verify-email', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('validation_failed');
    expect(missing.body.error.fields.token).toBeDefined();
  });
});

describe('sign-up validation (4xx naming the field, never 5xx)', () => {
  const valid = {
    email: 'valid@example.com',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
  };

  it.each([
    [
      'mismatched passwords',
      { confirmPassword: 'something-else' },
      'confirmPassword',
      AUTH_MESSAGES.passwordsDoNotMatch,
    ],
    [
      'a short password',
      { password: '12345', confirmPassword: '12345' },
      'password',
      AUTH_MESSAGES.passwordTooShort,
    ],
    ['a malformed email', { email: 'not-an-email' }, 'email', AUTH_MESSAGES.emailInvalid],
    ['an empty email', { email: '' }, 'email', AUTH_MESSAGES.emailRequired],
    ['terms not accepted', { acceptTerms: false }, 'acceptTerms', AUTH_MESSAGES.termsRequired],
  ])('rejects %s', async (_name, change, field, message) => {
    const res = await new IpAgent().post('/api/auth/signup', { ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields[field]).toBe(message);
  });

  it('names every missing field', async () => {
    const res = await new IpAgent().post('/api/auth/signup', {});
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      email: AUTH_MESSAGES.emailRequired,
      password: AUTH_MESSAGES.passwordRequired,
      confirmPassword: AUTH_MESSAGES.passwordRequired,
      acceptTerms: AUTH_MESSAGES.termsRequired,
    });
  });

  it('refuses login without a password, a body that is not JSON, and broken JSON', async () => {
    const agent = new IpAgent();
    const noPassword = await agent.post('/api/auth/login', { email: 'a@example.com' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.fields.password).toBe(AUTH_MESSAGES.passwordRequired);

    const noBody = await agent.post('/api/auth/login');
    expect(noBody.status).toBeGreaterThanOrEqual(400);
    expect(noBody.status).toBeLessThan(500);

    const form = await agent.post('/api/auth/login', 'email=a@example.com', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);

    const broken = await agent.post('/api/auth/signup', '{"email":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });

  it('creates nothing when validation fails', async () => {
    const email = newEmail();
    await new IpAgent().post('/api/auth/signup', { ...valid, email, acceptTerms: false });
    expect(await userRow(email)).toHaveLength(0);
    expect(await mailsTo(email)).toHaveLength(0);
  });
});

describe('no account enumeration at sign-up', () => {
  it('answers a known address like a new one, creates no second user and emails the owner a notice', async () => {
    const email = await verifiedAccount();
    const fresh = await signUp(new IpAgent(), newEmail());
    const again = await signUp(new IpAgent(), email.toUpperCase(), 'another-password');
    expect(again.status).toBe(201);
    expect(fresh.status).toBe(201);
    expect(Object.keys(again.body)).toEqual(Object.keys(fresh.body));
    expect(again.body).toEqual({ email });
    expect(await userRow(email)).toHaveLength(1);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe('Someone tried to create a PhysicianDirect account with your email');
    expect(mails[1].text_body).toContain('Someone, maybe you, tried to create');
    expect(mails[1].text_body).toContain('http://localhost:3000/login');
    expect(mails[1].text_body).toContain('http://localhost:3000/reset-password?token=');
    expect(mails[1].text_body).not.toContain('verify-email');
    // The existing password still works; the attempted one does not.
    expect((await new IpAgent().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expect(
      (await new IpAgent().post('/api/auth/login', { email, password: 'another-password' })).status,
    ).toBe(401);
  });

  it('mails a notice with a reset link (no verification link) when the known address is still unverified', async () => {
    const email = newEmail();
    await signUp(new IpAgent(), email);
    const again = await signUp(new IpAgent(), email);
    expect(again.status).toBe(201);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject)).toEqual([
      'Verify your email address for PhysicianDirect',
      'Someone tried to create a PhysicianDirect account with your email',
    ]);
    expect(mails[1].text_body).toContain('has not been verified yet');
    expect(mails[1].text_body).not.toContain('verify-email');
    // Often the owner signing up twice: the link confirms the address, with a password that may
    // be the one just chosen, rather than asking them to choose a new one.
    expect(mails[1].text_body).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]+&confirm=1/);
    expect(mails[1].text_body).toContain('Confirm your email address');
    expect(mails[1].text_body).toContain('the one you just chose is fine');
    expect(mails[1].text_body).not.toMatch(/choose (your|a new) password/i);
    expect(await userRow(email)).toHaveLength(1);
  });
});

describe('forgot and reset password', () => {
  it('resets by emailed link: every old session ends, the new password works, the old one fails', async () => {
    const email = await verifiedAccount();
    const [user] = await userRow(email);
    const laptop = new IpAgent();
    const phone = new IpAgent();
    await laptop.post('/api/auth/login', { email, password: PASSWORD });
    await phone.post('/api/auth/login', { email, password: PASSWORD });
    expect(await sessionCount(user.id)).toBe(2);

    const forgot = await new IpAgent().post('/api/auth/forgot-password', { email });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ ok: true });
    const mail = (await mailsTo(email)).at(-1)!;
    expect(mail.subject).toBe('Reset your PhysicianDirect password');
    const token = tokenIn(mail, 'reset-password');
    expect(mail.html_body).toContain(`href="http://localhost:3000/reset-password?token=${token}"`);
    const { rows } = await ctx.db.sql.query<{ expires_at: Date }>(
      "SELECT expires_at FROM auth_tokens WHERE user_id = $1 AND purpose = 'reset_password'",
      [user.id],
    );
    expect(rows[0].expires_at.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    expect(rows[0].expires_at.getTime() - Date.now()).toBeGreaterThan(3500_000);

    const reset = await new IpAgent().post('/api/auth/reset-password', {
      token,
      password: 'brand-new-password',
      confirmPassword: 'brand-new-password',
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ ok: true });

    expect(await sessionCount(user.id)).toBe(0);
    expect((await laptop.get('/api/me')).body.user).toBeNull();
    expect((await phone.get('/api/me')).body.user).toBeNull();
    expect((await mailsTo(email)).at(-1)!.subject).toBe('Your PhysicianDirect password was changed');

    const oldPassword = await new IpAgent().post('/api/auth/login', { email, password: PASSWORD });
    expect(oldPassword.status).toBe(401);
    const newPassword = await laptop.post('/api/auth/login', { email, password: 'brand-new-password' });
    expect(newPassword.status).toBe(200);
    expect((await laptop.get('/api/me')).body.user.email).toBe(email);

    const reused = await new IpAgent().post('/api/auth/reset-password', {
      token,
      password: 'third-password',
      confirmPassword: 'third-password',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toEqual({
      code: 'invalid_token',
      message: AUTH_MESSAGES.invalidToken,
      fields: { token: AUTH_MESSAGES.invalidToken },
    });
  });

  it('answers 200 for an unknown address and sends nothing', async () => {
    const email = newEmail('ghost');
    const res = await new IpAgent().post('/api/auth/forgot-password', { email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('verifies the address of an unverified account (the link proved it)', async () => {
    const email = newEmail();
    await signUp(new IpAgent(), email);
    await new IpAgent().post('/api/auth/forgot-password', { email });
    const token = await latestToken(email, 'reset-password');
    const reset = await new IpAgent().post('/api/auth/reset-password', {
      token,
      password: 'brand-new-password',
      confirmPassword: 'brand-new-password',
    });
    expect(reset.status).toBe(200);
    expect((await userRow(email))[0].email_verified_at).toBeInstanceOf(Date);
    expect(
      (await new IpAgent().post('/api/auth/login', { email, password: 'brand-new-password' })).status,
    ).toBe(200);
  });

  it('refuses an expired reset link and mismatched passwords, changing nothing', async () => {
    const email = await verifiedAccount();
    await new IpAgent().post('/api/auth/forgot-password', { email });
    const token = await latestToken(email, 'reset-password');

    const mismatch = await new IpAgent().post('/api/auth/reset-password', {
      token,
      password: 'brand-new-password',
      confirmPassword: 'brand-new-passwort',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.fields.confirmPassword).toBe(AUTH_MESSAGES.passwordsDoNotMatch);
    const short = await new IpAgent().post('/api/auth/reset-password', {
      token,
      password: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.password).toBe(AUTH_MESSAGES.passwordTooShort);

    const [user] = await userRow(email);
    await ctx.db.sql.query(
      "UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [user.id],
    );
    const expired = await new IpAgent().post('/api/auth/reset-password', {
      token,
      password: 'brand-new-password',
      confirmPassword: 'brand-new-password',
    });
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('invalid_token');
    expect((await new IpAgent().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });
});

describe('rate limits', () => {
  const tooMany = /^Too many attempts\. Please wait \d+ minutes? and try again\.$/;

  // Each login or sign-up attempt costs one scrypt (tens of ms, more on a busy machine), so the
  // tests that need many attempts swap in the same rule with a smaller max; the window is kept.
  const limits = ctx.deps.services.authRateLimits;
  const originals = { ...limits };
  function lowerMax(name: keyof typeof AUTH_RATE_LIMITS, max: number) {
    limits[name] = new RateLimiter(`test.${name}`, { ...AUTH_RATE_LIMITS[name], max });
    return max;
  }
  afterEach(() => Object.assign(limits, originals));

  it('applies the configured rules', () => {
    expect(limits.loginPerEmail.rule).toEqual({ max: 10, windowMs: 15 * 60_000 });
    expect(limits.loginPerIp.rule).toEqual({ max: 30, windowMs: 15 * 60_000 });
    expect(limits.signupPerIp.rule).toEqual({ max: 10, windowMs: 60 * 60_000 });
  });

  it('limits login attempts per email, whatever the IP', async () => {
    const email = await verifiedAccount();
    const max = lowerMax('loginPerEmail', 3);
    for (let i = 0; i < max; i++) {
      const res = await new IpAgent().post('/api/auth/login', { email, password: `wrong-${i}` });
      expect(res.status).toBe(401);
    }
    // Blocked even with the right password, from a new address.
    const blocked = await new IpAgent().post('/api/auth/login', { email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    expect(blocked.body.error.message).toMatch(tooMany);
    expect(blocked.body.error.message).toContain('15 minutes');
    // Another account is not affected.
    const other = await verifiedAccount();
    expect((await new IpAgent().post('/api/auth/login', { email: other, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('limits login attempts per IP, across emails', async () => {
    const attacker = new IpAgent();
    const max = lowerMax('loginPerIp', 4);
    for (let i = 0; i < max; i++) {
      const res = await attacker.post('/api/auth/login', { email: newEmail('sweep'), password: 'guess' });
      expect(res.status).toBe(401);
    }
    const blocked = await attacker.post('/api/auth/login', { email: newEmail('sweep'), password: 'guess' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toMatch(tooMany);
    // Another IP still gets through to the password check.
    expect(
      (await new IpAgent().post('/api/auth/login', { email: newEmail('sweep'), password: 'guess' })).status,
    ).toBe(401);
  });

  it('limits sign-up per IP and forgot-password per email', async () => {
    const agent = new IpAgent();
    const max = lowerMax('signupPerIp', 3);
    for (let i = 0; i < max; i++) {
      expect((await signUp(agent, newEmail('burst'))).status).toBe(201);
    }
    const blocked = await signUp(agent, newEmail('burst'));
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toMatch(tooMany);

    const email = await verifiedAccount();
    for (let i = 0; i < AUTH_RATE_LIMITS.forgotPerEmail.max; i++) {
      expect((await new IpAgent().post('/api/auth/forgot-password', { email })).status).toBe(200);
    }
    const mailsBefore = (await mailsTo(email)).length;
    const forgot = await new IpAgent().post('/api/auth/forgot-password', { email });
    expect(forgot.status).toBe(429);
    expect((await mailsTo(email)).length).toBe(mailsBefore);
  });

  it('limits resend per email', async () => {
    const email = newEmail();
    await signUp(new IpAgent(), email);
    for (let i = 0; i < AUTH_RATE_LIMITS.resendPerEmail.max; i++) {
      expect((await new IpAgent().post('/api/auth/resend-verification', { email })).status).toBe(200);
    }
    expect((await new IpAgent().post('/api/auth/resend-verification', { email })).status).toBe(429);
  });
});

describe('session cookie and dev mailbox by configuration', () => {
  it('serves the outbox, newest first, in test mode without SMTP', async () => {
    const email = newEmail();
    await signUp(new IpAgent(), email);
    await new IpAgent().post('/api/auth/resend-verification', { email });
    // A caller on this machine (the mailbox answers no one else).
    const res = await ctx.agent('127.0.0.1').get('/api/dev/mailbox', { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(res.status).toBe(200);
    const mine = res.body.messages.filter((m: { to: string }) => m.to === email);
    expect(mine).toHaveLength(2);
    expect(mine[0].id).toBeGreaterThan(mine[1].id);
    expect(mine[0]).toMatchObject({ to: email, subject: 'Verify your email address for PhysicianDirect' });
    // The newest is the resent link: it only verifies, like the first.
    expect(mine[0].text).toContain('/verify-email?token=');
    expect(mine[0].html).toContain('<a href="http://localhost:3000/verify-email?token=');
    expect(mine[1].text).toContain('/verify-email?token=');
    expect(new Date(mine[0].createdAt).toString()).not.toBe('Invalid Date');
  });

  it('marks the cookie Secure under https, and hides the mailbox in production', async () => {
    const prod = await createTestContext({
      env: { NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1', BILLING_DEMO: '1', APP_URL: 'https://physicians.example.com' },
    });
    try {
      const user = await createTestUser(prod.db, {});
      const agent = prod.agent();
      const login = await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
      expect(login.status).toBe(200);
      expect(sessionCookie(login)).toMatch(/; Secure/);
      expect(sessionCookie(login)).toMatch(/HttpOnly/);
      const mailbox = await prod.agent('127.0.0.1').get('/api/dev/mailbox');
      expect(mailbox.status).toBe(404);
      expect(mailbox.body.error.code).toBe('not_found');
      // Links in mail use APP_URL.
      await agent.post('/api/auth/forgot-password', { email: user.email });
      const { rows } = await prod.db.sql.query<{ text_body: string }>('SELECT text_body FROM email_outbox');
      expect(rows[0].text_body).toContain('https://physicians.example.com/reset-password?token=');
    } finally {
      await prod.close();
    }
  });
});
