import { drizzle, type PgRemoteDatabase } from 'drizzle-orm/pg-proxy';
import type { Engine, PoolStats, SqlDriver, SqlExecutor } from './driver';
import * as schema from './schema';

export type Orm = PgRemoteDatabase<typeof schema>;

/**
 * What services receive: drizzle for ordinary reads and writes, raw SQL for the hand-tuned
 * search queries, and `transaction`, which hands the work a Db bound to one connection.
 * (drizzle's own `transaction()` is not used: its proxy driver cannot pin a connection.)
 */
export type Db = {
  engine: Engine;
  sql: SqlExecutor;
  orm: Orm;
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** The driver's pool (outside a transaction; inside one, the pool it came from). */
  poolStats(): PoolStats;
  /** The embedded database only: a consistent copy of its data directory as a (gzipped) tarball. */
  dump?: (compression?: 'none' | 'gzip') => Promise<Uint8Array>;
};

function ormOver(executor: SqlExecutor): Orm {
  return drizzle(
    async (text, params, method) => {
      if (method === 'all') return { rows: await executor.queryArrays(text, params) };
      return { rows: (await executor.query(text, params)).rows };
    },
    { schema },
  );
}

function boundTo(driver: SqlDriver, executor: SqlExecutor): Db {
  let orm: Orm | undefined;
  const db: Db = {
    engine: driver.engine,
    sql: executor,
    // Made on first use: building drizzle's schema tables was about 1 % of the server's CPU under
    // load, and most hot transactions (reveals, list adds, exports) write with SQL only.
    get orm() {
      return (orm ??= ormOver(executor));
    },
    // Already inside a transaction: nested work joins it.
    transaction: (work) => work(db),
    poolStats: () => driver.poolStats(),
  };
  return db;
}

export function createDb(driver: SqlDriver): Db & { driver: SqlDriver } {
  return {
    engine: driver.engine,
    sql: driver,
    orm: ormOver(driver),
    transaction: (work) => driver.transaction((tx) => work(boundTo(driver, tx))),
    poolStats: () => driver.poolStats(),
    ...(hasDump(driver) ? { dump: (compression?: 'none' | 'gzip') => driver.dump(compression) } : {}),
    driver,
  };
}

function hasDump(driver: SqlDriver): driver is SqlDriver & { dump(compression?: 'none' | 'gzip'): Promise<Uint8Array> } {
  return typeof (driver as { dump?: unknown }).dump === 'function';
}
