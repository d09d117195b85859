import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The search index's layers (ADR 005, ADR 059): data/ (columns, dictionaries, postings, snapshot)
 * imports nothing of query/ or results/, query/ nothing of results/, and none of them the facade;
 * code outside the folder imports only the facade (index.ts). Read from the import statements
 * (type imports count too: a type-only cycle is still a cycle to a reader), tests exempt.
 */

const FOLDER = dirname(fileURLToPath(import.meta.url));
const SERVER = resolve(FOLDER, '../../..');
const LAYERS = ['data', 'query', 'results'] as const;
type Place = (typeof LAYERS)[number] | 'facade' | 'outside';

/** Every production .ts file under `dir` (tests and test support are not the product). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !relative(SERVER, file).startsWith('test/'));
}

/** The files a module imports by relative path, resolved (without extension). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']*)'/g)].map((m) => m[1]);
  return specifiers.map((s) => resolve(dirname(file), s));
}

function placeOf(path: string): Place {
  const inside = relative(FOLDER, path);
  if (inside.startsWith('..')) return 'outside';
  const top = inside.split('/')[0];
  return (LAYERS as readonly string[]).includes(top) ? (top as Place) : 'facade';
}

/** What each place may import inside the folder. */
const MAY_IMPORT: Record<Place, Place[]> = {
  data: ['data'],
  query: ['data', 'query'],
  results: ['data', 'query', 'results'],
  facade: ['data', 'query', 'results'],
  outside: ['facade'],
};

/** The directory feature's modules the index may use: leaves shared with the SQL side (repo.ts). */
const SHARED_LEAVES = ['geo', 'sort-key'].map((name) => resolve(FOLDER, '..', name));

describe('search index layers', () => {
  it('data imports nothing of query or results, query nothing of results, outside only the facade', () => {
    const wrong: string[] = [];
    for (const file of sources(SERVER)) {
      const from = placeOf(file);
      for (const target of importsOf(file)) {
        const to = placeOf(target);
        if (to === 'outside') {
          // The index reaches out of its folder, within its feature, only to the shared leaves.
          const feature = resolve(FOLDER, '..');
          if (from !== 'outside' && dirname(target) === feature && !SHARED_LEAVES.includes(target))
            wrong.push(`${relative(SERVER, file)} -> ${relative(SERVER, target)}`);
          continue;
        }
        if (!MAY_IMPORT[from].includes(to)) wrong.push(`${relative(SERVER, file)} -> ${relative(SERVER, target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('finds a violation when there is one', () => {
    // The check's own parts, on paths: a data module importing query code, outside code reaching in.
    expect(placeOf(join(FOLDER, 'data/snapshot'))).toBe('data');
    expect(MAY_IMPORT.data).not.toContain(placeOf(join(FOLDER, 'query/initials')));
    expect(MAY_IMPORT.outside).not.toContain(placeOf(join(FOLDER, 'query/criteria')));
    expect(MAY_IMPORT.outside).toContain(placeOf(FOLDER));
    expect(importsOf(join(FOLDER, 'index.ts')).map(placeOf)).toContain('data');
  });
});
