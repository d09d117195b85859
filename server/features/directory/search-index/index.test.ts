import { describe, expect, it } from 'vitest';
import { runInSlices, runToEnd, Workspace } from './data/slices';
import { DirectoryIndex } from './index';
import { criteria, indexOf, PEOPLE, wireBatch } from '../../../test/support/directory/index-rows';
import type { Snapshot } from './data/snapshot';
import { SCALAR_INDEX } from './data/wire-format';
import type { SearchPhysiciansRequest } from '../../../../contract/directory';

const page = { sortKey: 'name', sortDirection: 'asc', offset: 0, limit: 25 } as const;

describe('DirectoryIndex', () => {
  it('builds from batches of rows, and searches: the exact total and a page of ids', async () => {
    const index = await indexOf(PEOPLE);
    expect([index.size, index.version, index.deadRows]).toEqual([5, 1, 0]);
    expect(index.search(criteria({}), page)).toEqual({ total: 5, ids: [4, 2, 3, 1, 5] });
    expect(index.search(criteria({}), { ...page, offset: 1, limit: 2 })).toEqual({ total: 5, ids: [2, 3] });
    expect(index.search(criteria({ state: ['MA'] }), { ...page, sortDirection: 'desc' })).toEqual({
      total: 2,
      ids: [1, 3],
    });
    expect(DirectoryIndex.empty().search(criteria({ query: 'a' }), page)).toEqual({ total: 0, ids: [] });
  });

  it('answers the same in slices as at once (search, facets, a list filtered)', async () => {
    const index = await indexOf(PEOPLE);
    const c = criteria({ query: 'cardiology' });
    const sliced = await runInSlices(index.searchSteps(c, page), { sliceMs: 0, pause: async () => {} });
    index.clearCache();
    expect(sliced.value).toEqual(index.search(c, page));
    expect((await runInSlices(index.facetsSteps(c), { pause: async () => {} })).value).toEqual(
      index.facets(c),
    );
    const listed = (
      await runInSlices(index.filterIdsSteps(c, [4, 1, 77, 2], 'name', 'desc'), { pause: async () => {} })
    ).value;
    expect(listed).toEqual(index.filterIds(c, [4, 1, 77, 2], 'name', 'desc'));
    expect(listed).toEqual([1, 4]);
  });

  it('counts matches alone: the totals of the search, from a result kept in any order when there is one', async () => {
    const index = await indexOf(PEOPLE);
    for (const request of [{}, { query: 'cardiology' }, { state: ['MA'] }, { query: 'zzz' }, { query: 'a', state: ['MA'] }]) {
      const c = criteria(request);
      index.clearCache();
      expect(runToEnd(index.countSteps(c, new Workspace(1))), JSON.stringify(request)).toBe(index.search(c, page).total);
    }
    const c = criteria({ query: 'cardiology', state: ['MA'] });
    index.clearCache();
    const steps = index.countSteps(c, new Workspace(1));
    let pauses = 0;
    while (!steps.next().done) pauses++;
    expect(pauses).toBeGreaterThan(0); // evaluated (two clauses made, a pause between), in slices
    const { total } = index.search(c, { ...page, sortKey: 'specialty', sortDirection: 'desc' });
    expect(total).toBeGreaterThan(0);
    const kept = index.countSteps(c, new Workspace(1)).next();
    expect([kept.done, kept.value]).toEqual([true, total]); // the kept result's total, no evaluation
  });

  it('keeps one spelling word list per build: a patch adds its new words to it, a rebuild starts a new one', async () => {
    const index = await indexOf(PEOPLE);
    const list = index.wordList();
    expect(list.count('zyxwvut')).toBe(0);
    index.patch([900], wireBatch([{ id: 900, firstName: 'Ada', lastName: 'Zyxwvut', specialty: 'Cardiology' }]));
    index.clearCache();
    expect(index.wordList()).toBe(list);
    expect(list.count('zyxwvut')).toBe(1);
    expect(list.hasPrefix('zyxw')).toBe(true);
    await index.rebuild((async function* () { yield wireBatch(PEOPLE); })()); // prettier-ignore
    expect(index.wordList()).not.toBe(list);
    expect(index.wordList().count('zyxwvut')).toBe(0);
  });

  it('patches changed rows into a new version and drops its caches', async () => {
    const index = await indexOf(PEOPLE);
    const before = index.search(criteria({ query: 'smith' }), page);
    expect(before.total).toBe(2);
    index.patch(
      [1, 2, 6],
      wireBatch([
        { id: 2, lastName: 'Smithers' },
        { id: 6, firstName: 'Will', lastName: 'Smith' },
      ]),
    );
    expect([index.size, index.version, index.deadRows]).toEqual([5, 2, 1]);
    expect(index.search(criteria({ query: 'smith' }), page)).toEqual({ total: 3, ids: [3, 6, 2] });
    await index.rebuild(
      (async function* () {
        yield wireBatch([{ id: 9, lastName: 'Smith' }]);
      })(),
    );
    expect([index.size, index.version, index.deadRows]).toEqual([1, 3, 0]);
    expect(index.search(criteria({ query: 'smith' }), page)).toEqual({ total: 1, ids: [9] });
  });

  it('updates rows in place: what changed is redone, the rest shared; the same answers as a build', async () => {
    // 255 last names (codes 1 to 255): the column needs two bytes once one more arrives.
    const many = [...PEOPLE, ...Array.from({ length: 251 }, (_, i) => ({ id: 10 + i, lastName: `Name${i}`, city: 'Denver' }))];
    const index = await indexOf(many);
    const snapshot = () => (index as unknown as { snapshot: Snapshot }).snapshot;
    const before = snapshot();
    const asks = [
      {},
      { query: 'cardiology' },
      { query: 'brand' },
      { query: 'doe' },
      { specialty: ['cardiology'] },
      { skills: ['Surgery'] },
      { city: 'Austin' },
      { zip: '021' },
      { verifiedWithinMonths: 6 },
      { verifiedWithinMonths: 6, state: ['MA'] },
      { inTraining: true },
      { inTraining: true, query: 'doe' },
    ] as Partial<SearchPhysiciansRequest>[];
    const sorts = ['name', 'specialty', 'location', 'relevance'] as const;
    const answers = (of: typeof index) =>
      asks.map((ask) => ({
        facets: of.facets(criteria(ask)),
        pages: sorts.flatMap((sortKey) =>
          (['asc', 'desc'] as const).map((sortDirection) => of.search(criteria(ask), { sortKey, sortDirection, offset: 0, limit: 300 })),
        ),
      }));
    answers(index); // every cache filled
    const cachedFacets = index.facets(criteria({ specialty: ['cardiology'] }));
    const cachedVerified = index.facets(criteria({ verifiedWithinMonths: 6 }));

    // A row that did not change, and one whose only change is its verified date (now too old for 6 months).
    const changed = [
      { ...PEOPLE[0], verifiedAt: Date.UTC(2025, 0, 1) },
      { ...PEOPLE[1], specialty: 'Cardiology', lastName: 'Brand-new', city: 'Austin', skills: ['Surgery'], inTraining: false, zip: '02115' },
    ];
    index.patch([1, 3], wireBatch([PEOPLE[2], changed[0]]));
    const afterVerified = snapshot();
    expect(afterVerified.version).toBe(before.version + 1);
    expect(afterVerified.cols.verifiedAt).not.toBe(before.cols.verifiedAt);
    expect(afterVerified.cols.scalar).toEqual(before.cols.scalar);
    expect(afterVerified.sorts.name).toBe(before.sorts.name);
    expect(afterVerified.cols.ids).toBe(before.cols.ids);
    // Answers that do not filter on the verified date are still the cached ones; the others are redone.
    expect(index.facets(criteria({ specialty: ['cardiology'] }))).toBe(cachedFacets);
    expect(index.facets(criteria({ verifiedWithinMonths: 6 }))).not.toBe(cachedVerified);
    expect(index.search(criteria({ verifiedWithinMonths: 6 }), page).ids).not.toContain(1);
    answers(index);
    index.patch([3], wireBatch([PEOPLE[2]]));
    expect(snapshot()).toBe(afterVerified); // nothing changed: same version

    index.patch([2], wireBatch([changed[1]]));
    const after = snapshot();
    expect(after.cols.scalar[SCALAR_INDEX.lastName].BYTES_PER_ELEMENT).toBe(2);
    expect(before.cols.scalar[SCALAR_INDEX.lastName].BYTES_PER_ELEMENT).toBe(1);
    expect(after.sorts.name).not.toBe(before.sorts.name);
    expect(after.cols.verifiedAt).toBe(afterVerified.cols.verifiedAt);

    const built = await indexOf([changed[0], changed[1], ...many.slice(2)]);
    const got = answers(index);
    const want = answers(built);
    asks.forEach((ask, k) => expect(got[k], JSON.stringify(ask)).toEqual(want[k]));
    expect(index.specialtyCounts()).toEqual(built.specialtyCounts());

    // A flag alone: the cached answers filtering on it are redone.
    const flagged = { ...changed[1], inTraining: true };
    const cachedName = index.facets(criteria({ query: 'doe' }));
    index.patch([2], wireBatch([flagged]));
    expect(index.facets(criteria({ query: 'doe' }))).toBe(cachedName);
    const rebuilt = await indexOf([changed[0], flagged, ...many.slice(2)]);
    expect(index.search(criteria({ inTraining: true }), page)).toEqual(rebuilt.search(criteria({ inTraining: true }), page));
    expect(index.search(criteria({ inTraining: true }), page).ids).toContain(2);
  });

  it('serves repeated searches and facets from its caches; cacheSize 0 keeps no results', async () => {
    const index = await indexOf(PEOPLE);
    const c = criteria({ specialty: ['cardiology'] });
    const first = index.facets(c);
    expect(index.facets(c)).toBe(first);
    expect(index.facets()).toBe(index.facets()); // the directory's own counts, memoised
    expect(index.specialtyCounts()).toBe(index.specialtyCounts());
    index.clearCache();
    expect(index.facets(c)).not.toBe(first);
    expect(index.facets(c)).toEqual(first);
    index.cacheSize = 0;
    const uncached = index.facets(criteria({ state: ['MA'] }));
    expect(index.facets(criteria({ state: ['MA'] }))).not.toBe(uncached);
    index.clauseBudget = 0;
    expect(index.clauseBudget).toBe(0);
    expect(index.search(c, page)).toEqual({ total: 3, ids: [4, 3, 1] });
  });

  it('finds the new matches of a saved search among the changed rows', async () => {
    const index = await indexOf(PEOPLE);
    const window = index.changeWindow([1, 2, 3], [10, 20, 30]);
    expect(index.matchesInWindow(criteria({ state: ['MA'] }), window, 15, 25)).toEqual({
      total: 1,
      ids: [3],
    });
    expect(index.matchesInWindow(criteria({}), window, 0, 2)).toEqual({ total: 3, ids: [2, 3] });
  });
});
