import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, createTestUser, TEST_PASSWORD, TestAgent, type TestResponse } from '../../test/harness';
import { DEVICE_COOKIE } from './device-cookie';

// Each sign-in attempt costs an scrypt: give each test room on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/*
 * No owner lockout (device cookies, ADR 028): a browser that signed in to an account keeps its own
 * allowance of failed sign-ins; strangers' failures fill the account's allowance for unknown
 * devices only, which stays at 10 in 15 minutes.
 */
const ctx = await createTestContext({ env: { TRUST_PROXY: '1', RATE_LIMIT_FACTOR: '1' } });
afterAll(() => ctx.close());

const MAX_FAILURES = 10;
const rand255 = () => randomBytes(1)[0];
class IpAgent extends TestAgent {
  constructor(readonly ip: string = `10.${rand255()}.${rand255()}.${rand255()}`) {
    super(ctx.app);
  }
  override request<T>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<TestResponse<T>> {
    return super.request<T>(method, path, { ...options, headers: { 'x-forwarded-for': this.ip, ...options.headers } });
  }
}

const logIn = (agent: TestAgent, email: string, password: string) => agent.post('/api/auth/login', { email, password });

/** Strangers (fresh browsers, fresh addresses) failing on purpose until the unknown devices' window is full. */
async function strangersFail(email: string) {
  for (let i = 0; i < MAX_FAILURES; i++) expect((await logIn(new IpAgent(), email, `guess-${i}`)).status).toBe(401);
  expect((await logIn(new IpAgent(), email, TEST_PASSWORD)).status).toBe(429);
}

/** A verified user and a browser that has signed in to it once (so it holds a device cookie). */
async function ownerWithDevice() {
  const user = await createTestUser(ctx.db, {});
  const browser = new IpAgent();
  const first = await logIn(browser, user.email, TEST_PASSWORD);
  expect(first.status).toBe(200);
  const cookie = first.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`)) ?? '';
  return { user, browser, cookie };
}

describe('device cookies', () => {
  it("strangers' failures lock out unknown devices only: the owner's browser still signs in", async () => {
    const { user, browser } = await ownerWithDevice();
    await strangersFail(user.email);
    expect((await logIn(browser, user.email, TEST_PASSWORD)).status).toBe(200);
    // Signing out keeps the device cookie: the next sign-in from this browser works too.
    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    expect((await logIn(browser, user.email, TEST_PASSWORD)).status).toBe(200);
    // Unknown devices stay locked.
    expect((await logIn(new IpAgent(), user.email, TEST_PASSWORD)).status).toBe(429);
  });

  it("a known device's failures use its own allowance: it locks itself, not unknown devices", async () => {
    const { user, browser } = await ownerWithDevice();
    for (let i = 0; i < MAX_FAILURES; i++) expect((await logIn(browser, user.email, `typo-${i}`)).status).toBe(401);
    expect((await logIn(browser, user.email, TEST_PASSWORD)).status).toBe(429);
    expect((await logIn(new IpAgent(), user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('is httpOnly, for the sign-in path only, and lasts 180 days', async () => {
    const { cookie } = await ownerWithDevice();
    expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w.~-]+;`));
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Path=\/api\/auth(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    const expires = Date.parse(/; Expires=([^;]+)/i.exec(cookie)![1]);
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(180);
  });

  it("a tampered cookie, or another account's, is an unknown device", async () => {
    const { user, cookie } = await ownerWithDevice();
    const other = await ownerWithDevice();
    const value = cookie.split(';')[0].slice(DEVICE_COOKIE.length + 1);
    const tampered = new IpAgent();
    tampered.setCookie(DEVICE_COOKIE, value.slice(0, -2) + (value.endsWith('AA') ? 'BB' : 'AA'));
    const borrowed = new IpAgent();
    borrowed.setCookie(DEVICE_COOKIE, other.cookie.split(';')[0].slice(DEVICE_COOKIE.length + 1));
    await strangersFail(user.email);
    expect((await logIn(tampered, user.email, TEST_PASSWORD)).status).toBe(429);
    expect((await logIn(borrowed, user.email, TEST_PASSWORD)).status).toBe(429);
  });

  it('a password change makes the earlier device cookies of the account unknown devices', async () => {
    const { user, browser } = await ownerWithDevice();
    const laptop = new IpAgent();
    expect((await logIn(laptop, user.email, TEST_PASSWORD)).status).toBe(200);
    const change = await laptop.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'changed-password-1',
      confirmPassword: 'changed-password-1',
    });
    expect(change.status).toBe(200);
    for (let i = 0; i < MAX_FAILURES; i++) expect((await logIn(new IpAgent(), user.email, `guess-${i}`)).status).toBe(401);
    expect((await logIn(browser, user.email, 'changed-password-1')).status).toBe(429);
  });

  it('records in the audit row whether a failure came from a known device', async () => {
    const { user, browser } = await ownerWithDevice();
    await logIn(browser, user.email, 'wrong-once');
    await logIn(new IpAgent(), user.email, 'wrong-twice');
    const { rows } = await ctx.db.sql.query<{ details: { device: string } }>(
      `SELECT details FROM audit_events WHERE action = 'auth.sign_in_failed' AND target_id = $1 ORDER BY id`,
      [user.id],
    );
    expect(rows.map((r) => r.details.device)).toEqual(['known', 'unknown']);
  });
});
