import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, openTestDatabase, type TestContext } from '../test/harness';
import { ConfigError, loadEnv } from './env';
import { createLogger } from './logger';
import { RateLimiter } from './rate-limit';
import { PgRateLimitStore } from './pg-rate-limit-store';
import { createDemoAccounts, demoDataPlan, DEMO_ACCOUNTS, DEMO_PASSWORD, secureDemoAccounts, seedDemoIfNeeded } from '../db/seed/demo';
import { createSession, SESSION_COOKIE } from '../features/auth/session';
import { hashPassword } from '../features/auth/password';

// Each test opens databases and hashes passwords: on a busy 2-core machine that can pass 30 s.
vi.setConfig({ testTimeout: 120_000 });

// What is safe by default when the server is deployed (ADR 008, ADR 016).

describe('configuration', () => {
  it('listens on 127.0.0.1 by default in development and test, on every interface in production', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', BILLING_DEMO: '1' }).HOST).toBe('0.0.0.0');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('refuses production without SMTP_URL, naming it, unless MAIL_OUTBOX_ONLY=1', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: required when NODE_ENV=production/);
    expect(loadEnv({ NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1', BILLING_DEMO: '1' }).SMTP_URL).toBeUndefined();
    expect(loadEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', BILLING_DEMO: '1' }).SMTP_URL).toBe('smtp://mail:25');
  });

  // The demo billing provider sells paid plans for the test card 4242...: production needs Stripe.
  it('refuses production without a billing provider, naming STRIPE_SECRET_KEY, unless BILLING_DEMO=1', () => {
    const mail = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' };
    expect(() => loadEnv(mail)).toThrow(ConfigError);
    expect(() => loadEnv(mail)).toThrow(/STRIPE_SECRET_KEY: required when NODE_ENV=production \(set BILLING_DEMO=1/);
    // Both missing: one message names both, so one restart fixes them.
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY: required[\s\S]*SMTP_URL: required/);
    expect(loadEnv({ ...mail, BILLING_DEMO: '1' }).BILLING_DEMO).toBe(true);
    const stripe = {
      ...mail,
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_ANNUAL: 'price_a',
    };
    expect(loadEnv(stripe).STRIPE_SECRET_KEY).toBe('sk_live_x');
    // Development keeps the demo provider without asking.
    expect(loadEnv({}).BILLING_DEMO).toBe(false);
  });

  it('reads TRUST_PROXY as a number of proxies (true = 1)', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(() => loadEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY="yes"/);
  });
});

describe('development mailbox', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { NODE_ENV: 'development' } });
  });
  afterAll(() => ctx.close());

  it('answers a caller on this machine only: 404 for any other address, and for a forged header', async () => {
    await ctx.agent('127.0.0.1').post('/api/auth/forgot-password', { email: 'someone@example.com' });
    expect((await ctx.agent('127.0.0.1').get('/api/dev/mailbox')).status).toBe(200);
    expect((await ctx.agent('::1').get('/api/dev/mailbox')).status).toBe(200);
    expect((await ctx.agent('::ffff:127.0.0.1').get('/api/dev/mailbox')).status).toBe(200);
    for (const address of ['203.0.113.5', '10.0.0.7', '::ffff:192.168.1.2', '128.0.0.1']) {
      const res = await ctx.agent(address).get('/api/dev/mailbox', { headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    // No socket at all (nothing says where the caller is): 404.
    expect((await ctx.agent().get('/api/dev/mailbox')).status).toBe(404);
  });

  it('behind a trusted proxy on this machine, answers only when the forwarded client is local', async () => {
    const proxied = await createTestContext({ env: { NODE_ENV: 'development', TRUST_PROXY: '1' } });
    try {
      const outside = await proxied.agent('127.0.0.1').get('/api/dev/mailbox', { headers: { 'x-forwarded-for': '203.0.113.5' } });
      expect(outside.status).toBe(404);
      const forged = await proxied
        .agent('127.0.0.1')
        .get('/api/dev/mailbox', { headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.5' } });
      expect(forged.status).toBe(404);
      const local = await proxied.agent('127.0.0.1').get('/api/dev/mailbox', { headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(local.status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('demo billing in production (BILLING_DEMO=1)', () => {
  it('/api/me tells every page to show the demo banner; development does not', async () => {
    const staging = await createTestContext({ env: { NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1', BILLING_DEMO: '1' } });
    try {
      expect((await staging.agent().get('/api/me')).body.demoBilling).toBe(true);
    } finally {
      await staging.close();
    }
    const development = await createTestContext();
    try {
      expect((await development.agent().get('/api/me')).body.demoBilling).toBeUndefined();
    } finally {
      await development.close();
    }
  });
});

describe('demo accounts', () => {
  it('development: the documented password; production: none without DEMO_DATA=1, else a random one', () => {
    expect(demoDataPlan({ NODE_ENV: 'development', DEMO_DATA: false })).toMatchObject({ seed: true, password: DEMO_PASSWORD });
    expect(demoDataPlan({ NODE_ENV: 'development', DATABASE_URL: 'postgres://x', DEMO_DATA: false }).seed).toBe(false);
    expect(demoDataPlan({ NODE_ENV: 'production', DEMO_DATA: false }).seed).toBe(false);
    const a = demoDataPlan({ NODE_ENV: 'production', DEMO_DATA: true });
    const b = demoDataPlan({ NODE_ENV: 'production', DEMO_DATA: true });
    expect(a.seed).toBe(true);
    expect(a.password).not.toBe(DEMO_PASSWORD);
    expect(a.password.length).toBeGreaterThanOrEqual(16);
    expect(a.password).not.toBe(b.password);
  });

  it('in production the demo admin signs in with the printed password only, and a restart creates nothing', async () => {
    const ctx = await createTestContext({ env: { NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1', BILLING_DEMO: '1', DEMO_DATA: '1' } });
    try {
      const plan = demoDataPlan(ctx.deps.env);
      const logger = createLogger('silent', false);
      const first = await seedDemoIfNeeded(ctx.db, ctx.driver, { count: 0, logger, password: plan.password });
      expect(first.accountsCreated).toContain('admin@example.com');
      const agent = ctx.agent();
      expect((await agent.post('/api/auth/login', { email: 'admin@example.com', password: DEMO_PASSWORD })).status).toBe(401);
      const login = await agent.post('/api/auth/login', { email: 'admin@example.com', password: plan.password });
      expect(login.status).toBe(200);
      expect(login.body.user.role).toBe('admin');
      const again = await seedDemoIfNeeded(ctx.db, ctx.driver, { count: 0, logger, password: 'other' });
      expect(again).toEqual({ loaded: false, accountsCreated: [] });
    } finally {
      await ctx.close();
    }
  });

  // A database a development start seeded (demo-password) then started in production.
  describe('made in development, started in production', () => {
    let ctx: TestContext;
    const allDemo = DEMO_ACCOUNTS.map((a) => a.email).sort();
    const login = (email: string, password: string) => ctx.agent().post('/api/auth/login', { email, password });
    const adminId = async () =>
      (await ctx.db.sql.query<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@example.com'`)).rows[0].id;

    beforeAll(async () => {
      ctx = await createTestContext({ env: { NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1', BILLING_DEMO: '1' } });
      expect(await createDemoAccounts(ctx.db)).toHaveLength(4); // development's password
    });
    afterAll(() => ctx.close());

    it('without DEMO_DATA=1: the published password stops working, sessions end; the accounts stay disabled', async () => {
      expect((await login('admin@example.com', DEMO_PASSWORD)).status).toBe(200);
      const { token } = await createSession(ctx.db, await adminId());
      const signedIn = ctx.agent();
      signedIn.setCookie(SESSION_COOKIE, token);
      // The owner of basic@ had changed the password: theirs stays.
      const basicOwn = await hashPassword('basic-owner-password');
      await ctx.db.sql.query(`UPDATE users SET password_hash = $1 WHERE email = 'basic@example.com'`, [basicOwn]);

      const secured = await secureDemoAccounts(ctx.db, { replacement: null });
      expect(secured).toEqual({ replaced: [], disabled: allDemo.filter((e) => e !== 'basic@example.com') });
      expect((await login('admin@example.com', DEMO_PASSWORD)).status).toBe(401);
      expect((await signedIn.get('/api/me')).body.user).toBeNull();
      expect((await login('basic@example.com', 'basic-owner-password')).status).toBe(200);
      const { rows } = await ctx.db.sql.query<{ details: Record<string, unknown> }>(
        `SELECT details FROM audit_events WHERE action = 'auth.password_changed' AND target_id = $1`,
        [await adminId()],
      );
      expect(rows).toEqual([
        { details: { by: 'production start', demoAccount: 'admin@example.com', outcome: 'disabled', was: 'published demo password' } },
      ]);

      // The next production start without DEMO_DATA finds nothing to do.
      expect(await secureDemoAccounts(ctx.db, { replacement: null })).toEqual({ replaced: [], disabled: [] });
    });

    it('with DEMO_DATA=1: the disabled accounts get the password printed at that start; once', async () => {
      const secured = await secureDemoAccounts(ctx.db, { replacement: 'printed-once-password' });
      expect(secured).toEqual({ replaced: allDemo.filter((e) => e !== 'basic@example.com'), disabled: [] });
      const admin = await login('admin@example.com', 'printed-once-password');
      expect(admin.status).toBe(200);
      expect(admin.body.user.role).toBe('admin');
      expect((await login('admin@example.com', DEMO_PASSWORD)).status).toBe(401);
      // A later start (another random password) leaves accounts that no longer have the published one.
      expect(await secureDemoAccounts(ctx.db, { replacement: 'another-password' })).toEqual({ replaced: [], disabled: [] });
      expect((await login('premium@example.com', 'printed-once-password')).status).toBe(200);
    });

    it('with DEMO_DATA=1 straight away: the published password is replaced by the printed one', async () => {
      const fresh = await createTestContext({ env: { NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1', BILLING_DEMO: '1', DEMO_DATA: '1' } });
      try {
        await createDemoAccounts(fresh.db);
        // Two processes starting together: each account changes once, to one of the two passwords.
        const [a, b] = await Promise.all([
          secureDemoAccounts(fresh.db, { replacement: 'password-of-a' }),
          secureDemoAccounts(fresh.db, { replacement: 'password-of-b' }),
        ]);
        expect([...a.replaced, ...b.replaced].sort()).toEqual(allDemo);
        const winner = a.replaced.length ? 'password-of-a' : 'password-of-b';
        expect(a.replaced.length === 0 || b.replaced.length === 0).toBe(true);
        const res = await fresh.agent().post('/api/auth/login', { email: 'free@example.com', password: winner });
        expect(res.status).toBe(200);
      } finally {
        await fresh.close();
      }
    });
  });
});

describe('rate-limit store in the database', () => {
  it('is the store the app uses, on PostgreSQL and on the embedded database', async () => {
    const ctx = await createTestContext();
    try {
      expect(ctx.deps.services.rateLimitStore).toBeInstanceOf(PgRateLimitStore);
    } finally {
      await ctx.close();
    }
  });

  it('counts hits of two stores (two processes) on one database together, slides, resets and purges', async () => {
    const database = await openTestDatabase();
    try {
      const rule = { max: 3, windowMs: 60_000 };
      const t0 = 1_700_000_000_000;
      const one = new PgRateLimitStore(database.db);
      const two = new PgRateLimitStore(database.db);
      expect(await one.hit('k', rule, t0)).toEqual({ allowed: true });
      expect(await two.hit('k', rule, t0 + 1000)).toEqual({ allowed: true });
      expect(await one.hit('k', rule, t0 + 2000)).toEqual({ allowed: true });
      expect(await two.hit('k', rule, t0 + 3000)).toEqual({ allowed: false, retryAfterMs: 57_000 });
      // A refused attempt is not counted: the first hit leaving the window frees one place.
      expect(await one.hit('k', rule, t0 + 60_001)).toEqual({ allowed: true });
      expect(await one.hit('k', rule, t0 + 60_002)).toEqual({ allowed: false, retryAfterMs: 998 });
      await two.reset('k');
      expect(await one.hit('k', rule, t0 + 60_003)).toEqual({ allowed: true });

      // Concurrent hits from both stores: exactly `max` allowed.
      const limiterA = new RateLimiter('burst', { max: 5, windowMs: 60_000 }, one);
      const limiterB = new RateLimiter('burst', { max: 5, windowMs: 60_000 }, two);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 ? limiterA : limiterB).consume('same-key')),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(5);

      // Windows long past are purged (the t0 keys expired years ago).
      expect(await one.purgeExpired()).toBeGreaterThanOrEqual(1);
      const { rows } = await database.db.sql.query<{ key: string }>('SELECT key FROM rate_limit_hits');
      expect(rows.map((r) => r.key)).toEqual(['burst:same-key']);
    } finally {
      await database.close();
    }
  });

  // ADR 044: an allowed hit appends without a pass over the times while they leave room; the
  // expired ones go when the oldest is a quarter of a window out, or when the exact count decides.
  it('keeps the exact sliding window while it drops expired times only now and then', async () => {
    const database = await openTestDatabase();
    try {
      const store = new PgRateLimitStore(database.db);
      const times = async (key: string) =>
        (
          await database.db.sql.query<{ hits: Array<number | string> }>('SELECT hits FROM rate_limit_hits WHERE key = $1', [key])
        ).rows[0].hits.map(Number);
      const rule = { max: 3, windowMs: 60_000 };
      const t0 = 1_700_000_000_000;
      expect(await store.hit('w', rule, t0)).toEqual({ allowed: true });
      expect(await store.hit('w', rule, t0 + 1000)).toEqual({ allowed: true });
      // t0 has left the window, but the 2 times held leave room: appended, t0 kept.
      expect(await store.hit('w', rule, t0 + 60_500)).toEqual({ allowed: true });
      expect(await times('w')).toEqual([t0, t0 + 1000, t0 + 60_500]);
      // No room among the times held: the exact count (2 in the window) allows it, and trims.
      expect(await store.hit('w', rule, t0 + 60_600)).toEqual({ allowed: true });
      expect(await times('w')).toEqual([t0 + 1000, t0 + 60_500, t0 + 60_600]);
      // Full: refused, the wait read from the oldest time still in the window.
      expect(await store.hit('w', rule, t0 + 60_700)).toEqual({ allowed: false, retryAfterMs: 300 });

      // A quarter of a window after the oldest left it, an allowed hit drops the expired times.
      const wide = { max: 100, windowMs: 60_000 };
      await store.hit('q', wide, t0);
      await store.hit('q', wide, t0 + 10_000);
      await store.hit('q', wide, t0 + 74_000);
      expect(await times('q')).toEqual([t0, t0 + 10_000, t0 + 74_000]);
      await store.hit('q', wide, t0 + 75_001);
      expect(await times('q')).toEqual([t0 + 74_000, t0 + 75_001]);
      expect(await store.peek('q', { max: 2, windowMs: 60_000 }, t0 + 75_002)).toEqual({ allowed: false, retryAfterMs: 58_998 });
    } finally {
      await database.close();
    }
  });
});

describe('CSRF exemption', () => {
  it('covers the webhook path exactly, not paths that merely start with it', async () => {
    const ctx = await createTestContext();
    try {
      const res = await ctx.agent().post('/api/billing/webhook-evil', {}, { csrf: false });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      const sub = await ctx.agent().post('/api/billing/webhookx/anything', {}, { csrf: false });
      expect(sub.status).toBe(403);
    } finally {
      await ctx.close();
    }
  });
});
