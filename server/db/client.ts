import { drizzle, type PgRemoteDatabase } from 'drizzle-orm/pg-proxy';
import type { Engine, SqlDriver, SqlExecutor } from './driver';
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

function boundTo(engine: Engine, executor: SqlExecutor): Db {
  const db: Db = {
    engine,
    sql: executor,
    orm: ormOver(executor),
    // Already inside a transaction: nested work joins it.
    transaction: (work) => work(db),
  };
  return db;
}

export function createDb(driver: SqlDriver): Db & { driver: SqlDriver } {
  return {
    engine: driver.engine,
    sql: driver,
    orm: ormOver(driver),
    transaction: (work) => driver.transaction((tx) => work(boundTo(driver.engine, tx))),
    driver,
  };
}
