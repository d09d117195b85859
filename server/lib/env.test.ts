import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

describe('loadEnv', () => {
  it('applies defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.APP_URL).toBe('http://localhost:3000');
    expect(env.ADMIN_EMAILS).toEqual([]);
    expect(env.DEMO_DIRECTORY_SIZE).toBe(300_000);
    expect(env.SESSION_IDLE_DAYS).toBe(7);
    expect(loadEnv({ SESSION_IDLE_DAYS: '2' }).SESSION_IDLE_DAYS).toBe(2);
  });

  it.each([
    [{ PORT: "abc" }, /PORT="abc": must be a whole number from 0 to 65535/],
    [{ PORT: '70000' }, /PORT="70000"/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL="mysql:\/\/x": must start with postgres/],
    [{ ADMIN_EMAILS: 'ops@example.com, not-an-email' }, /ADMIN_EMAILS/],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, /STRIPE_WEBHOOK_SECRET: required/],
    [{ APP_URL: 'localhost' }, /APP_URL="localhost": must be a URL/],
    [{ CONTACT_INBOX: 'ops@example.com, nobody' }, /CONTACT_INBOX/],
    [{ SESSION_IDLE_DAYS: '0' }, /SESSION_IDLE_DAYS="0": must be a whole number from 1 to 30/],
    [{ SESSION_IDLE_DAYS: '1.5' }, /SESSION_IDLE_DAYS="1.5"/],
    [{ SUPPRESSION_KEY: 'short' }, /SUPPRESSION_KEY="short": must be at least 32 characters/],
    [{ WEB_CONCURRENCY: '2' }, /WEB_CONCURRENCY: 2 server processes need DATABASE_URL/],
    [{ WEB_CONCURRENCY: '0' }, /WEB_CONCURRENCY="0": must be a whole number from 1 to 64/],
  ])('rejects %o naming the variable', (source, message) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(message);
  });

  it('lower-cases and splits ADMIN_EMAILS', () => {
    expect(loadEnv({ ADMIN_EMAILS: 'Ops@Example.com, boss@example.com' }).ADMIN_EMAILS).toEqual([
      'ops@example.com',
      'boss@example.com',
    ]);
  });

  it('mails contact messages to CONTACT_INBOX, else to ADMIN_EMAILS', () => {
    expect(loadEnv({ ADMIN_EMAILS: 'ops@example.com' }).CONTACT_INBOX).toEqual(['ops@example.com']);
    expect(loadEnv({ ADMIN_EMAILS: 'ops@example.com', CONTACT_INBOX: 'help@example.com' }).CONTACT_INBOX).toEqual([
      'help@example.com',
    ]);
  });

  it('runs several server processes only on PostgreSQL (WEB_CONCURRENCY, default 1)', () => {
    expect(loadEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(loadEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/app' }).WEB_CONCURRENCY).toBe(2);
  });
});
