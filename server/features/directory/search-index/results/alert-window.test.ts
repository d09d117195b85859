import { describe, expect, it } from 'vitest';
import { ColumnsBuilder } from '../data/columns';
import { matchesInWindow, type ChangeWindow } from './alert-window';
import { ClauseCache } from '../query/evaluation';
import { finalize } from '../data/snapshot';
import { INITIALS_RULE } from '../query/initials';
import { criteria, PEOPLE, snapshotOf, wireRow } from '../../../../test/support/directory/index-rows';

const window = (ids: number[], changedAt: number[]): ChangeWindow => ({ ids, changedAt, built: null });

describe('the alert window', () => {
  const s = snapshotOf(PEOPLE);
  const cache = new ClauseCache(() => s);
  const ids = (slots: number[]) => slots.map((slot) => s.cols.ids[slot]);

  it('counts the changed rows that match now and changed after `since`, the first by name', () => {
    const changed = window([1, 2, 3, 4, 99], [100, 100, 300, 200, 500]);
    const all = matchesInWindow(cache, s, criteria({}), changed, 0, 25);
    expect([all.total, ids(all.slots)]).toEqual([4, [4, 2, 3, 1]]); // álvarez, Doe, Johnson, Smith
    const later = matchesInWindow(cache, s, criteria({}), changed, 100, 25);
    expect([later.total, ids(later.slots)]).toEqual([2, [4, 3]]);
    const first = matchesInWindow(cache, s, criteria({ state: ['MA'] }), changed, 0, 1);
    expect([first.total, ids(first.slots)]).toEqual([2, [3]]);
    expect(matchesInWindow(cache, s, criteria({ query: 'nobody' }), changed, 0, 25)).toEqual({
      total: 0,
      slots: [],
    });
  });

  it('takes the latest change of an id listed twice, and rebuilds its rows for a new snapshot', () => {
    const changed = window([1, 1], [50, 150]);
    expect(matchesInWindow(cache, s, criteria({}), changed, 100, 25).total).toBe(1);
    expect(changed.built?.version).toBe(1);
    const builder = new ColumnsBuilder(s.dicts, s.cols.length, s.cols);
    builder.remove(0);
    builder.add(wireRow({ id: 6 }));
    const next = finalize(builder.columns(), s.dicts, 2, INITIALS_RULE);
    expect(matchesInWindow(new ClauseCache(() => next), next, criteria({}), changed, 0, 25).total).toBe(0);
    expect(changed.built?.version).toBe(2);
  });
});
