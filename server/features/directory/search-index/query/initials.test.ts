import { describe, expect, it } from 'vitest';
import { ClauseCache, evaluate } from './evaluation';
import { INITIALS, INITIALS_RULE } from './initials';
import { withUpdatedRows, type Snapshot } from '../data/snapshot';
import { criteria, idsOf, indexOf, PEOPLE, snapshotOf, wireRow } from '../../../../test/support/directory/index-rows';
import { buildClauses } from './filters';
import { wordClauseKey } from './text-query';

/** The ids each letter's kept rows hold (alive rows only), by letter. */
function initialIds(s: Snapshot): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const letter of INITIALS) {
    const kept = s.initials.get(wordClauseKey(letter))!;
    const bits = kept.bits.map((word, w) => word & s.aliveBits[w]);
    out[letter] = idsOf(s, bits);
    expect(kept.count, letter).toBe(out[letter].length);
  }
  return out;
}

/** The same, with no kept rows: each letter's one-word search evaluated from its clause. */
function searchedIds(s: Snapshot): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  const plain: Snapshot = { ...s, initials: new Map() };
  for (const letter of INITIALS) {
    const specs = buildClauses(plain, criteria({ query: letter }));
    const { bits, total } = evaluate(new ClauseCache(() => plain), plain, specs);
    // No row (the clause could not match): the bitset is left as it was.
    out[letter] = total === 0 ? [] : idsOf(s, bits);
  }
  return out;
}

describe('one-letter queries (initials.ts)', () => {
  it('holds, for every letter, the rows its one-word search finds without them', () => {
    const s = snapshotOf(PEOPLE);
    const kept = initialIds(s);
    expect(kept).toEqual(searchedIds(s));
    // A word's first letter of any of the six fields, accents folded ('Álvaro'); not the city's.
    expect(kept.a).toEqual([4]);
    expect(kept.b).toEqual([1]);
    expect(kept.c).toEqual([1, 3, 4]);
    expect(kept.z).toEqual([5]);
    expect(kept.q).toEqual([]);
  });

  it('follows a patch that changes a name, and is shared by one that changes no searched field', () => {
    const s = snapshotOf(PEOPLE);
    const renamed = withUpdatedRows(s, [[4, wireRow({ ...PEOPLE[4], firstName: 'Quinn', skills: ['Wound care'] })]], INITIALS_RULE).next;
    const kept = initialIds(renamed);
    expect(kept).toEqual(searchedIds(renamed));
    expect(kept.q).toEqual([5]);
    expect(kept.w).toEqual([5]);
    expect(kept.z).toEqual([]);
    // The letters it did not move are the old version's bitsets, not copies.
    expect(renamed.initials.get(wordClauseKey('b'))).toBe(s.initials.get(wordClauseKey('b')));
    // The old version still answers as before.
    expect(initialIds(s).z).toEqual([5]);

    // A city is no field of the one-word rule: the letters stay the old version's (a common word's
    // rows, which a city holds, are read again: common-words.test.ts).
    const moved = withUpdatedRows(s, [[0, wireRow({ ...PEOPLE[0], city: 'Quincy', zip: '02169' })]], INITIALS_RULE).next;
    expect(moved).not.toBe(s);
    for (const letter of 'abcdefghijklmnopqrstuvwxyz') expect(moved.initials.get(wordClauseKey(letter))).toBe(s.initials.get(wordClauseKey(letter)));
    // A field no query reads (the ZIP): the initials are the old version's.
    const rezipped = withUpdatedRows(s, [[0, wireRow({ ...PEOPLE[0], zip: '02169' })]], INITIALS_RULE).next;
    expect(rezipped).not.toBe(s);
    expect(rezipped.initials).toBe(s.initials);
  });

  it('answers a one-letter search on an index (upper case and an accent read as the letter)', async () => {
    const index = await indexOf(PEOPLE);
    const page = { sortKey: 'name', sortDirection: 'asc', offset: 0, limit: 25 } as const;
    expect(index.search(criteria({ query: 'C' }), page)).toEqual({ total: 3, ids: [4, 3, 1] });
    expect(index.search(criteria({ query: 'á', state: ['TX'] }), page)).toEqual({ total: 1, ids: [4] });
  });
});
