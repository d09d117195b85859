import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, createTestUser, TEST_PASSWORD, TestAgent, type TestResponse } from '../../test/harness';
import { promoteConfiguredAdmins } from './admins';
import { setRoleByEmail } from './service';

// Each test opens databases and hashes passwords: on a busy 2-core machine that can pass 30 s.
vi.setConfig({ testTimeout: 120_000 });

// Audit rows of the auth events, ADMIN_EMAILS only for verified addresses, a reset ends
// every outstanding link, 429 carries Retry-After.
const ctx = await createTestContext({ env: { TRUST_PROXY: '1', ADMIN_EMAILS: 'chief@example.com,later@example.com' } });
afterAll(() => ctx.close());

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
const newEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

type AuditRow = {
  action: string;
  actor_user_id: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  created_at: Date;
};
async function auditOf(targetId: string): Promise<AuditRow[]> {
  const { rows } = await ctx.db.sql.query<AuditRow>('SELECT * FROM audit_events WHERE target_id = $1 ORDER BY id', [targetId]);
  return rows;
}
async function latestLink(email: string, page: 'verify-email' | 'reset-password'): Promise<string> {
  const { rows } = await ctx.db.sql.query<{ text_body: string }>(
    'SELECT text_body FROM email_outbox WHERE to_address = $1 ORDER BY id DESC',
    [email],
  );
  for (const row of rows) {
    const token = row.text_body.match(new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`))?.[1];
    if (token) return token;
  }
  throw new Error(`no ${page} link to ${email}`);
}
async function signUp(agent: TestAgent, email: string, password: string) {
  const res = await agent.post('/api/auth/signup', { email, password, confirmPassword: password, acceptTerms: true });
  expect(res.status).toBe(201);
}
async function roleOf(email: string) {
  const { rows } = await ctx.db.sql.query<{ role: string; id: string }>('SELECT id, role FROM users WHERE email = $1', [email]);
  return rows[0];
}

describe('audit log of sign-in, sign-out, verification and reset', () => {
  it('records who, what, target, IP and time for each event', async () => {
    const email = newEmail();
    const agent = new IpAgent('198.51.100.20');
    await signUp(agent, email, 'first-password-1');
    const { id } = await roleOf(email);
    expect((await agent.post('/api/auth/verify-email', { token: await latestLink(email, 'verify-email') })).status).toBe(200);
    expect((await agent.post('/api/auth/login', { email, password: 'wrong-password' })).status).toBe(401);
    expect((await agent.post('/api/auth/login', { email, password: 'first-password-1' })).status).toBe(200);
    expect((await agent.post('/api/auth/logout')).status).toBe(200);
    await agent.post('/api/auth/forgot-password', { email });
    const reset = await agent.post('/api/auth/reset-password', {
      token: await latestLink(email, 'reset-password'),
      password: 'second-password-2',
      confirmPassword: 'second-password-2',
    });
    expect(reset.status).toBe(200);

    const rows = await auditOf(id);
    expect(rows.map((r) => r.action)).toEqual([
      'auth.email_verified',
      'auth.sign_in_failed',
      'auth.sign_in',
      'auth.sign_out',
      'auth.password_reset',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ target_type: 'user', target_id: id, ip: '198.51.100.20' });
      expect(Date.now() - row.created_at.getTime()).toBeLessThan(120_000);
    }
    expect(rows[1]).toMatchObject({ actor_user_id: null, details: { email, reason: 'wrong_password' } });
    expect(rows[2].actor_user_id).toBe(id);
    expect(rows[3].actor_user_id).toBe(id);
  });

  it('records a failed sign-in for an address with no account (no target)', async () => {
    const email = newEmail('ghost');
    expect((await new IpAgent().post('/api/auth/login', { email, password: 'whatever-pass' })).status).toBe(401);
    const { rows } = await ctx.db.sql.query<AuditRow>(
      "SELECT * FROM audit_events WHERE action = 'auth.sign_in_failed' AND details->>'email' = $1",
      [email],
    );
    expect(rows).toMatchObject([{ target_id: null, details: { email, reason: 'unknown_email' } }]);
  });

  it('records role grant and revoke from the command line', async () => {
    const user = await createTestUser(ctx.db, {});
    await setRoleByEmail({ db: ctx.db }, user.email, 'admin');
    await setRoleByEmail({ db: ctx.db }, user.email, 'admin'); // no change: no row
    await setRoleByEmail({ db: ctx.db }, user.email, 'user');
    const rows = await auditOf(user.id);
    expect(rows.map((r) => [r.action, r.details?.by])).toEqual([
      ['role.granted', 'cli'],
      ['role.revoked', 'cli'],
    ]);
  });
});

describe('ADMIN_EMAILS', () => {
  it('does not make an unverified address admin; verifying it does (with an audit row)', async () => {
    const squatter = new IpAgent();
    await signUp(squatter, 'chief@example.com', 'squatter-password');
    const before = await roleOf('chief@example.com');
    expect(before.role).toBe('user');
    // A restart (promote at start) does not promote it either.
    await promoteConfiguredAdmins(ctx.db, ctx.deps.env.ADMIN_EMAILS);
    expect((await roleOf('chief@example.com')).role).toBe('user');

    await squatter.post('/api/auth/verify-email', { token: await latestLink('chief@example.com', 'verify-email') });
    expect((await roleOf('chief@example.com')).role).toBe('admin');
    const rows = await auditOf(before.id);
    expect(rows.find((r) => r.action === 'role.granted')?.details).toMatchObject({ by: 'ADMIN_EMAILS' });
  });

  it('promotes a verified account at start, with an audit row', async () => {
    const user = await createTestUser(ctx.db, { email: 'later@example.com' });
    expect(await promoteConfiguredAdmins(ctx.db, ctx.deps.env.ADMIN_EMAILS)).toBe(1);
    expect((await roleOf('later@example.com')).role).toBe('admin');
    expect((await auditOf(user.id)).map((r) => r.action)).toEqual(['role.granted']);
  });
});

describe('a password reset ends every outstanding link', () => {
  it("a squatter's verification link no longer sets a password after the owner's reset", async () => {
    const email = newEmail('owner');
    // The squatter signs up first with the owner's address; their link carries their password.
    await signUp(new IpAgent(), email, 'squatter-password');
    const squatterLink = await latestLink(email, 'verify-email');
    // The owner resets the password through their mailbox.
    await new IpAgent().post('/api/auth/forgot-password', { email });
    const reset = await new IpAgent().post('/api/auth/reset-password', {
      token: await latestLink(email, 'reset-password'),
      password: 'owner-password-1',
      confirmPassword: 'owner-password-1',
    });
    expect(reset.status).toBe(200);
    // Later the squatter's link is followed: refused, and the owner's password still works.
    expect((await new IpAgent().post('/api/auth/verify-email', { token: squatterLink })).status).toBe(400);
    expect((await new IpAgent().post('/api/auth/login', { email, password: 'squatter-password' })).status).toBe(401);
    expect((await new IpAgent().post('/api/auth/login', { email, password: 'owner-password-1' })).status).toBe(200);
  });
});

describe('429 answers', () => {
  it('carry Retry-After in seconds', async () => {
    const user = await createTestUser(ctx.db, {});
    const agent = new IpAgent();
    let res: TestResponse | undefined;
    for (let i = 0; i < 6; i++) {
      res = await agent.post('/api/auth/forgot-password', { email: user.email });
      if (res.status === 429) break;
    }
    expect(res?.status).toBe(429);
    const retryAfter = Number(res?.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    // Sign-in still works for the owner (the limit is on reset mail only).
    expect((await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });
});

describe('login lockout', () => {
  const limits = ctx.deps.services.authRateLimits;
  const max = limits.loginPerEmail.rule.max;

  it('counts failures only: successful sign-ins never lock the owner out', async () => {
    const user = await createTestUser(ctx.db, {});
    for (let i = 0; i < max + 2; i++) {
      expect((await new IpAgent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    }
  });

  it('a success clears the failures before it', async () => {
    const user = await createTestUser(ctx.db, {});
    for (let i = 0; i < max - 1; i++) {
      expect((await new IpAgent().post('/api/auth/login', { email: user.email, password: `wrong-${i}` })).status).toBe(401);
    }
    expect((await new IpAgent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    for (let i = 0; i < max - 1; i++) {
      expect((await new IpAgent().post('/api/auth/login', { email: user.email, password: `again-${i}` })).status).toBe(401);
    }
    expect((await new IpAgent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it("failures from rotating IPs lock the address, and the owner's reset link lifts the lock", async () => {
    const user = await createTestUser(ctx.db, {});
    for (let i = 0; i < max; i++) {
      expect((await new IpAgent().post('/api/auth/login', { email: user.email, password: `guess-${i}` })).status).toBe(401);
    }
    const locked = await new IpAgent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBeTruthy();
    await new IpAgent().post('/api/auth/forgot-password', { email: user.email });
    const reset = await new IpAgent().post('/api/auth/reset-password', {
      token: await latestLink(user.email, 'reset-password'),
      password: 'owner-new-password',
      confirmPassword: 'owner-new-password',
    });
    expect(reset.status).toBe(200);
    expect((await new IpAgent().post('/api/auth/login', { email: user.email, password: 'owner-new-password' })).status).toBe(200);
  });
});

describe('TRUST_PROXY=1 takes the hop the proxy added', () => {
  it('40 tries with a different forged leftmost hop from one client are limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await new TestAgent(ctx.app).post(
        '/api/auth/forgot-password',
        { email: newEmail('sweep') },
        { headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.77` } },
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});

describe('password hashing', () => {
  it("uses scrypt at OWASP's minimum (N=2^15, r=8, p=3) and upgrades an older hash at sign-in", async () => {
    const { hashPassword } = await import('./password');
    expect((await hashPassword('x-password')).split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '3']);
    // The harness hashes with the same function; make this user's hash an old p=1 one.
    const email = newEmail('old-hash');
    const { scrypt } = await import('node:crypto');
    const salt = randomBytes(16);
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt('legacy-password', salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (e, k) => (e ? reject(e) : resolve(k))),
    );
    const legacy = ['scrypt', 32768, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await ctx.db.sql.query('INSERT INTO users (email, password_hash, email_verified_at) VALUES ($1, $2, now())', [email, legacy]);
    expect((await new IpAgent().post('/api/auth/login', { email, password: 'legacy-password' })).status).toBe(200);
    const { rows } = await ctx.db.sql.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
    expect(rows[0].password_hash.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '3']);
    expect((await new IpAgent().post('/api/auth/login', { email, password: 'legacy-password' })).status).toBe(200);
  });
});
