// Restores a backup made by `npm run backup` into an empty DATA_DIR:  npm run restore -- FILE
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { lockDataDir } from '../server/db/data-dir-lock';
import { openPgliteDriver } from '../server/db/pglite-driver';
import { ConfigError, loadEnv } from '../server/lib/env';
import { makeTreePrivate } from '../server/lib/private-files';

const USAGE = 'Usage: DATA_DIR=./restored npm run restore -- FILE   (DATA_DIR must be empty or absent)';

async function main(args: string[]): Promise<number> {
  const [file, ...rest] = args;
  if (!file || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  if (env.DATABASE_URL) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md), not with this command.');
    return 2;
  }
  const dataDir = resolve(env.DATA_DIR);
  // Never over a database: a restore must not destroy what it could have been asked to keep.
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    console.error(`DATA_DIR (${dataDir}) is not empty: restore into an empty or new folder, then point the server at it.`);
    return 2;
  }
  let tarball: Uint8Array;
  try {
    const bytes = await readFile(resolve(file));
    tarball = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
  } catch (error) {
    console.error(`Cannot read the backup ${file}: ${error instanceof Error ? error.message : error}`);
    return 2;
  }
  const lock = lockDataDir(dataDir);
  try {
    for (const problem of makeTreePrivate(dataDir)) console.warn(`Warning: DATA_DIR is not private: ${problem}`);
    const driver = await openPgliteDriver({ dataDir: join(dataDir, 'pglite'), loadDataDir: tarball }).catch((error: unknown) => {
      // A backup that does not load leaves no half database behind: the folder was empty.
      rmSync(join(dataDir, 'pglite'), { recursive: true, force: true });
      throw new Error(`The file is not a backup this command can restore: ${error instanceof Error ? error.message : error}`);
    });
    try {
      const { rows } = await driver.query<{ users: number; physicians: number }>(
        'SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM physicians)::int AS physicians',
      );
      console.log(`Restored into ${dataDir}: ${rows[0].users} users, ${rows[0].physicians} physicians. Start the server with DATA_DIR=${env.DATA_DIR}.`);
    } finally {
      await driver.close();
    }
  } finally {
    lock.release();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
