import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { TEMPLATE_PATH } from '../test/template-path';
import { openPgliteDriver } from './pglite-driver';
import { openPgDriver } from './pg-driver';

// A database that fails under a query never hangs its callers: a crashed embedded worker fails them,
// and a connection whose ROLLBACK failed is destroyed, not pooled.
vi.setConfig({ testTimeout: 120_000 });

describe('embedded database worker crash', () => {
  it('fails waiting and later queries with an error (no hang) and reports the crash once', async () => {
    const crashes: Error[] = [];
    const driver = await openPgliteDriver({
      loadDataDir: new Uint8Array(await readFile(TEMPLATE_PATH)),
      onCrash: (error) => crashes.push(error),
    });
    expect((await driver.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    const waiting = driver.query('SELECT pg_sleep(2)');
    await driver.terminate();
    await expect(waiting).rejects.toThrow(/embedded database stopped/);
    await expect(driver.query('SELECT 1')).rejects.toThrow(/embedded database stopped/);
    expect(crashes).toHaveLength(1);
    await driver.close();
    expect(crashes).toHaveLength(1);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('pg driver', () => {
  it('destroys a connection whose ROLLBACK failed instead of pooling it', async () => {
    const driver = openPgDriver({ connectionString: process.env.DATABASE_URL!, max: 1 });
    try {
      // The work kills its own connection: the transaction fails and so does its ROLLBACK.
      await expect(
        driver.transaction(async (tx) => {
          await tx.query('SELECT pg_terminate_backend(pg_backend_pid())');
        }),
      ).rejects.toThrow();
      // The pool's only slot gets a fresh connection.
      expect((await driver.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await driver.close();
    }
  });
});
