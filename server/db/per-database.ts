import type { Db } from './client';
import type { SqlExecutor } from './driver';

/**
 * `load` run once per database (its connection pool: the root executor; a transaction's executor
 * is new each time, so it loads again there) and its promise kept; a failed load is forgotten so
 * the next call tries again. For keys kept in app_meta that every call needs.
 */
export function oncePerDatabase<T>(load: (db: Db) => Promise<T>): (db: Db) => Promise<T> {
  const loaded = new WeakMap<SqlExecutor, Promise<T>>();
  return (db) => {
    let value = loaded.get(db.sql);
    if (!value) {
      value = load(db);
      loaded.set(db.sql, value);
      value.catch(() => loaded.delete(db.sql));
    }
    return value;
  };
}
