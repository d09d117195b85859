import { describe, expect, it } from 'vitest';
import type { SortDirection, SortKey } from '../../../../../contract/directory';
import { runToEnd, Workspace } from '../data/slices';
import { ClauseCache } from '../query/evaluation';
import { computeSteps, ResultCache, type CachedResult } from './results';
import { criteria, PEOPLE, snapshotOf } from '../../../../test/support/directory/index-rows';

const s = snapshotOf(PEOPLE);
function compute(
  request: Parameters<typeof criteria>[0],
  sortKey: SortKey,
  direction: SortDirection,
  want = 25,
) {
  const c = criteria(request);
  const result = runToEnd(
    computeSteps(new ClauseCache(() => s), s, c, sortKey, direction, want, new Workspace()),
  );
  return { ...result, ids: Array.from(result.ordered, (row) => s.cols.ids[row]) };
}

describe('a search result', () => {
  it('orders every row when nothing filters, by each sort and direction', () => {
    expect(compute({}, 'name', 'asc')).toMatchObject({ total: 5, complete: true, ids: [4, 2, 3, 1, 5] });
    expect(compute({}, 'name', 'desc').ids).toEqual([1, 3, 2, 4, 5]); // no last name: still last
    expect(compute({}, 'location', 'asc').ids).toEqual([4, 1, 3, 2, 5]);
    expect(compute({}, 'specialty', 'desc').ids).toEqual([2, 3, 4, 1, 5]); // ties by id, reversed too
  });

  it('orders the matches by the sort asked: relevance with a query, distance with near', () => {
    expect(compute({ query: 'smith' }, 'relevance', 'desc')).toMatchObject({ total: 2, ids: [1, 3] });
    expect(compute({ query: 'smith' }, 'name', 'asc').ids).toEqual([3, 1]);
    expect(compute({ near: '02139', radius: 10 }, 'distance', 'asc').ids).toEqual([3, 1]);
    expect(compute({ near: '02139', radius: 10 }, 'distance', 'desc').ids).toEqual([1, 3]);
    expect(compute({ query: 'nobody' }, 'name', 'asc')).toEqual({
      total: 0,
      ordered: new Int32Array(0),
      complete: true,
      ids: [],
    });
  });
});

describe('the result cache', () => {
  const result = (rows: number): CachedResult => ({
    total: rows,
    ordered: new Int32Array(rows),
    complete: true,
  });

  it('serves a result holding the rows asked for, and keeps a prefix of a long one', () => {
    const cache = new ResultCache(() => 10);
    const key = ResultCache.key(criteria({ query: 'a' }), 'name', 'asc');
    expect(key).toBe(`name:asc:${JSON.stringify(criteria({ query: 'a' }))}`);
    cache.keep('short', result(300), 25);
    expect(cache.find('short', 300)?.total).toBe(300);
    cache.keep('long', result(30_000), 50);
    const prefix = cache.find('long', 1000)!;
    expect([prefix.total, prefix.ordered.length, prefix.complete]).toEqual([30_000, 1000, false]);
    expect(cache.find('long', 1001)).toBeUndefined(); // a deeper page is computed again
    cache.keep('deep', result(30_000), 25_000); // a prefix that long is not kept
    expect(cache.find('deep', 1)).toBeUndefined();
  });

  it('holds at most its capacity, least recently used out first', () => {
    const cache = new ResultCache(() => 2);
    cache.keep('a', result(1), 1);
    cache.keep('b', result(1), 1);
    cache.find('a', 1);
    cache.keep('c', result(1), 1);
    expect([!!cache.find('a', 1), !!cache.find('b', 1), !!cache.find('c', 1)]).toEqual([true, false, true]);
    cache.clear();
    expect(cache.find('a', 1)).toBeUndefined();
  });
});
