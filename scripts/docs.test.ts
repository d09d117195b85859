import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FILTER_KEYS } from '../contract/directory';
import { EnvSchema } from '../server/lib/env';

/*
 * The README and docs/ stay true: their links lead somewhere, the configuration table names every
 * setting the server reads, and every count of the search's filters is the API's.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const DOCS = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

describe('the README and docs/', () => {
  it('link only to files the repository holds', () => {
    const broken = DOCS.flatMap((path) =>
      [...read(path).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((m) => m[1])
        .filter((target) => !/^[a-z]+:/.test(target) && !existsSync(join(root, dirname(path), target)))
        .map((target) => `${path} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('the decisions index has one row per decision record', () => {
    const records = readdirSync(join(root, 'docs/decisions')).filter((name) => /^\d{3}-.*\.md$/.test(name));
    const index = read('docs/decisions/README.md');
    const rows = [...index.matchAll(/^\| \[\d{3}\]\((\d{3}-[^)]+\.md)\)/gm)].map((m) => m[1]);
    expect(records.filter((name) => !rows.includes(name))).toEqual([]);
    expect(rows.filter((name) => !records.includes(name))).toEqual([]);
  });

  it("the README's configuration table names every setting the server reads", () => {
    const readme = read('README.md');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
    const named = new Set([...table.matchAll(/^\| `([A-Z_]+)`(?:, `([A-Z_]+)`)?/gm)].flatMap((m) => [m[1], m[2]]).filter(Boolean));
    const settings = [...Object.keys(EnvSchema.shape), 'APP_URL', 'DATABASE_POOL_SIZE'];
    expect(settings.filter((name) => !named.has(name))).toEqual([]);
    expect([...named].filter((name) => !settings.includes(name))).toEqual([]);
  });

  it('every count of the search parameters is the API filter count', () => {
    const counts = DOCS.flatMap((path) =>
      [...read(path).matchAll(/(?<!["\d])(\d+) (?:search parameters|searchable parameters|parameters|filters in all)\b|\bThe (\d+) filters\b/g)].map((m) => ({
        path,
        count: Number(m[1] ?? m[2]),
      })),
    );
    // The README's first paragraph, the rules and the development guide say it (a count in quotes
    // is the spec's words, quoted).
    expect(new Set(counts.map((c) => c.path))).toEqual(new Set(['README.md', 'docs/rules.md', 'docs/development.md']));
    for (const c of counts) expect(c, c.path).toEqual({ path: c.path, count: FILTER_KEYS.length });
  });
});
