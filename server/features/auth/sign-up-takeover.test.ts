import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, TestAgent, type TestResponse } from '../../test/harness';

// Sign-ups and sign-ins each cost an scrypt: give each test room on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/*
 * A sign-up for an address that already has an account (verified or not) never changes that
 * account's password and never mails a link that sets one: it answers as a new sign-up does and
 * mails the owner a notice with a reset link. Verification links only verify. ADMIN_EMAILS
 * promotes at verification (ADR 028).
 */
const ctx = await createTestContext({ env: { TRUST_PROXY: '1', ADMIN_EMAILS: 'owner-admin@example.com' } });
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
const newEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
const OWNER_PASSWORD = 'owner-password-1';
const ATTACKER_PASSWORD = 'attacker-password-2';

const signUp = (email: string, password: string) =>
  new IpAgent().post('/api/auth/signup', { email, password, confirmPassword: password, acceptTerms: true });
const logIn = (email: string, password: string) => new IpAgent().post('/api/auth/login', { email, password });

/** Every link of the given page mailed to the address, newest first. */
async function links(email: string, page: 'verify-email' | 'reset-password'): Promise<string[]> {
  const { rows } = await ctx.db.sql.query<{ text_body: string }>(
    'SELECT text_body FROM email_outbox WHERE to_address = $1 ORDER BY id DESC',
    [email],
  );
  return rows.flatMap((row) => [...row.text_body.matchAll(new RegExp(`/${page}\\?token=([\\w-]+)`, 'g'))].map((m) => m[1]));
}

async function passwordHashOf(email: string): Promise<string> {
  const { rows } = await ctx.db.sql.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
  return rows[0].password_hash;
}

/** Opens every verification link in the mailbox (newest first), as a curious owner would. */
async function openEveryVerificationLink(email: string) {
  for (const token of await links(email, 'verify-email')) await new IpAgent().post('/api/auth/verify-email', { token });
}

describe('a sign-up for an address that has an account', () => {
  it('unverified, admin address: whatever links are opened, the second sign-up never gets its password on the account', async () => {
    const email = 'owner-admin@example.com';
    expect((await signUp(email, OWNER_PASSWORD)).status).toBe(201);
    const hashBefore = await passwordHashOf(email);
    const fresh = await signUp(newEmail('fresh'), ATTACKER_PASSWORD);
    const attack = await signUp(email, ATTACKER_PASSWORD);
    // The same answer as a new sign-up.
    expect(attack.status).toBe(201);
    expect(Object.keys(attack.body)).toEqual(Object.keys(fresh.body));
    expect(await passwordHashOf(email)).toBe(hashBefore);

    // The owner opens every verification link they were mailed, newest first.
    await openEveryVerificationLink(email);
    expect(await passwordHashOf(email)).toBe(hashBefore);
    const attacker = await logIn(email, ATTACKER_PASSWORD);
    expect(attacker.status).toBe(401);
    expect(attacker.body.user).toBeUndefined();

    // The notice's reset link is the owner's way in: it sets their password, verifies the address
    // and (ADMIN_EMAILS) makes the account admin. The attacker's password still never works.
    const [resetToken] = await links(email, 'reset-password');
    const reset = await new IpAgent().post('/api/auth/reset-password', {
      token: resetToken,
      password: OWNER_PASSWORD,
      confirmPassword: OWNER_PASSWORD,
    });
    expect(reset.status, reset.text).toBe(200);
    const owner = await logIn(email, OWNER_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.user.role).toBe('admin');
    expect((await logIn(email, ATTACKER_PASSWORD)).status).toBe(401);
  });

  it("unverified: the notice replaces the verification link (no link mailed after the first one verifies)", async () => {
    const email = newEmail('unverified');
    expect((await signUp(email, OWNER_PASSWORD)).status).toBe(201);
    const [first] = await links(email, 'verify-email');
    expect((await signUp(email, ATTACKER_PASSWORD)).status).toBe(201);
    expect(await links(email, 'verify-email')).toEqual([first]);
    // The earlier verification link ended: only the reset link (which sets a password) opens it now.
    expect((await new IpAgent().post('/api/auth/verify-email', { token: first })).status).toBe(400);
    expect(await links(email, 'reset-password')).toHaveLength(1);
  });

  it('verified: the password stays, the owner is mailed a notice with a reset link, no verification link', async () => {
    const email = newEmail('verified');
    expect((await signUp(email, OWNER_PASSWORD)).status).toBe(201);
    const [verify] = await links(email, 'verify-email');
    expect((await new IpAgent().post('/api/auth/verify-email', { token: verify })).status).toBe(200);
    const hashBefore = await passwordHashOf(email);

    expect((await signUp(email, ATTACKER_PASSWORD)).status).toBe(201);
    expect(await passwordHashOf(email)).toBe(hashBefore);
    expect(await links(email, 'verify-email')).toEqual([verify]);
    await openEveryVerificationLink(email);
    expect((await logIn(email, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await logIn(email, OWNER_PASSWORD)).status).toBe(200);

    const { rows } = await ctx.db.sql.query<{ subject: string; text_body: string }>(
      'SELECT subject, text_body FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    expect(rows[0].subject).toBe('Someone tried to create a PhysicianDirect account with your email');
    expect(rows[0].text_body).toContain('Someone, maybe you, tried to create a PhysicianDirect account');
    expect(rows[0].text_body).toMatch(/\/reset-password\?token=/);
    // Audited: someone tried, from where.
    const { rows: audit } = await ctx.db.sql.query<{ ip: string }>(
      `SELECT ip FROM audit_events WHERE action = 'auth.sign_up_existing'
         AND target_id = (SELECT id::text FROM users WHERE email = $1)`,
      [email],
    );
    expect(audit).toHaveLength(1);
  });
});
