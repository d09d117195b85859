import { describe, expect, it } from 'vitest';
import { anyOf, isSliced, NEVER, rangeClause, rowClause, type Clause } from './clause';
import { hasBit } from '../data/bitsets';
import { postingsOf } from '../data/postings';
import type { Term } from './terms';

const N = 64;
/**
 * A term over a made-up field whose code is row % size; `on` lists the matching codes. With
 * `posted`, the field's postings too (every row alive).
 */
function term(size: number, on: number[], posted = false, n = N): Term {
  const codes = Int32Array.from({ length: n }, (_, i) => i % size);
  const mask = new Uint8Array(size);
  for (const c of on) mask[c] = 1;
  const counts = new Int32Array(size);
  for (const c of codes) counts[c]++;
  const postings = posted ? postingsOf(codes, new Uint8Array(n).fill(1), n, counts) : undefined;
  return { codes, mask, size, estimate: on.length, postings };
}

/**
 * The rows a clause keeps, by `pass` (over all `n` rows, in two chunks), by `test`, by `sieve`
 * (every row a candidate) and, when it has postings, by `gather`; they must agree.
 */
function rows(clause: Clause, n = N): number[] {
  const words = Math.ceil(n / 32);
  const all = [...Array(n).keys()];
  const passed = new Uint32Array(words);
  const count = clause.pass(passed, 0, 1) + clause.pass(passed, 1, words);
  const kept = all.filter((i) => hasBit(passed, i));
  expect(count).toBe(kept.length);
  expect(all.filter((i) => clause.test(i))).toEqual(kept);
  if (clause.gather) {
    const gathered = new Uint32Array(words);
    clause.gather(gathered);
    expect(all.filter((i) => hasBit(gathered, i))).toEqual(kept);
  }
  const sieved = new Uint32Array(words);
  for (const i of all) sieved[i >>> 5] |= 1 << (i & 31);
  const left = clause.sieve(sieved, 0, 1) + clause.sieve(sieved, 1, words);
  expect(all.filter((i) => hasBit(sieved, i))).toEqual(kept);
  expect(left).toBe(kept.length);
  return kept;
}

describe('clauses', () => {
  it('anyOf: a row matching any term, on each of its paths (1, 2, 3, up to 6, 8 terms, more)', () => {
    expect(anyOf([null, null])).toBe(NEVER);
    expect(rows(anyOf([term(4, [1]), null]) as Clause)).toEqual([
      1, 5, 9, 13, 17, 21, 25, 29, 33, 37, 41, 45, 49, 53, 57, 61,
    ]);
    for (const k of [1, 2, 3, 4, 6, 7, 8, 9]) {
      const terms = Array.from({ length: k }, (_, t) => term(11 + t, [t]));
      const expected = [...Array(N).keys()].filter((i) => terms.some((t) => t.mask[t.codes[i]] === 1));
      expect(rows(anyOf(terms) as Clause)).toEqual(expected);
    }
  });

  it('passes over a last word the rows end inside (40 rows)', () => {
    const byFive = (i: number) => i % 5 === 0;
    for (const k of [1, 2, 4, 9]) {
      const terms = Array.from({ length: k }, (_, t) => term(5, [t % 5], t === 0, 40));
      expect(rows(anyOf(terms) as Clause, 40)).toEqual([...Array(40).keys()].filter((i) => terms.some((_, t) => i % 5 === t % 5)));
    }
    const values = Float64Array.from({ length: 40 }, (_, i) => i);
    expect(rows(rangeClause(values, 30, 38, 8), 40)).toEqual([30, 31, 32, 33, 34, 35, 36, 37]);
    expect(rows(rowClause(byFive, 8, 40), 40)).toEqual([0, 5, 10, 15, 20, 25, 30, 35]);
  });

  it('lists the rows of terms with postings (anyOf)', () => {
    const posted = anyOf([term(8, [3], true), term(16, [5, 13], true)]) as Clause;
    expect(posted.gather).toBeDefined();
    expect(rows(posted)).toEqual([3, 5, 11, 13, 19, 21, 27, 29, 35, 37, 43, 45, 51, 53, 59, 61]);
    // A term without postings: a pass over its column beside the listing of the other.
    const mixed = anyOf([term(8, [3], true), term(4, [1])]) as Clause;
    expect(mixed.gather).toBeDefined();
    expect(rows(mixed)).toEqual([1, 3, 5, 9, 11, 13, 17, 19, 21, 25, 27, 29, 33, 35, 37, 41, 43, 45, 49, 51, 53, 57, 59, 61]);
    // None with postings: no listing.
    expect((anyOf([term(4, [1])]) as Clause).gather).toBeUndefined();
  });

  it('rangeClause: a value in [low, high), never a missing one (NaN)', () => {
    const values = Float64Array.from({ length: N }, (_, i) => (i % 5 === 0 ? NaN : i));
    expect(rows(rangeClause(values, 10, 20, 10))).toEqual([11, 12, 13, 14, 16, 17, 18, 19]);
    expect(rows(rangeClause(values, 60, Infinity, 4))).toEqual([61, 62, 63]);
    const flags = Int8Array.from({ length: N }, (_, i) => i % 3);
    expect(rows(rangeClause(flags, 2, 3, 21))).toEqual([...Array(N).keys()].filter((i) => i % 3 === 2));
  });

  it('the passes (eight or four rows a step) agree with the test row by row, 1 to 3 terms and ranges, on 1,000 rows', () => {
    const n = 1000;
    let seed = 7;
    const random = (size: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % size;
    const randomTerm = (size: number): Term => {
      const codes = Uint16Array.from({ length: n }, () => random(size));
      const mask = Uint8Array.from({ length: size }, () => +(random(3) === 0));
      return { codes, mask, size, estimate: 1 };
    };
    for (let k = 1; k <= 3; k++) {
      const clause = anyOf(Array.from({ length: k }, () => randomTerm(11))) as Clause;
      const kept = rows(clause, n);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.length).toBeLessThan(n);
    }
    const years = Int16Array.from({ length: n }, () => 1960 + random(60));
    const expected = [...Array(n).keys()].filter((i) => years[i] >= 1990 && years[i] < 2000);
    expect(rows(rangeClause(years, 1990, 2000, 1), n)).toEqual(expected);
  });

  it('tells a sliced maker from a clause', () => {
    expect(isSliced(rowClause(() => true, 1, N))).toBe(false);
    const making = (function* () {
      yield;
      return NEVER;
    })();
    expect(isSliced(making)).toBe(true);
  });
});
