import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDb } from '../../db/client';
import type { SqlDriver, SqlExecutor } from '../../db/driver';
import type { AppDeps } from '../../lib/context';
import { loadEnv } from '../../lib/env';
import { createLogger } from '../../lib/logger';
import { createServices } from '../../services';
import { createTestUser, openTestDatabase } from '../../test/harness';
import * as auth from './service';

// Sign-ups hash a password (scrypt): give the test room on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/*
 * Forgot-password, resend-verification and sign-up do the same database work for an address with
 * an account and one without (ADR 028): the same statements, in the same transactions, writing
 * the same number of rows. Counted by a driver that wraps the real one (PGlite, or PostgreSQL with
 * DATABASE_URL), under everything the service does (the routes take the rate limits, ADR 058).
 */

type Work = { statements: string[]; rowsWritten: number };

const isWrite = (text: string) => /^\s*(insert|update|delete|with)\b/i.test(text);
/** A statement as the count sees it: a read or a write (transactions are counted apart). */
const kindOf = (text: string) => (isWrite(text) ? 'write' : 'read');

function counting(driver: SqlDriver) {
  let work: Work = { statements: [], rowsWritten: 0 };
  const wrap = (executor: SqlExecutor): SqlExecutor => ({
    async query(text, params) {
      work.statements.push(kindOf(text));
      const result = await executor.query(text, params);
      if (isWrite(text)) work.rowsWritten += result.rowCount;
      return result as never;
    },
    async exec(text) {
      work.statements.push(kindOf(text));
      await executor.exec(text);
    },
    copyFrom: (table, columns, csv) => executor.copyFrom(table, columns, csv),
  });
  const wrapped: SqlDriver = {
    ...wrap(driver),
    engine: driver.engine,
    transaction: (run) =>
      driver.transaction(async (tx) => {
        work.statements.push('begin');
        const result = await run(wrap(tx));
        work.statements.push('commit');
        return result;
      }),
    close: () => driver.close(),
    poolStats: () => driver.poolStats(),
  };
  return {
    driver: wrapped,
    /** The work `run` does (from a clean count). */
    async measure(run: () => Promise<unknown>): Promise<Work> {
      work = { statements: [], rowsWritten: 0 };
      await run();
      return work;
    },
  };
}

const database = await openTestDatabase();
const counter = counting(database.driver);
const db = createDb(counter.driver);
const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000', DEMO_DIRECTORY_SIZE: '0' });
const base = { db, env, logger: createLogger('silent', false) };
const deps: AppDeps = { ...base, services: await createServices(base) };
afterAll(() => database.close());

const meta = () => ({ ip: `10.0.${randomBytes(1)[0]}.${randomBytes(1)[0]}` });
const newEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

describe('known and unknown addresses do the same database work', () => {
  it('forgot-password', async () => {
    const known = await createTestUser(db, {});
    const knownWork = await counter.measure(() => auth.requestPasswordReset({ deps, email: known.email }));
    const unknownWork = await counter.measure(() => auth.requestPasswordReset({ deps, email: newEmail('nobody') }));
    expect(knownWork.statements).toContain('commit');
    expect(unknownWork).toEqual(knownWork);
  });

  it('resend-verification: an unverified account, an unknown address and a verified account alike', async () => {
    const unverified = await createTestUser(db, { verified: false });
    const verified = await createTestUser(db, {});
    const sending = await counter.measure(() => auth.resendVerification({ deps, email: unverified.email }));
    const unknown = await counter.measure(() => auth.resendVerification({ deps, email: newEmail('nobody') }));
    const alreadyVerified = await counter.measure(() => auth.resendVerification({ deps, email: verified.email }));
    expect(sending.statements).toContain('commit');
    expect(unknown).toEqual(sending);
    expect(alreadyVerified).toEqual(sending);
  });

  it('sign-up: a new address, a verified account and an unverified one alike', async () => {
    const verified = await createTestUser(db, {});
    const unverified = await createTestUser(db, { verified: false });
    const signUp = (email: string) => auth.signUp({ deps, meta: meta(), email, password: 'a-good-password' });
    const fresh = await counter.measure(() => signUp(newEmail('fresh')));
    const existingVerified = await counter.measure(() => signUp(verified.email));
    const existingUnverified = await counter.measure(() => signUp(unverified.email));
    expect(fresh.rowsWritten).toBeGreaterThanOrEqual(3);
    expect(existingVerified).toEqual(fresh);
    expect(existingUnverified).toEqual(fresh);
  });
});
