import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Env } from '../../lib/env';

/**
 * The file the directory index is kept in between starts (ADR 038), or null when it is not kept
 * (INDEX_SNAPSHOT_DIR=off, or tests unless they name a folder). By default in DATA_DIR, the
 * server's own private folder, on both engines (ADR 049: never a name others can make first in a
 * shared temporary folder); the server processes of one deployment share it. On PostgreSQL the name
 * carries a hash of DATABASE_URL, so databases sharing a folder never read each other's file (and
 * the address, which may hold a password, is not written anywhere).
 */
export function indexSnapshotFile(
  env: Pick<Env, 'NODE_ENV' | 'DATA_DIR' | 'DATABASE_URL' | 'INDEX_SNAPSHOT_DIR'>,
): string | null {
  const setting = env.INDEX_SNAPSHOT_DIR;
  if (setting === 'off' || (setting === undefined && env.NODE_ENV === 'test')) return null;
  const folder = resolve(setting ?? join(env.DATA_DIR, 'index-snapshot'));
  if (!env.DATABASE_URL) return join(folder, 'directory.snapshot');
  const database = createHash('sha256').update(env.DATABASE_URL).digest('hex').slice(0, 16);
  return join(folder, `directory-${database}.snapshot`);
}
