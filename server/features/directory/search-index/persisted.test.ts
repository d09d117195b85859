import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectoryIndex } from './index';
import { snapshotFormat } from './persisted';
import { criteria, indexOf, PEOPLE, wireBatch } from './test-rows';

const folder = mkdtempSync(join(tmpdir(), 'index-snapshot-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const page = { sortKey: 'name', sortDirection: 'asc', offset: 0, limit: 25 } as const;
const FORMAT = snapshotFormat('SELECT the rows');
const STAMP = { identity: 'db-1', snapshot: '750:750:', at: Date.UTC(2026, 10, 26) };

/** Searches of every kind whose answers a read-back index must repeat. */
const SEARCHES = [
  {},
  { query: 'smith' },
  { query: 'cardiology boston' },
  { state: ['MA'] },
  { skills: ['leadership'] },
  { languages: ['Spanish'] },
  { boardCertified: 'true' },
  { near: '02115', radius: '25' },
  { zip: '021' },
  { graduationYearMin: '1990' },
] as const;

describe('the index kept on disk', () => {
  it('reads back what it wrote: the same answers to every kind of search, facets and counts', async () => {
    const built = await indexOf(PEOPLE);
    const path = join(folder, 'same.snapshot');
    const bytes = await built.save(path, FORMAT, STAMP);
    expect(bytes).toBe(readFileSync(path).byteLength);

    const loaded = await DirectoryIndex.load(path, FORMAT);
    if (!('index' in loaded)) throw new Error(loaded.reason);
    expect(loaded.stamp).toEqual(STAMP);
    const index = loaded.index;
    expect(index.size).toBe(built.size);
    for (const request of SEARCHES) {
      const c = criteria(request as never);
      expect(index.search(c, page), JSON.stringify(request)).toEqual(built.search(c, page));
      expect(index.search(c, { ...page, sortKey: 'specialty', sortDirection: 'desc' })).toEqual(
        built.search(c, { ...page, sortKey: 'specialty', sortDirection: 'desc' }),
      );
    }
    expect(index.facets(criteria({ query: 'a' }))).toEqual(built.facets(criteria({ query: 'a' })));
    expect(index.specialtyCounts()).toEqual(built.specialtyCounts());
    expect(index.wordList()).toEqual(built.wordList());
  });

  it('takes patches after it is read back (new values, a removal, an insert)', async () => {
    const built = await indexOf(PEOPLE);
    const path = join(folder, 'patched.snapshot');
    await built.save(path, FORMAT, STAMP);
    const loaded = await DirectoryIndex.load(path, FORMAT);
    if (!('index' in loaded)) throw new Error(loaded.reason);
    const changes = wireBatch([
      { ...PEOPLE[0], lastName: 'Zebulon', skills: ['Leadership', 'Brand New Skill'] },
      { id: 99, firstName: 'Ada', lastName: 'Quill', specialty: 'Urology', city: 'Reno', state: 'NV' },
    ]);
    for (const index of [built, loaded.index]) index.patch([PEOPLE[0].id, PEOPLE[1].id, 99], changes);
    for (const request of [{}, { query: 'zebulon' }, { skills: ['brand new skill'] }, { query: 'urology' }]) {
      const c = criteria(request as never);
      expect(loaded.index.search(c, page), JSON.stringify(request)).toEqual(built.search(c, page));
    }
    expect(loaded.index.search(criteria({ query: 'zebulon' }), page).total).toBe(1);
    expect(loaded.index.size).toBe(PEOPLE.length);
  });

  it('refuses a file of another format, a damaged or missing file, and says why', async () => {
    const built = await indexOf(PEOPLE);
    const path = join(folder, 'refused.snapshot');
    await built.save(path, FORMAT, STAMP);
    const reason = async (p: string, format = FORMAT) => {
      const loaded = await DirectoryIndex.load(p, format);
      return 'reason' in loaded ? loaded.reason : 'loaded';
    };
    expect(await reason(path)).toBe('loaded');
    expect(await reason(path, snapshotFormat('SELECT other rows'))).toBe('written by another version of the index');
    expect(await reason(join(folder, 'absent.snapshot'))).toBe('no snapshot file');

    const whole = readFileSync(path);
    const cut = join(folder, 'cut.snapshot');
    writeFileSync(cut, whole.subarray(0, whole.byteLength - 100));
    expect(await reason(cut)).toBe('the file is cut short');
    const garbage = join(folder, 'garbage.snapshot');
    writeFileSync(garbage, 'PDIX1\n\u0004\u0000\u0000\u0000{{{{');
    expect(await reason(garbage)).toMatch(/^the file is damaged/);
    writeFileSync(garbage, 'hello');
    expect(await reason(garbage)).toBe('not a snapshot file');
  });

  it('writes the file for its owner only', async () => {
    const built = await indexOf(PEOPLE);
    const path = join(folder, 'private.snapshot');
    await built.save(path, FORMAT, STAMP);
    const { statSync } = await import('node:fs');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
