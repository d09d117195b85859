import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/*
 * What the built app (dist/web) makes a browser download, in compressed bytes: the landing
 * page's first scripts (index.html's entry and the modules it imports statically) and what a
 * page's lazily loaded route module adds to them. Read from the build's files, so a test can
 * hold the budgets (e2e/bundle-size.spec.ts) and the browser bench can print them (ADR 021).
 *
 * Compressed size is what the server sends Chromium: the build's Brotli copy (.br) when it
 * wrote one (files of 1 KB or more), else the file itself (small files go as they are).
 */

export const DIST_WEB = join(import.meta.dirname, '..', 'dist', 'web');

/**
 * The JavaScript budgets (ADR 021), in bytes sent. Since 2026-11-28 zod (22 KB) is no longer in
 * the landing page's first scripts (the footer's verification copy loads its schema when its
 * answer is read): it comes with the first page that validates, /search. Landing 149.8 -> 127.8
 * KB, /search's addition 105.5 -> 128.6 KB, their sum unchanged. Then sonner left the first
 * scripts and cn got only the app's class groups: landing 118.0 KB, held under 120. On 2026-11-29
 * ADR 064 (Push to Bullhorn for a selection, 'In your ATS', 'Not in my ATS') added 1.4 KB to
 * /search (134.6 -> 136.0 KB, its dialog and schemas loaded on first use): held under 137. ADR 066's
 * 'Looking for a new role' filter and 'Email Selected' added 0.5 KB (136.3 -> 136.8 KB, the compose
 * dialog and the outreach contract loaded when it first opens): 0.2 KB left under 137.
 */
export const LANDING_BUDGET_BYTES = 120 * 1024;
export const SEARCH_ADDED_BUDGET_BYTES = 137 * 1024;

export type ScriptSizes = { files: string[]; raw: number; sent: number };

function assetPath(dist: string, file: string): string {
  return join(dist, 'assets', file);
}

/** Bytes the server sends for one built file (its .br copy when there is one). */
export function sentBytes(dist: string, file: string): number {
  const path = assetPath(dist, file);
  const brotli = `${path}.br`;
  return existsSync(brotli) ? statSync(brotli).size : statSync(path).size;
}

/** The chunks a built module imports statically ('import ... from"./x.js"', 'import"./x.js"'). */
export function staticImports(dist: string, file: string): string[] {
  const code = readFileSync(assetPath(dist, file), 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) found.add(match[1]);
  return [...found];
}

/** A chunk and everything it imports statically, transitively. */
export function staticClosure(dist: string, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(dist, file));
  }
  return seen;
}

function sizes(dist: string, files: Iterable<string>): ScriptSizes {
  const list = [...files].sort();
  return {
    files: list,
    raw: list.reduce((sum, file) => sum + statSync(assetPath(dist, file)).size, 0),
    sent: list.reduce((sum, file) => sum + sentBytes(dist, file), 0),
  };
}

/** The entry script index.html loads. */
export function entryScript(dist: string): string {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const match = /<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/.exec(html);
  if (!match) throw new Error(`no module script in ${join(dist, 'index.html')}`);
  return match[1];
}

/** The built chunk of a route module, by its source file's name ('search-page' -> search-page-Ab12.js). */
export function routeChunk(dist: string, moduleName: string): string {
  const entry = entryScript(dist);
  const code = readFileSync(assetPath(dist, entry), 'utf8');
  const pattern = new RegExp(`\\./(${moduleName}-[\\w-]+\\.js)`);
  const match = pattern.exec(code);
  if (!match) throw new Error(`no chunk for ${moduleName} in ${entry}`);
  return match[1];
}

/** The landing page's first scripts: the entry and its static imports (what runs before the first paint). */
export function landingScripts(dist = DIST_WEB): ScriptSizes {
  return sizes(dist, staticClosure(dist, [entryScript(dist)]));
}

/** What opening a lazily loaded page adds to the first scripts: its chunk and its own static imports. */
export function routeAddedScripts(moduleName: string, dist = DIST_WEB): ScriptSizes {
  const initial = staticClosure(dist, [entryScript(dist)]);
  const route = staticClosure(dist, [routeChunk(dist, moduleName)]);
  return sizes(
    dist,
    [...route].filter((file) => !initial.has(file)),
  );
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
