import { resolve } from 'node:path';
import type { Env } from '../lib/env';
import type { Logger } from '../lib/logger';
import { makeTreePrivate } from '../lib/private-files';
import { createDb, type Db } from './client';
import { lockDataDir } from './data-dir-lock';
import type { SqlDriver } from './driver';
import { migrate } from './migrate';
import { openPgDriver } from './pg-driver';
import { openPgliteDriver } from './pglite-driver';

export type OpenedDatabase = { db: Db; driver: SqlDriver; close(): Promise<void> };

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR (locked); then migrate. */
export async function openDatabase(
  env: Env,
  logger: Logger,
  options: { onCrash?: (error: Error) => void } = {},
): Promise<OpenedDatabase> {
  let driver: SqlDriver;
  let release = () => {};
  if (env.DATABASE_URL) {
    driver = openPgDriver({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_SIZE });
    logger.info({ engine: 'postgres', poolSize: env.DATABASE_POOL_SIZE }, 'database: PostgreSQL');
  } else {
    const dataDir = resolve(env.DATA_DIR);
    release = lockDataDir(dataDir).release;
    try {
      // An install made before ADR 049 has 0755 folders and 0666 files: its user's only from now on.
      for (const problem of makeTreePrivate(dataDir)) logger.warn(`DATA_DIR is not private: ${problem}`);
      driver = await openPgliteDriver({ dataDir: resolve(dataDir, 'pglite'), onCrash: options.onCrash });
    } catch (error) {
      release();
      throw error;
    }
    logger.info({ engine: 'pglite', dataDir }, 'database: embedded PGlite');
  }
  const ran = await migrate(driver);
  if (ran.length) logger.info({ migrations: ran }, 'migrations applied');
  return {
    db: createDb(driver),
    driver,
    async close() {
      await driver.close();
      release();
    },
  };
}
