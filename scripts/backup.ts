// A consistent backup of the embedded database:  npm run backup -- FILE
// While the server runs, asks it for the copy (it holds DATA_DIR); when it is stopped, copies the
// folder itself. PostgreSQL is backed up with pg_dump instead (docs/operations.md).
import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { BACKUP_TOKEN_HEADER } from '../contract/operations';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/errors';
import { isAlive, lockDataDir } from '../server/db/data-dir-lock';
import { openPgliteDriver } from '../server/db/pglite-driver';
import { ConfigError, loadEnv } from '../server/lib/env';
import { makeTreePrivate } from '../server/lib/private-files';
import { readControlFile } from '../server/features/operations/control-file';

const USAGE = 'Usage: npm run backup -- FILE   (FILE: where to write the backup, e.g. backup-2026-11-25.tar.gz)';

/** The running server's copy, through its loopback-only backup call. */
async function fromRunningServer(port: number, token: string): Promise<Uint8Array> {
  const res = await fetch(`http://127.0.0.1:${port}/api/backups`, {
    method: 'POST',
    headers: { [BACKUP_TOKEN_HEADER]: token, [CSRF_HEADER]: CSRF_HEADER_VALUE },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(`The running server refused the backup (${res.status}): ${body?.error?.message ?? res.statusText}`);
  }
  return new Uint8Array(await res.arrayBuffer());
}

/** The server is stopped: hold DATA_DIR's lock (no server can start meanwhile) and copy it. */
async function fromStoppedServer(dataDir: string): Promise<Uint8Array> {
  const lock = lockDataDir(dataDir);
  try {
    for (const problem of makeTreePrivate(dataDir)) console.warn(`Warning: DATA_DIR is not private: ${problem}`);
    const driver = await openPgliteDriver({ dataDir: join(dataDir, 'pglite') });
    try {
      return await driver.dump('gzip');
    } finally {
      await driver.close();
    }
  } finally {
    lock.release();
  }
}

async function main(args: string[]): Promise<number> {
  const [file, ...rest] = args;
  if (!file || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  if (env.DATABASE_URL) {
    console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md), not with this command.');
    return 2;
  }
  const dataDir = resolve(env.DATA_DIR);
  if (!existsSync(join(dataDir, 'pglite'))) {
    console.error(`No embedded database in DATA_DIR (${dataDir}).`);
    return 2;
  }
  const control = readControlFile(dataDir);
  const running = control !== null && isAlive(control.pid);
  let tarball: Uint8Array;
  try {
    tarball = running ? await fromRunningServer(control.port, control.token) : await fromStoppedServer(dataDir);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      /in use/i.test(message)
        ? `The server holding DATA_DIR (${dataDir}) left no control.json to ask it for a backup (an older version, or it is still starting): wait until it is ready, or stop it, then run this again.\n(${message})`
        : message,
    );
    return 1;
  }
  // Written beside the target and renamed: FILE is either the whole backup or absent. The copy holds
  // the whole database, so it is its owner's only (0600), made afresh, never through a link (ADR 049).
  const target = resolve(file);
  const partial = `${target}.partial`;
  try {
    await rm(partial, { force: true });
    await writeFile(partial, tarball, { mode: 0o600, flag: 'wx' });
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  console.log(`Backup of ${dataDir} written to ${target} (${(tarball.length / 1e6).toFixed(1)} MB, ${running ? 'from the running server' : 'server stopped'}).`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
