import { describe, expect, it } from 'vitest';
import { runToEnd, Workspace } from './slices';
import { Dictionary } from './dictionary';
import { flipper, placeInOrder, rankValues, slotsInOrder, walk } from './sort-orders';
import { PEOPLE, snapshotOf } from '../../../../test/support/directory/index-rows';

const ids = (s: ReturnType<typeof snapshotOf>, slots: ArrayLike<number>) =>
  Array.from(slots, (slot) => s.cols.ids[slot]);

describe('sort orders', () => {
  it('ranks values by their folded key (case and accents), blank values last', () => {
    const dict = new Dictionary();
    const codes = ['smith', 'Álvarez', '  ', 'ALVAREZ', 'Doe'].map((v) => dict.code(v));
    const { rankOf, buckets } = rankValues(dict);
    const rank = (i: number) => rankOf[codes[i]];
    expect(rank(1)).toBe(rank(3)); // 'Álvarez' and 'ALVAREZ' sit together
    expect(rank(1)).toBeLessThan(rank(4));
    expect(rank(4)).toBeLessThan(rank(0));
    expect(rank(2)).toBe(buckets - 1); // blank: with the rows without a value
    expect(rankOf[0]).toBe(buckets - 1);
  });

  it('orders by last name, then first name, then id; rows without a value last in both directions', () => {
    const s = snapshotOf([
      { id: 1, lastName: 'smith', firstName: 'b' },
      { id: 2, lastName: null, firstName: 'a' },
      { id: 3, lastName: 'Smith', firstName: 'A' },
      { id: 4, lastName: 'doe' },
      { id: 5, lastName: 'SMITH', firstName: 'a' },
      { id: 6, lastName: null, firstName: 'b' },
    ]);
    const name = s.sorts.name;
    expect(ids(s, name.order)).toEqual([4, 3, 5, 1, 2, 6]); // no last name: by first name
    expect(name.nonNull).toBe(4);
    for (let j = 0; j < name.order.length; j++) expect(name.pos[name.order[j]]).toBe(j);
    const visit = (direction: 'asc' | 'desc') => {
      const seen: number[] = [];
      runToEnd(walk(name, direction, (row) => seen.push(s.cols.ids[row]) > 0, new Workspace(2)));
      return seen;
    };
    expect(visit('asc')).toEqual([4, 3, 5, 1, 2, 6]);
    expect(visit('desc')).toEqual([1, 5, 3, 4, 6, 2]);
    const flip = flipper(name);
    expect([0, 3, 4, 5].map(flip)).toEqual([3, 0, 5, 4]);
  });

  it('places a subset in order the same way whether it walks the order or sorts positions', () => {
    const s = snapshotOf(PEOPLE);
    const bits = Uint32Array.of(0b10111); // ids 1, 2, 3, 5
    const has = (row: number) => ((bits[row >>> 5] >>> (row & 31)) & 1) === 1;
    for (const direction of ['asc', 'desc'] as const) {
      const walked = new Int32Array(4);
      // 2 wanted out of 4 in 5 rows: walking is cheaper; all 4: sorting is.
      runToEnd(placeInOrder(s.sorts.name, direction, bits, has, 4, 2, walked, 0, new Workspace()));
      const sorted = new Int32Array(4);
      runToEnd(placeInOrder(s.sorts.name, direction, bits, has, 4, 4, sorted, 0, new Workspace()));
      expect(ids(s, walked.subarray(0, 2))).toEqual(ids(s, sorted.subarray(0, 2)));
      const picked = slotsInOrder(s.sorts.name, direction, [0, 1, 2, 4, -1, 3], 6, bits);
      expect(ids(s, picked)).toEqual(ids(s, sorted));
    }
    const asc = new Int32Array(4);
    runToEnd(placeInOrder(s.sorts.name, 'asc', bits, has, 4, 4, asc, 0, new Workspace()));
    expect(ids(s, asc)).toEqual([2, 3, 1, 5]); // Doe, Johnson, Smith, (no last name)
  });

  it('walks from the first wanted row when few rows sort together (a last name near the end)', () => {
    // 20,000 rows named A...; 100 named 'Zed' among them, the last in name order.
    const people = Array.from({ length: 20_000 }, (_, i) => ({
      id: i + 1,
      lastName: i % 200 === 7 ? 'Zed' : `A${String(i).padStart(5, '0')}`,
      firstName: String.fromCharCode(97 + (i % 26)),
    }));
    const s = snapshotOf(people);
    const bits = new Uint32Array(Math.ceil(people.length / 32));
    people.forEach((p, row) => p.lastName === 'Zed' && (bits[row >>> 5] |= 1 << (row & 31)));
    const has = (row: number) => ((bits[row >>> 5] >>> (row & 31)) & 1) === 1;
    const all = (direction: 'asc' | 'desc') => {
      const seen: number[] = [];
      runToEnd(walk(s.sorts.name, direction, (row) => (has(row) && seen.push(s.cols.ids[row]), true), new Workspace()));
      return seen;
    };
    for (const direction of ['asc', 'desc'] as const) {
      // 3 wanted out of 100: a walk (cheaper than sorting 100 by the estimate), from the first of them.
      const walked = new Int32Array(3);
      let visited = 0;
      const counting = (row: number) => (visited++, has(row));
      runToEnd(placeInOrder(s.sorts.name, direction, bits, counting, 100, 3, walked, 0, new Workspace()));
      expect(ids(s, walked)).toEqual(all(direction).slice(0, 3));
      // A pass over the 100 to find the first, then 3 rows: not the 19,900 sorted before them.
      expect(visited).toBeLessThan(200);
    }
  });
});
