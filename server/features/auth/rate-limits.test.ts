import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, createTestUser, TestAgent, type TestResponse } from '../../test/harness';
import { hashToken, newToken } from '../../lib/tokens';
import * as repo from './repo';

/*
 * Every auth rate limit that the login tests (auth.test.ts, owned with the login rules) do not
 * cover reaches its 429 here. The allowances are the product's decision and are written out as
 * numbers, not read from rate-limits.ts: raising one must fail a test.
 *   verify-email        30 per IP per 15 minutes
 *   reset-password      20 per IP per 15 minutes; 5 per account per hour
 *   sign-up             5 per email per hour (10 per IP: auth.test.ts)
 *   resend verification 20 per IP per hour (5 per email: auth.test.ts)
 *   forgot password     20 per IP per hour (5 per email: auth.test.ts)
 */

// Each test speaks from IPs of its own (x-forwarded-for), so counts never spill between tests.
const ctx = await createTestContext({ env: { TRUST_PROXY: '1', RATE_LIMIT_FACTOR: '1' } });
afterAll(() => ctx.close());

const rand255 = () => randomBytes(1)[0];
const newIp = () => `10.${rand255()}.${rand255()}.${rand255()}`;
const newEmail = (prefix = 'limit') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

class IpAgent extends TestAgent {
  constructor(readonly ip: string = newIp()) {
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

const TOO_MANY = /^Too many attempts\. Please wait (\d+) minutes? and try again\.$/;

/** The 429 answer, and the wait it names (about the rule's window). */
function expectLimited(res: TestResponse, windowMinutes: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body.error.code).toBe('rate_limited');
  const minutes = Number(TOO_MANY.exec(res.body.error.message)?.[1]);
  expect(minutes).toBe(windowMinutes);
}

const PASSWORD = 'a-good-password';
const signUpBody = (email: string) => ({
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: true,
});

describe('auth rate limits reach their 429', () => {
  it('verify-email: 30 attempts per IP in 15 minutes', async () => {
    const agent = new IpAgent();
    for (let i = 0; i < 30; i++) {
      const res = await agent.post('/api/auth/verify-email', { token: newToken() });
      expect(res.status, `attempt ${i + 1}`).toBe(400);
    }
    expectLimited(await agent.post('/api/auth/verify-email', { token: newToken() }), 15);
    // Another address is not held back.
    expect((await new IpAgent().post('/api/auth/verify-email', { token: newToken() })).status).toBe(400);
  });

  it('reset-password: 20 attempts per IP in 15 minutes', async () => {
    const agent = new IpAgent();
    const body = () => ({ token: newToken(), password: PASSWORD, confirmPassword: PASSWORD });
    for (let i = 0; i < 20; i++)
      expect((await agent.post('/api/auth/reset-password', body())).status).toBe(400);
    expectLimited(await agent.post('/api/auth/reset-password', body()), 15);
    expect((await new IpAgent().post('/api/auth/reset-password', body())).status).toBe(400);
  });

  it('reset-password: 5 resets per account in an hour, from any IP', async () => {
    const user = await createTestUser(ctx.db);
    // A reset ends the account's other links, so each attempt gets a link of its own.
    const link = async () => {
      const token = newToken();
      await repo.insertAuthToken(ctx.db, {
        tokenHash: hashToken(token),
        userId: user.id,
        purpose: 'reset_password',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return token;
    };
    for (let i = 0; i < 5; i++) {
      const password = `password-number-${i}`;
      const res = await new IpAgent().post('/api/auth/reset-password', {
        token: await link(),
        password,
        confirmPassword: password,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const last = await link();
    const sixth = await new IpAgent().post('/api/auth/reset-password', {
      token: last,
      password: 'password-number-5',
      confirmPassword: 'password-number-5',
    });
    expectLimited(sixth, 60);
    // Refused before anything changed: the sixth link is still unused.
    expect(await repo.findLiveToken(ctx.db, hashToken(last), 'reset_password')).toBeTruthy();
  });

  it('sign-up: 5 per email in an hour, from any IP', async () => {
    const email = newEmail('signup');
    for (let i = 0; i < 5; i++)
      expect((await new IpAgent().post('/api/auth/signup', signUpBody(email))).status).toBe(201);
    expectLimited(await new IpAgent().post('/api/auth/signup', signUpBody(email)), 60);
    // Another address from the same kind of fresh IP still signs up.
    expect((await new IpAgent().post('/api/auth/signup', signUpBody(newEmail('signup')))).status).toBe(201);
  });

  it('resend verification: 20 per IP in an hour, across addresses', async () => {
    const agent = new IpAgent();
    for (let i = 0; i < 20; i++)
      expect((await agent.post('/api/auth/resend-verification', { email: newEmail('resend') })).status).toBe(
        200,
      );
    expectLimited(await agent.post('/api/auth/resend-verification', { email: newEmail('resend') }), 60);
    expect(
      (await new IpAgent().post('/api/auth/resend-verification', { email: newEmail('resend') })).status,
    ).toBe(200);
  });

  it('forgot password: 20 per IP in an hour, across addresses', async () => {
    const agent = new IpAgent();
    for (let i = 0; i < 20; i++)
      expect((await agent.post('/api/auth/forgot-password', { email: newEmail('forgot') })).status).toBe(200);
    expectLimited(await agent.post('/api/auth/forgot-password', { email: newEmail('forgot') }), 60);
    expect(
      (await new IpAgent().post('/api/auth/forgot-password', { email: newEmail('forgot') })).status,
    ).toBe(200);
  });
});
