import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDemoAccounts, secureDemoAccounts } from '../../db/seed/demo';
import { createTestContext, TEST_PASSWORD, type TestAgent } from '../../test/harness';

// Hashing passwords on a busy 2-core machine: give each test room.
vi.setConfig({ testTimeout: 120_000 });

/*
 * API keys end with the password that made them: a password change or reset, the production
 * start that secures a demo account with the published password, and 'sign out of all other
 * devices' when asked. Each key ended is one audit row (api_key.revoked, with the reason),
 * written in the transaction that ends it.
 */
const ctx = await createTestContext();
afterAll(() => ctx.close());

/** A premium user signed in (password TEST_PASSWORD) with `count` fresh keys. */
async function userWithKeys(count = 2) {
  const { agent, user } = await ctx.signedInAgent({ tier: 'premium' });
  const keys: Array<{ id: string; key: string }> = [];
  for (let i = 0; i < count; i++) {
    const res = await agent.post('/api/account/api-keys', { name: `Integration ${i}` });
    expect(res.status, res.text).toBe(201);
    keys.push({ id: res.body.id, key: res.body.key });
  }
  return { agent, user, keys };
}

/** The status a call made with only this key gets (200 while it works, 401 once revoked). */
async function keyStatus(key: string): Promise<number> {
  return (await ctx.agent().get('/api/physicians', { headers: { authorization: `Bearer ${key}` } })).status;
}

async function revocationAudit(keyIds: string[]) {
  const { rows } = await ctx.db.sql.query<{ target_id: string; actor_user_id: string | null; details: Record<string, unknown> }>(
    `SELECT target_id, actor_user_id, details FROM audit_events
      WHERE action = 'api_key.revoked' AND target_id = ANY($1::text[]) ORDER BY target_id`,
    [keyIds],
  );
  return rows;
}

async function expectEnded(keys: Array<{ id: string; key: string }>, reason: string, actor: string | null, userId: string) {
  for (const { key } of keys) expect(await keyStatus(key)).toBe(401);
  const rows = await revocationAudit(keys.map((k) => k.id));
  expect(rows).toHaveLength(keys.length);
  for (const row of rows) expect(row).toMatchObject({ actor_user_id: actor, details: { reason, userId } });
}

async function resetLinkOf(email: string): Promise<string> {
  const { rows } = await ctx.db.sql.query<{ text_body: string }>(
    'SELECT text_body FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [email],
  );
  return /reset-password\?token=([\w-]+)/.exec(rows[0].text_body)![1];
}

const signOutOthers = (agent: TestAgent, body?: unknown) => agent.post('/api/auth/sign-out-others', body);

describe('API keys end with the password', () => {
  it('a password change revokes every key of the user, one audit row per key; others keep theirs', async () => {
    const { agent, user, keys } = await userWithKeys(2);
    const other = await userWithKeys(1);
    for (const { key } of keys) expect(await keyStatus(key)).toBe(200);

    const res = await agent.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-brand-new-password',
      confirmPassword: 'a-brand-new-password',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ endedSessions: 0, endedApiKeys: 2 });
    await expectEnded(keys, 'password_changed', user.id, user.id);
    expect((await agent.get('/api/account/api-keys')).body.keys).toEqual([]);
    expect(await keyStatus(other.keys[0].key)).toBe(200);
    const { rows } = await ctx.db.sql.query<{ text_body: string }>(
      'SELECT text_body FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [user.email],
    );
    expect(rows[0].text_body).toContain('Your 2 API keys were revoked too.');
  });

  it('a password reset revokes every key of the user, one audit row per key', async () => {
    const { user, keys } = await userWithKeys(2);
    expect((await ctx.agent().post('/api/auth/forgot-password', { email: user.email })).status).toBe(200);
    const reset = await ctx.agent().post('/api/auth/reset-password', {
      token: await resetLinkOf(user.email),
      password: 'reset-to-this-one',
      confirmPassword: 'reset-to-this-one',
    });
    expect(reset.status, reset.text).toBe(200);
    await expectEnded(keys, 'password_reset', user.id, user.id);
  });

  it("sign-out-others keeps the keys unless asked ({ endApiKeys: true }), then revokes them, audited", async () => {
    const { agent, user, keys } = await userWithKeys(2);
    const phone = ctx.agent();
    expect((await phone.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);

    // No body (older clients) and endApiKeys: false: sessions only.
    expect((await signOutOthers(agent)).body).toEqual({ endedSessions: 1, endedApiKeys: 0 });
    expect((await signOutOthers(agent, { endApiKeys: false })).body).toEqual({ endedSessions: 0, endedApiKeys: 0 });
    for (const { key } of keys) expect(await keyStatus(key)).toBe(200);
    expect(await revocationAudit(keys.map((k) => k.id))).toEqual([]);

    const res = await signOutOthers(agent, { endApiKeys: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ endedSessions: 0, endedApiKeys: 2 });
    await expectEnded(keys, 'sign_out_others', user.id, user.id);
    // This session stays.
    expect((await agent.get('/api/me')).body.user).toMatchObject({ id: user.id });

    const bad = await signOutOthers(agent, { endApiKeys: 'yes' });
    expect(bad.status).toBe(400);
  });

  it('the production start that secures a demo account revokes its keys, one audit row per key', async () => {
    const fresh = await createTestContext();
    try {
      await createDemoAccounts(fresh.db);
      const { rows } = await fresh.db.sql.query<{ id: string }>(`SELECT id FROM users WHERE email = 'premium@example.com'`);
      const premiumId = rows[0].id;
      // A key made while the account had the published password (a development start).
      const agent = fresh.agent();
      expect((await agent.post('/api/auth/login', { email: 'premium@example.com', password: 'demo-password' })).status).toBe(200);
      const made = await agent.post('/api/account/api-keys', { name: 'made in development' });
      expect(made.status, made.text).toBe(201);
      const key = made.body.key as string;
      const keyCall = () => fresh.agent().get('/api/physicians', { headers: { authorization: `Bearer ${key}` } });
      expect((await keyCall()).status).toBe(200);

      const secured = await secureDemoAccounts(fresh.db, { replacement: null });
      expect(secured.disabled).toContain('premium@example.com');
      expect((await keyCall()).status).toBe(401);
      const { rows: audit } = await fresh.db.sql.query<{ actor_user_id: string | null; details: Record<string, unknown> }>(
        `SELECT actor_user_id, details FROM audit_events WHERE action = 'api_key.revoked' AND target_id = $1`,
        [made.body.id],
      );
      expect(audit).toEqual([
        {
          actor_user_id: null,
          details: { name: 'made in development', prefix: made.body.prefix, reason: 'demo_account_secured', userId: premiumId },
        },
      ]);
    } finally {
      await fresh.close();
    }
  });
});
