import { describe, expect, it } from 'vitest';
import { runToEnd, Workspace } from '../data/slices';
import { NEVER, rowClause, type ClauseSpec } from './clause';
import { ClauseCache, evaluate, evaluateSteps } from './evaluation';
import { idsOf, snapshotOf } from '../../../../test/support/directory/index-rows';

// 96 rows: ids 1..96, a third of them 'Smith'.
const s = snapshotOf(
  Array.from({ length: 96 }, (_, i) => ({ id: i + 1, lastName: i % 3 === 0 ? 'Smith' : 'Doe' })),
);

/** A clause on ids, counting how often it is made. */
function spec(key: string, test: (id: number) => boolean, made: Record<string, number>): ClauseSpec {
  return {
    key,
    make() {
      made[key] = (made[key] ?? 0) + 1;
      return rowClause((row) => test(s.cols.ids[row]), 10, s.cols.length);
    },
  };
}

describe('evaluation', () => {
  it('ANDs the clauses and counts the rows left', () => {
    const made = {};
    const cache = new ClauseCache(() => s);
    const specs = [spec('even', (id) => id % 2 === 0, made), spec('small', (id) => id <= 10, made)];
    const { bits, total } = evaluate(cache, s, specs);
    expect(total).toBe(5);
    expect(idsOf(s, bits)).toEqual([2, 4, 6, 8, 10]);
  });

  it('keeps each clause computed over every row, and takes it from the cache next time', () => {
    const made: Record<string, number> = {};
    const cache = new ClauseCache(() => s);
    const even = spec('even', (id) => id % 2 === 0, made);
    const odd = spec('odd', (id) => id % 2 === 1, made);
    expect(evaluate(cache, s, [even]).total).toBe(48);
    expect(evaluate(cache, s, [even, odd]).total).toBe(0);
    expect(evaluate(cache, s, [odd, even]).total).toBe(0);
    expect(made).toEqual({ even: 1, odd: 1 });
    expect(cache.lookup(s, 'odd')?.count).toBe(48);
  });

  it('remembers a clause that can match nothing as an empty one', () => {
    const cache = new ClauseCache(() => s);
    let made = 0;
    const never: ClauseSpec = {
      key: 'never',
      make: () => {
        made++;
        return NEVER;
      },
    };
    expect(evaluate(cache, s, [never]).total).toBe(0);
    expect(evaluate(cache, s, [never]).total).toBe(0);
    expect(made).toBe(1);
  });

  it('keeps nothing with no budget, nor for a snapshot that is no longer current', () => {
    const made: Record<string, number> = {};
    const off = new ClauseCache(() => s);
    off.budget = 0;
    const even = spec('even', (id) => id % 2 === 0, made);
    evaluate(off, s, [even]);
    evaluate(off, s, [even]);
    const other = snapshotOf([{ id: 1 }]);
    const stale = new ClauseCache(() => other);
    evaluate(stale, s, [even]);
    evaluate(stale, s, [even]);
    expect(made.even).toBe(4);
  });

  it('checks the last clauses row by row once few candidates remain (not cached: they saw only those rows)', () => {
    const made: Record<string, number> = {};
    const cache = new ClauseCache(() => s);
    const start = new Uint32Array(s.aliveBits.length);
    start[0] = 0b110; // ids 2 and 3: fewer than 96 / 32 candidates
    expect(evaluate(cache, s, [spec('third', (id) => id % 3 === 1, made)], start).total).toBe(0);
    const second = evaluate(
      cache,
      s,
      [spec('even', (id) => id % 2 === 0, made)],
      Uint32Array.of(0b110, 0, 0),
    );
    expect([second.total, idsOf(s, second.bits)]).toEqual([1, [2]]);
    expect(cache.lookup(s, 'even')).toBeUndefined();
    expect(cache.lookup(s, 'third')).toBeUndefined();
  });

  it('keeps a clause checked on few candidates as made, so the next evaluation does not make it again', () => {
    const made: Record<string, number> = {};
    const cache = new ClauseCache(() => s);
    const even = spec('even', (id) => id % 2 === 0, made);
    const few = () => Uint32Array.of(0b110, 0, 0); // ids 2 and 3
    expect(evaluate(cache, s, [even], few()).total).toBe(1);
    expect(evaluate(cache, s, [even], few()).total).toBe(1);
    expect(made.even).toBe(1);
    expect(cache.lookupMade(s, 'even')).toBeDefined();
    // Computed over every row later: kept as a bitset, no longer as made.
    expect(evaluate(cache, s, [even]).total).toBe(48);
    expect(made.even).toBe(1);
    expect(cache.lookupMade(s, 'even')).toBeUndefined();
    expect(cache.lookup(s, 'even')?.count).toBe(48);
    // A change of snapshot (retain) forgets every made clause: they hold its columns.
    evaluate(cache, s, [spec('odd', (id) => id % 2 === 1, made)], few());
    cache.retain(() => true);
    expect(cache.lookupMade(s, 'odd')).toBeUndefined();
    evaluate(cache, s, [spec('odd', (id) => id % 2 === 1, made)], few());
    expect(made.odd).toBe(2);
  });

  it('lends the bitsets it lets go to the next clauses, whose rows stay right', () => {
    const made: Record<string, number> = {};
    const cache = new ClauseCache(() => s);
    cache.budget = 2 * s.aliveBits.byteLength; // two clauses
    const even = spec('even', (id) => id % 2 === 0, made);
    const small = spec('small', (id) => id <= 10, made);
    const big = spec('big', (id) => id > 90, made);
    evaluate(cache, s, [even, small]);
    const kept = cache.lookup(s, 'even')!.bits;
    cache.lookup(s, 'small'); // 'even' is the least recently used again
    // 'big' evicts 'even' (the least recently used): its bitset is given back and lent to the next.
    expect(idsOf(s, evaluate(cache, s, [big]).bits)).toEqual([91, 92, 93, 94, 95, 96]);
    expect(cache.lookup(s, 'even')).toBeUndefined();
    const third = spec('third', (id) => id % 3 === 0, made);
    expect(evaluate(cache, s, [third]).total).toBe(32);
    expect(cache.lookup(s, 'third')!.bits).toBe(kept); // the same memory, cleared and filled again
    expect(idsOf(s, evaluate(cache, s, [third, small]).bits)).toEqual([3, 6, 9]);
    // With no room at all, each clause's bitset goes back after its one use.
    cache.budget = 0;
    expect(evaluate(cache, s, [even, small]).total).toBe(5);
    expect(evaluate(cache, s, [spec('odd', (id) => id % 2 === 1, made), small]).total).toBe(5);
    expect(cache.blank(s.aliveBits.length).every((w) => w === 0)).toBe(true);
    expect(cache.blank(7)).toHaveLength(7); // a spare of another length is not lent
  });

  it('gives the same rows in slices, pausing between chunks', () => {
    const made = {};
    const specs = [spec('even', (id) => id % 2 === 0, made), spec('big', (id) => id > 40, made)];
    const sync = evaluate(new ClauseCache(() => s), s, specs);
    const expected = idsOf(s, sync.bits);
    const steps = evaluateSteps(new ClauseCache(() => s), s, specs, s.aliveBits, new Workspace(8));
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    expect(pauses).toBeGreaterThan(4);
    expect([step.value.total, idsOf(s, step.value.bits)]).toEqual([sync.total, expected]);
    expect(runToEnd(evaluateSteps(new ClauseCache(() => s), s, [], s.aliveBits, new Workspace())).total).toBe(
      96,
    );
  });
});
