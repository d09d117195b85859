import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'server.lock';

/** One lock file as found: its holder, and what tells this generation of the file from any later one. */
type Holder = { pid: number; generation: string; nonce: string | null };

/**
 * Two processes opening one PGlite directory corrupt it silently, so the server holds an
 * exclusive lock file in DATA_DIR. A lock left by a dead process is taken over.
 *
 * Every step is atomic (docs/decisions/016-sessions-and-start-safety.md):
 * - the lock appears whole or not at all: its content ("pid nonce") is written to a file of our
 *   own, then hard-linked to server.lock, which fails if server.lock exists (O_EXCL semantics);
 * - a stale lock is removed only by the one process that first created
 *   `server.lock.break-<generation>` (another exclusive link), after checking that server.lock
 *   is still that generation (inode and nonce). Nobody else can remove or replace it meanwhile,
 *   so of several processes starting on one stale lock exactly one removes it, and exactly one
 *   (perhaps another) then creates the next.
 *
 * DATA_DIR is made 0700 and the lock 0600 (ADR 049); the holder then makes what an earlier version
 * left open private (makeTreePrivate). Node built-ins only: the lock's tests load this file alone.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, LOCK_FILE);
  const nonce = randomBytes(8).toString('hex');
  for (let attempt = 0; attempt < 100; attempt++) {
    if (createExclusive(path, `${process.pid} ${nonce}\n`)) {
      // Re-read: the file at the path is ours (nothing may replace a live holder's lock).
      if (readHolder(path)?.nonce === nonce) return { release: () => releaseIfOwn(path, nonce) };
      continue;
    }
    const holder = readHolder(path);
    if (!holder) continue; // released meanwhile: try again
    if (holder.pid !== process.pid && isAlive(holder.pid)) {
      throw new Error(
        `DATA_DIR ${dataDir} is in use by another server process (pid ${holder.pid}). ` +
          'Stop it first, or set DATA_DIR to another folder: two processes on one embedded database corrupt it.',
      );
    }
    removeStale(path, holder, 0);
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}

/**
 * Creates `path` holding `content` if it does not exist, atomically: the content is written to
 * a private file first and hard-linked into place (link fails with EEXIST when `path` exists),
 * so no reader ever sees the file empty or half-written. True when this call created it.
 */
function createExclusive(path: string, content: string): boolean {
  const own = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(own, content, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(own, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(own);
  }
}

/** The lock file's holder, or null when there is no file. Content and inode come from one open file. */
function readHolder(path: string): Holder | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { ino } = fstatSync(fd);
    // "pid nonce"; a server before the nonce wrote only its pid, and a crash may leave it empty.
    const [pidText = '', nonce] = readFileSync(fd, 'utf8').trim().split(/\s+/);
    const pid = /^\d+$/.test(pidText) ? Number(pidText) : 0;
    const tag = (nonce ?? pidText).replace(/[^\w-]/g, '').slice(0, 32) || 'empty';
    return { pid, nonce: nonce ?? null, generation: `${ino}-${tag}` };
  } finally {
    closeSync(fd);
  }
}

/**
 * Removes the stale lock `holder` was read from, unless another process is already doing so
 * (then this one just tries again; a remover that died is itself removed the same way).
 */
function removeStale(path: string, holder: Holder, depth: number): void {
  const claim = `${path}.break-${holder.generation}`;
  if (!createExclusive(claim, `${process.pid} ${randomBytes(8).toString('hex')}\n`)) {
    const remover = readHolder(claim);
    if (remover && !isAlive(remover.pid) && depth < 3) removeStale(claim, remover, depth + 1);
    else pause(2); // let the live remover finish
    return;
  }
  try {
    // Still the generation we judged stale? Only the claim's holder may remove it, and we hold it.
    if (readHolder(path)?.generation === holder.generation) unlinkSync(path);
  } finally {
    rmSync(claim, { force: true });
  }
}

function releaseIfOwn(path: string, nonce: string): void {
  try {
    if (readHolder(path)?.nonce === nonce) unlinkSync(path);
  } catch {
    // already gone
  }
}

/** Whether a process with this id runs (ours or another user's). */
export function isAlive(pid: number): boolean {
  // 0 or garbage (an empty or foreign file): nobody. (process.kill(0) would signal our own group.)
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A short synchronous wait (the lock is taken before anything async starts). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
