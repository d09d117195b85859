import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { ConfigError, defaultDatabasePoolSize, loadEnv } from './env';

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
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE="0": must be a whole number from 1 to 100/],
    [{ DATABASE_POOL_SIZE: 'many' }, /DATABASE_POOL_SIZE="many": must be a whole number from 1 to 100/],
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

  it('sizes the database pool to this machine when the database runs on it (DATABASE_POOL_SIZE)', () => {
    // A database on this machine: its cores plus one, shared among the processes, at least 2 each.
    for (const url of [
      'postgres://postgres@127.0.0.1:5432/test',
      'postgresql://app@localhost/app',
      'postgres://app@[::1]:5432/app',
      'postgres://app@/app?host=/var/run/postgresql',
      'postgres:///app',
    ]) {
      expect(defaultDatabasePoolSize(url, 1, 2), url).toBe(3);
    }
    expect(defaultDatabasePoolSize('postgres://app@localhost/app', 2, 2)).toBe(2);
    expect(defaultDatabasePoolSize('postgres://app@localhost/app', 1, 8)).toBe(9);
    expect(defaultDatabasePoolSize('postgres://app@localhost/app', 4, 8)).toBe(3);
    expect(defaultDatabasePoolSize('postgres://app@localhost/app', 8, 2)).toBe(2);
    // Another host has cores of its own: node-postgres's default, whatever this machine has.
    expect(defaultDatabasePoolSize('postgres://app@db.internal:5432/app', 1, 2)).toBe(10);
    expect(defaultDatabasePoolSize('postgres://app@localhost/app?host=db.internal', 1, 2)).toBe(10);
    // What loadEnv resolves: the default unless set.
    const local = 'postgres://postgres@127.0.0.1:5432/test';
    expect(loadEnv({ DATABASE_URL: local }).DATABASE_POOL_SIZE).toBe(
      defaultDatabasePoolSize(local, 1, availableParallelism()),
    );
    expect(loadEnv({ DATABASE_URL: 'postgres://db/app' }).DATABASE_POOL_SIZE).toBe(10);
    expect(loadEnv({ DATABASE_URL: local, DATABASE_POOL_SIZE: '7' }).DATABASE_POOL_SIZE).toBe(7);
  });
});
