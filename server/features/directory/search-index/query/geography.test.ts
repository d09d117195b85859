import { describe, expect, it } from 'vitest';
import { ClauseCache, evaluate } from './evaluation';
import { buildClauses } from './filters';
import { byDistance, zipPrefixClause } from './geography';
import { criteria, idsOf, snapshotOf } from '../../../../test/support/directory/index-rows';

const s = snapshotOf([
  { id: 1, zip: '02139' }, // Cambridge, MA
  { id: 2, zip: '77030' }, // Houston
  { id: 3, zip: '02115' }, // Boston
  { id: 4, zip: null },
  { id: 5, zip: '02115' },
  { id: 6, zip: '10001' }, // New York
]);
const rows = (request: Parameters<typeof criteria>[0]) => {
  const { bits, total } = evaluate(new ClauseCache(() => s), s, buildClauses(s, criteria(request)));
  return { ids: total ? idsOf(s, bits) : [], bits, total };
};

describe('geography', () => {
  it('keeps the rows within the radius of a ZIP', () => {
    expect(rows({ near: '02115', radius: 10 }).ids).toEqual([1, 3, 5]);
    expect(rows({ near: '02115', radius: 250 }).ids).toEqual([1, 3, 5, 6]);
  });

  it('keeps the rows whose ZIP starts with a prefix', () => {
    expect(zipPrefixClause('021').key).toBe('zip:021');
    expect(rows({ zip: '021' }).ids).toEqual([1, 3, 5]);
    expect(rows({ zip: '0211' }).ids).toEqual([3, 5]);
    expect(rows({ zip: '7' }).ids).toEqual([2]);
  });

  it('orders by distance, nearest first and the same ZIP by id; descending reverses both', () => {
    const search = criteria({ near: '02115', radius: 250 });
    const { bits, total } = rows({ near: '02115', radius: 250 });
    const order = (direction: 'asc' | 'desc', take = total) =>
      Array.from(byDistance(s, search.near!, bits, total, take, direction), (slot) => s.cols.ids[slot]);
    expect(order('asc')).toEqual([3, 5, 1, 6]);
    expect(order('desc')).toEqual([6, 1, 5, 3]);
    expect(order('asc', 2)).toEqual([3, 5]);
  });
});
