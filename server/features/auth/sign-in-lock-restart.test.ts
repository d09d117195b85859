import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app';
import { createDb } from '../../db/client';
import { migrate } from '../../db/migrate';
import { openPgliteDriver } from '../../db/pglite-driver';
import type { AppDeps } from '../../lib/context';
import { loadEnv } from '../../lib/env';
import { createLogger } from '../../lib/logger';
import { createServices } from '../../services';
import { createTestUser, TEST_PASSWORD, TestAgent } from '../../test/harness';
import { TEMPLATE_PATH } from '../../test/template-path';

// Two opens of an embedded database and a dozen scrypt checks: room on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

/*
 * Rate-limit counters live in the database on the embedded engine too: a sign-in lock outlives a
 * restart of the app on the same DATA_DIR (it used to live in process memory and vanish). Always
 * PGlite, whatever DATABASE_URL says: the embedded engine is the one that forgot.
 */
const dir = await mkdtemp(join(tmpdir(), 'restart-lock-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The app on the PGlite database in `dir` (the first open starts it from the migrated template). */
async function openApp(first: boolean) {
  const driver = await openPgliteDriver({
    dataDir: join(dir, 'pglite'),
    loadDataDir: first ? new Uint8Array(await readFile(TEMPLATE_PATH)) : undefined,
  });
  await migrate(driver);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000', DEMO_DIRECTORY_SIZE: '0' });
  const base = { db: createDb(driver), env, logger: createLogger('silent', false) };
  const deps: AppDeps = { ...base, services: await createServices(base) };
  return { deps, app: createApp({ deps }), close: () => driver.close() };
}

describe('rate limits on the embedded database', () => {
  it('a sign-in lock survives closing and reopening the app on the same data dir', async () => {
    const before = await openApp(true);
    const user = await createTestUser(before.deps.db, {});
    const max = before.deps.services.authRateLimits.loginPerEmail.rule.max;
    for (let i = 0; i < max; i++) {
      const res = await new TestAgent(before.app).post('/api/auth/login', { email: user.email, password: `guess-${i}` });
      expect(res.status).toBe(401);
    }
    const locked = await new TestAgent(before.app).post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    await before.close();

    const after = await openApp(false);
    try {
      const res = await new TestAgent(after.app).post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(60);
    } finally {
      await after.close();
    }
  });
});
