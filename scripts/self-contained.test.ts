import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The repository explains itself: a comment that points at a rule points at docs/rules.md or an
 * ADR, and every such pointer leads somewhere. Nothing cites a document or an issue a newcomer
 * cannot open.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['server', 'web', 'contract', 'scripts', 'e2e', 'bench'];
const SOURCE = /\.(ts|tsx|mts|mjs|js|sql|md)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

const files = FOLDERS.flatMap(sourceFiles).map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
const rules = readFileSync(join(root, 'docs/rules.md'), 'utf8');
const anchors = new Set([...rules.matchAll(/<a id="([a-z-]+)"><\/a>/g)].map((m) => m[1]));
const adrNumbers = new Set(
  readdirSync(join(root, 'docs/decisions'))
    .map((name) => /^(\d{3})-/.exec(name)?.[1])
    .filter((n): n is string => !!n),
);

/** Every `path:line: text` of the files where `pattern` matches. */
function hits(pattern: RegExp): string[] {
  return files.flatMap(({ path, text }) =>
    text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${relative(root, join(root, path))}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('a self-contained repository', () => {
  it('has docs/rules.md with its anchors', () => {
    expect(anchors.size).toBeGreaterThan(20);
    expect([...anchors]).toEqual(expect.arrayContaining(['roles', 'search', 'money-back', 'exports', 'admin']));
  });

  it('points only at anchors docs/rules.md has (a pointer, and the anchors listed right after it)', () => {
    const missing: string[] = [];
    for (const { path, text } of files) {
      // As in 'docs/rules.md#lists, #saved-searches'.
      for (const m of text.matchAll(/docs\/rules\.md((?:#[a-z-]+(?:,? (?:and )?)?)+)/g)) {
        for (const anchor of m[1].match(/#[a-z-]+/g) ?? []) {
          if (!anchors.has(anchor.slice(1))) missing.push(`${path}: ${anchor}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('cites only ADRs that exist', () => {
    const cited = new Set(files.flatMap(({ text }) => [...text.matchAll(/\bADR (\d{3})\b/g)].map((m) => m[1])));
    expect([...cited].filter((n) => !adrNumbers.has(n))).toEqual([]);
  });

  it("cites no 'document N, section M' and no issue number", () => {
    const found = hits(/\b(documents?|issues?) ?#?\d|section-\d|\u00a7|0-decisions/i);
    expect(found.filter((hit) => !hit.startsWith('scripts/self-contained.test.ts:'))).toEqual([]);
  });
});
