import { randomBytes } from 'node:crypto';
import { lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectoryIndex } from '../index';
import { isPgSnapshotText, snapshotFormat } from './persisted';
import { criteria, indexOf, PEOPLE, wireBatch } from '../../../../test/support/directory/index-rows';

const folder = mkdtempSync(join(tmpdir(), 'index-snapshot-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const page = { sortKey: 'name', sortDirection: 'asc', offset: 0, limit: 25 } as const;
const FORMAT = snapshotFormat('SELECT the rows');
const STAMP = { identity: 'db-1', snapshot: '750:750:', at: Date.UTC(2026, 10, 26) };
const KEY = randomBytes(32);

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
    const { bytes } = await built.save(path, FORMAT, STAMP, KEY);
    expect(bytes).toBe(readFileSync(path).byteLength);

    const loaded = await DirectoryIndex.load(path, FORMAT, KEY);
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
    await built.save(path, FORMAT, STAMP, KEY);
    const loaded = await DirectoryIndex.load(path, FORMAT, KEY);
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
    await built.save(path, FORMAT, STAMP, KEY);
    expect(await reason(path)).toBe('loaded');
    expect(await reason(path, snapshotFormat('SELECT other rows'))).toBe('written by another version of the index');
    expect(await reason(join(folder, 'absent.snapshot'))).toBe('no snapshot file');

    const whole = readFileSync(path);
    const cut = join(folder, 'cut.snapshot');
    writeFileSync(cut, whole.subarray(0, whole.byteLength - 100));
    expect(await reason(cut)).toBe('the file is cut short or too long');
    const garbage = join(folder, 'garbage.snapshot');
    writeFileSync(garbage, 'hello');
    expect(await reason(garbage)).toBe('not a snapshot file');
    writeFileSync(garbage, 'PDIX1\n\u0004\u0000\u0000\u0000{{{{'); // the layout before ADR 049
    expect(await reason(garbage)).toBe('written by another version of the index');
  });

  it('believes only a file signed with its key and unchanged since: another key, an edited header or body are refused', async () => {
    const built = await indexOf(PEOPLE);
    const path = join(folder, 'signed.snapshot');
    await built.save(path, FORMAT, STAMP, KEY);
    expect(await reason(path, FORMAT, randomBytes(32))).toBe("not signed with this database's key (written for another database, or edited)");

    const whole = readFileSync(path);
    const edit = (from: string, to: string) => {
      const at = whole.indexOf(from);
      expect(at, from).toBeGreaterThan(0);
      const copy = Buffer.from(whole);
      copy.write(to, at, 'utf8');
      const edited = join(folder, 'edited.snapshot');
      writeFileSync(edited, copy);
      return edited;
    };
    // The header: its stamp (a later snapshot would hide changes) or a section's size.
    expect(await reason(edit('"snapshot":"750:', '"snapshot":"999:'))).toMatch(/^not signed with this database's key/);
    // The body: a dictionary's value (the specialty a row says it has).
    expect(await reason(edit('Cardiology', 'Cardiologx'))).toBe('its content does not match its checksum (edited or damaged)');
  });

  it('refuses a signed file whose stamp is not a database snapshot', async () => {
    const built = await indexOf(PEOPLE);
    const path = join(folder, 'stamp.snapshot');
    for (const snapshot of ['x', "1:2:'); DROP TABLE physicians; --", '5:3:', '3:9:2', '']) {
      await built.save(path, FORMAT, { ...STAMP, snapshot }, KEY);
      expect(await reason(path), snapshot).toBe('its stamp is not a database snapshot');
    }
  });

  it('never writes through a link at the temporary name: it removes the link and writes a file of its own', async () => {
    const built = await indexOf(PEOPLE);
    const path = join(folder, 'linked.snapshot');
    const victim = join(folder, 'victim.txt');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, `${path}.${process.pid}.tmp`);
    const { removed } = await built.save(path, FORMAT, STAMP, KEY);
    expect(removed).toBe(true);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(lstatSync(path).isFile()).toBe(true);
    expect(await reason(path)).toBe('loaded');
    // Nor read through one: a link at the file's own name is refused.
    const link = join(folder, 'link.snapshot');
    symlinkSync(path, link);
    expect(await reason(link)).toBe('the snapshot is a symbolic link');
  });

  it('writes the file for its owner only', async () => {
    const built = await indexOf(PEOPLE);
    const path = join(folder, 'private.snapshot');
    await built.save(path, FORMAT, STAMP, KEY);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});

describe('a stamp read from a file', () => {
  it("is a pg_snapshot's text PostgreSQL accepts, checked before it reaches SQL", () => {
    for (const good of ['750:750:', '1:1:', '750:760:751', '750:760:751,751,759', '18446744073709551614:18446744073709551615:'])
      expect(isPgSnapshotText(good), good).toBe(true);
    for (const bad of ['', 'x', '750:750', '0:1:', '5:3:', '3:9:2', '3:9:9', '3:9:5,4', '3:9:4,', ' 3:9:', '3:9: 4', '1:18446744073709551616:', 42, null])
      expect(isPgSnapshotText(bad), String(bad)).toBe(false);
  });
});

async function reason(path: string, format = FORMAT, key: Uint8Array = KEY): Promise<string> {
  const loaded = await DirectoryIndex.load(path, format, key);
  return 'reason' in loaded ? loaded.reason : 'loaded';
}
