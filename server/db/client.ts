import type { Engine, PoolStats, SqlDriver, SqlExecutor } from './driver';

/**
 * What services receive: parameterised SQL (`sql.query`, ADR 034) and `transaction`, which hands
 * the work a Db bound to one connection.
 */
export type Db = {
  engine: Engine;
  sql: SqlExecutor;
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** The driver's pool (outside a transaction; inside one, the pool it came from). */
  poolStats(): PoolStats;
  /** The embedded database only: a consistent copy of its data directory as a (gzipped) tarball. */
  dump?: (compression?: 'none' | 'gzip') => Promise<Uint8Array>;
};

function boundTo(driver: SqlDriver, executor: SqlExecutor): Db {
  const db: Db = {
    engine: driver.engine,
    sql: executor,
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
    transaction: (work) => driver.transaction((tx) => work(boundTo(driver, tx))),
    poolStats: () => driver.poolStats(),
    ...(hasDump(driver) ? { dump: (compression?: 'none' | 'gzip') => driver.dump(compression) } : {}),
    driver,
  };
}

function hasDump(driver: SqlDriver): driver is SqlDriver & { dump(compression?: 'none' | 'gzip'): Promise<Uint8Array> } {
  return typeof (driver as { dump?: unknown }).dump === 'function';
}
