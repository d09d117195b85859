import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { chmod, lstat, mkdir, realpath } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/*
 * Files only the server's own user may read or change (ADR 049): the embedded database, its
 * backups, the index snapshot, uploads being imported. Whoever else can write a folder can replace
 * what the server reads from it, or plant a link the server writes through.
 */

/** Group and others' bits. */
const SHARED = 0o077;
/** Group and others' write bits. */
const WRITABLE_BY_OTHERS = 0o022;
const STICKY = 0o1000;

// Windows has no owners or modes of this kind: there, folders are made and not checked.
const CHECKED = process.platform !== 'win32';
const ownUid = () => process.getuid?.() ?? -1;

/**
 * Makes `folder` (mode 0700, with any missing parents) or checks the one there; null when the
 * server may use it, else why not: a symbolic link or not a folder, another user's, writable by
 * group or others, or inside a folder whoever is not its owner can write (and so replace this one;
 * a sticky folder such as /tmp lets nobody replace another user's entries). An existing folder of
 * ours that others may only read is made 0700.
 */
export async function privateFolderProblem(folder: string): Promise<string | null> {
  const path = resolve(folder);
  try {
    await mkdir(path, { recursive: true, mode: 0o700 });
    if (!CHECKED) return null;
    const stat = await lstat(path);
    if (stat.isSymbolicLink()) return `${path} is a symbolic link`;
    if (!stat.isDirectory()) return `${path} is not a folder`;
    if (stat.uid !== ownUid()) return `${path} belongs to user ${stat.uid}, not to this server's user (${ownUid()})`;
    if (stat.mode & WRITABLE_BY_OTHERS) return `${path} is writable by ${whoMayWrite(stat.mode)} (mode ${octal(stat.mode)})`;
    if (stat.mode & SHARED) await chmod(path, 0o700);
    for (let above = await realpath(dirname(path)); ; above = dirname(above)) {
      const parent = await lstat(above);
      if (parent.mode & WRITABLE_BY_OTHERS && !(parent.mode & STICKY))
        return `${path} is inside ${above}, which ${whoMayWrite(parent.mode)} may write (mode ${octal(parent.mode)})`;
      if (above === dirname(above)) return null;
    }
  } catch (error) {
    return `${path} cannot be used (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
}

/**
 * Takes group and others' permissions off `root` and everything under it that this user owns (an
 * install from before ADR 049 made them 0755 and 0666); symbolic links are left alone. Returns
 * what could not be made private (another user's entries), for a warning.
 */
export function makeTreePrivate(root: string): string[] {
  const problems: string[] = [];
  if (!CHECKED) return problems;
  const visit = (path: string) => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      return; // removed meanwhile
    }
    if (stat.isSymbolicLink()) return;
    if (stat.mode & SHARED) {
      if (stat.uid === ownUid()) chmodSync(path, stat.mode & 0o700);
      else problems.push(`${path} belongs to user ${stat.uid}: its mode ${octal(stat.mode)} lets other users in`);
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(resolve(root));
  return problems;
}

const whoMayWrite = (mode: number) =>
  [mode & 0o020 ? 'its group' : '', mode & 0o002 ? 'every user' : ''].filter(Boolean).join(' and ');
const octal = (mode: number) => (mode & 0o7777).toString(8).padStart(4, '0');
