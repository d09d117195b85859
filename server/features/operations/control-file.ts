import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How `npm run backup` reaches the server that holds an embedded database: the server writes its
 * port and a random token into DATA_DIR (readable by the folder's owner only) once it listens, and
 * removes the file when it stops. Whoever can read DATA_DIR could copy the database anyway, so the
 * token gives nothing more than the folder already does; the backup call also answers loopback only.
 */
const CONTROL_FILE = 'control.json';

export type ControlFile = { pid: number; port: number; token: string };

export function writeControlFile(dataDir: string, port: number): ControlFile {
  const control = { pid: process.pid, port, token: randomBytes(32).toString('base64url') };
  writeFileSync(join(dataDir, CONTROL_FILE), JSON.stringify(control), { mode: 0o600 });
  return control;
}

export function readControlFile(dataDir: string): ControlFile | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, CONTROL_FILE), 'utf8')) as Partial<ControlFile>;
    if (typeof parsed.pid !== 'number' || typeof parsed.port !== 'number' || typeof parsed.token !== 'string') return null;
    return { pid: parsed.pid, port: parsed.port, token: parsed.token };
  } catch {
    return null;
  }
}

export function removeControlFile(dataDir: string): void {
  rmSync(join(dataDir, CONTROL_FILE), { force: true });
}
