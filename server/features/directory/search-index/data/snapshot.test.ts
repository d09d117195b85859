import { describe, expect, it } from 'vitest';
import { ColumnsBuilder } from './columns';
import { emptySnapshot, finalize, slotOf } from './snapshot';
import { INITIALS_RULE } from '../query/initials';
import { PEOPLE, snapshotOf, wireRow } from '../../../../test/support/directory/index-rows';
import { SCALAR_INDEX } from './wire-format';

describe('the snapshot', () => {
  it('counts the alive rows per value and marks them in a bitset', () => {
    const s = snapshotOf(PEOPLE);
    expect(s.aliveCount).toBe(5);
    expect(s.aliveBits[0]).toBe(0b11111);
    const dict = s.dicts.scalar[SCALAR_INDEX.state];
    expect(s.counts.state[dict.code('MA')]).toBe(2);
    expect(s.zipCounts[2115 + 1]).toBe(1);
    expect(s.monotonic).toBe(true);
    expect(emptySnapshot(INITIALS_RULE).aliveCount).toBe(0);
  });

  it('keeps removed rows out, and the id order when a patch appended a smaller id', () => {
    const s = snapshotOf([{ id: 5 }, { id: 9 }]);
    const builder = new ColumnsBuilder(s.dicts, 3, s.cols);
    builder.remove(0);
    builder.add(wireRow({ id: 7 }));
    const next = finalize(builder.columns(), s.dicts, 2, INITIALS_RULE);
    expect(next.aliveCount).toBe(2);
    expect(next.monotonic).toBe(false);
    expect([...next.byId].map((slot) => next.cols.ids[slot])).toEqual([7, 9]);
    expect(next.sorts.name.pos[0]).toBe(-1);
  });

  it('finds the slot of an id, by binary search or, once ids are out of order, by a map', () => {
    const s = snapshotOf([{ id: 2 }, { id: 4 }, { id: 8 }]);
    expect([slotOf(s, 2), slotOf(s, 8), slotOf(s, 5)]).toEqual([0, 2, -1]);
    expect(s.slotById).toBeNull();
    const shuffled = snapshotOf([{ id: 8 }, { id: 2 }]);
    expect([slotOf(shuffled, 2), slotOf(shuffled, 8), slotOf(shuffled, 3)]).toEqual([1, 0, -1]);
    expect(shuffled.slotById).toBeInstanceOf(Map);
  });
});
