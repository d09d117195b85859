import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every path under `dir` (itself included) whose mode lets group or others in, with its mode in
 * octal: [] for a folder private to its owner (ADR 049). Symbolic links are skipped, not followed.
 */
export function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return found;
}
