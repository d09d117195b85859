import type { FacetsResponse } from '../../../../../contract/directory';
import type { Sliced } from '../data/slices';
import { popcount } from '../data/bitsets';
import { gatherRows } from '../data/postings';
import type { Snapshot } from '../data/snapshot';
import type { CodeArray } from '../data/columns';
import type { Term } from './terms';

/**
 * One AND-ed condition of a search, evaluated over every row: `pass` writes the words of a bitset
 * for the rows they cover (a tight typed-array loop, run chunk by chunk). Its result is kept as a
 * bitset in the clause cache, so the same condition in another search (other filters, sort or
 * page) costs one AND of 32 rows per step.
 */
export type Clause = {
  /** Rows expected to match (from the per-value counts), to order the clauses. */
  estimate: number;
  /** Whether one row matches (used once few candidates remain). */
  test: (row: number) => boolean;
  /**
   * Writes words [from, to) of a bitset: the bit of every row they cover that matches (rows past
   * the columns' end: 0); returns the bits set.
   */
  pass: (bits: Uint32Array, from: number, to: number) => number;
  /**
   * Clears in words [from, to) of a bitset the rows that fail it; returns the rows left there
   * (few candidates left: each is tested where it is, with no pass over the others).
   */
  sieve: (bits: Uint32Array, from: number, to: number) => number;
  /** Columns `pass` reads per row: a pass over every row costs rows x reads. */
  reads: number;
  /**
   * Reads testing one candidate costs (Clause.sieve), each SIEVE_READ: a column a term, three for a
   * set term tested by its items (the row's set, where its items start, the items).
   */
  sieveReads: number;
  /** Bytes of the masks it holds (the snapshot's columns it reads not counted). */
  bytes: number;
  /**
   * Sets in `bits` (all 0, a word per 32 rows) the rows that match, listed from postings where its
   * terms have them (a pass over one column for each term without): only on clauses with postings.
   */
  gather?: (bits: Uint32Array) => void;
  /** What `gather` costs, in the units of a pass (one column read for one row). */
  gatherCost: number;
};

/*
 * The cost model that chooses between a pass over every row and a listing from postings (measured
 * at 1,500,000 rows: a one-column pass about 1.4 ns a row, six columns 6 ns; listing a posting
 * 1-2 ns, scanning a term's mask over its codes a fraction of that; testing a candidate where it
 * lies, a cache miss per column, 15 ns a column).
 */
/** Listing one row from postings, in column reads of a pass. */
const GATHER_ROW = 2;
/** Looking at one code of a term's mask while listing. */
const GATHER_CODE = 0.25;
/** Reads of testing a candidate for a set term by its items (its set, where its items start, the items). */
const ITEM_READS = 3;
/** Testing one candidate's column where it lies (Clause.sieve). */
export const SIEVE_READ = 10;

/** Sets in `bits` the rows whose code `mask` marks (a pass over the column, 32 rows a word). */
function orMatches(codes: CodeArray, mask: Uint8Array, bits: Uint32Array): void {
  const n = codes.length;
  const full = n >>> 5;
  for (let w = 0; w < full; w++) {
    let v = 0;
    for (let j = 0, i = w << 5; j < 32; j++, i++) v |= mask[codes[i]] << j;
    bits[w] |= v;
  }
  for (let i = full << 5; i < n; i++) bits[i >>> 5] |= mask[codes[i]] << (i & 31);
}

/** Clause.pass by a per-row test over `rows` rows (a call per row). */
function passBy(test: (row: number) => boolean, rows: number, bits: Uint32Array, from: number, to: number): number {
  let count = 0;
  for (let w = from; w < to; w++) {
    let v = 0;
    for (let j = 0, i = w << 5; j < 32 && i < rows; j++, i++) if (test(i)) v |= 1 << j;
    bits[w] = v;
    count += popcount(v);
  }
  return count;
}

/** Clause.sieve by a per-row test (a call per candidate). */
function sieveBy(test: (row: number) => boolean, bits: Uint32Array, from: number, to: number): number {
  let left = 0;
  for (let w = from; w < to; w++) {
    let v = bits[w];
    let keep = v;
    while (v !== 0) {
      const bit = v & -v;
      v ^= bit;
      if (!test((w << 5) + (31 - Math.clz32(bit)))) keep ^= bit;
    }
    bits[w] = keep;
    left += popcount(keep);
  }
  return left;
}

/** A clause that no row can pass (its search is empty). */
export const NEVER = Symbol('never');
export type Never = typeof NEVER;

/** What a clause maker answers: the clause, or a sliced computation of it (the costly ones). */
export type MadeClause = Clause | Never | Sliced<Clause | Never>;

/** The filters with live option counts (FacetsResponse keys). */
/** A facet of the facets answer, or 'hospital' (counted by its own type-ahead: facets.ts countHospitals). */
export type FacetKey = keyof FacetsResponse | 'hospital';

/**
 * A clause named by what it tests (the cache key), built only when not cached. `facet` names
 * the filter it comes from: that filter's own counts leave it out (disjunctive facets).
 */
export type ClauseSpec = {
  key: string;
  make: () => MadeClause;
  facet?: FacetKey;
};

/** A clause of a search before it meets a snapshot: its cache key and how to make it. */
export type ClauseDraft = { key: string; make: (s: Snapshot) => MadeClause };

/** Whether a clause maker answered with a sliced computation rather than the clause. */
export function isSliced<T>(value: T | Sliced<T>): value is Sliced<T> {
  return typeof (value as { next?: unknown }).next === 'function';
}

/** A clause from a per-row predicate over `rows` rows (a call per row: rangeClause where it fits). */
export function rowClause(test: (row: number) => boolean, estimate: number, rows: number): Clause {
  return {
    estimate,
    reads: 1,
    sieveReads: 1,
    bytes: 0,
    gatherCost: Infinity,
    test,
    pass: (bits, from, to) => passBy(test, rows, bits, from, to),
    sieve: (bits, from, to) => sieveBy(test, bits, from, to),
  };
}

/** A numeric column of the snapshot. */
type NumberColumn = Int8Array | Int16Array | Uint16Array | Int32Array | Float64Array;

/**
 * Rows whose value is in [low, high) (NaN, no value, never is): flags, years, dates, NPI and ZIP
 * prefixes, with no call per row.
 */
export function rangeClause(values: NumberColumn, low: number, high: number, estimate: number): Clause {
  const test = (i: number) => values[i] >= low && values[i] < high;
  return {
    estimate,
    reads: 1,
    sieveReads: 1,
    bytes: 0,
    gatherCost: Infinity,
    test,
    pass(bits, from, to) {
      const n = values.length;
      let count = 0;
      for (let w = from; w < to; w++) {
        let v = 0;
        const base = w << 5;
        const end = Math.min(32, n - base);
        // No branch per row (a flag is as often in as out); NaN (no value) compares false.
        if (end === 32) {
          // Four rows a step (as anyOf's pass): a quarter to a third less time.
          for (let j = 0, i = base; j < 32; j += 4, i += 4) {
            const a = values[i];
            const b = values[i + 1];
            const c = values[i + 2];
            const d = values[i + 3];
            v |=
              ((+(a >= low) & +(a < high)) |
                ((+(b >= low) & +(b < high)) << 1) |
                ((+(c >= low) & +(c < high)) << 2) |
                ((+(d >= low) & +(d < high)) << 3)) <<
              j;
          }
        } else
          for (let j = 0; j < end; j++) {
            const x = values[base + j];
            v |= (+(x >= low) & +(x < high)) << j;
          }
        bits[w] = v;
        count += popcount(v);
      }
      return count;
    },
    sieve: (bits, from, to) => sieveBy(test, bits, from, to),
  };
}

/**
 * Whether row `i` matches term `t`: its mask, or (a set term whose mask is not made: terms.ts) its
 * set's items.
 */
function termTest(t: Term): (i: number) => boolean {
  const { codes } = t;
  if (t.items && !t.items.masked()) {
    const { mask, starts, flat } = t.items;
    return (i) => {
      const set = codes[i];
      for (let at = starts[set], end = starts[set + 1]; at < end; at++) if (mask[flat[at]] === 1) return true;
      return false;
    };
  }
  const mask = t.mask;
  return (i) => mask[codes[i]] === 1;
}

/** The mask over the codes a term's postings are grouped by: its items' (postings by item), else its own. */
const postedMask = (t: Term): Uint8Array => (t.postings!.byItem ? t.items!.mask : t.mask);

/** The codes a term's postings are grouped by. */
const postedCodes = (t: Term): number => (t.postings!.byItem ? t.items!.mask.length : t.size);

/** A row matches when any term matches; no term at all means nothing can match. */
export function anyOf(terms: (Term | null)[]): Clause | Never {
  const live = terms.filter((t): t is Term => t !== null);
  if (live.length === 0) return NEVER;
  const codes = live.map((t) => t.codes);
  // The masks, read when a pass or a listing needs them (a set term makes its own then).
  let made: Uint8Array[] | null = null;
  const masksOf = () => (made ??= live.map((t) => t.mask));
  // While a set term's mask is not made, a row is tested term by term, the commonest first, until
  // one matches (most candidates match the first: 'hospital' by its hospitals).
  let byTerm: ((i: number) => boolean) | null = null;
  const unmasked = () => made === null && live.some((t) => t.items && !t.items.masked());
  const termByTerm = () => {
    if (byTerm) return byTerm;
    const tests = [...live].sort((a, b) => b.estimate - a.estimate).map(termTest);
    return (byTerm = (i) => {
      for (const test of tests) if (test(i)) return true;
      return false;
    });
  };
  const k = live.length;
  const test = (i: number): boolean => {
    if (unmasked()) return termByTerm()(i);
    const masks = masksOf();
    for (let t = 0; t < k; t++) if (masks[t][codes[t][i]] === 1) return true;
    return false;
  };
  const posted = live.filter((t) => t.postings);
  const unposted = live.filter((t) => !t.postings);
  return {
    estimate: live.reduce((sum, t) => sum + t.estimate, 0),
    reads: k,
    sieveReads: live.reduce((sum, t) => sum + (t.items && !t.items.masked() ? ITEM_READS : 1), 0),
    bytes: live.reduce((sum, t) => sum + t.size + (t.items?.mask.byteLength ?? 0), 0),
    // The posted terms' rows listed, the others' found by a pass over their one column each.
    gather: posted.length
      ? (bits) => {
          for (const t of posted) gatherRows(t.postings!, postedMask(t), bits);
          for (const t of unposted) orMatches(t.codes, t.mask, bits);
        }
      : undefined,
    gatherCost: posted.length
      ? posted.reduce((sum, t) => sum + t.estimate * GATHER_ROW + postedCodes(t) * GATHER_CODE, 0) +
        unposted.reduce((sum, t) => sum + t.codes.length, 0)
      : Infinity,
    test,
    pass(bits, from, to) {
      // 32 rows a word, branch-free, as many reads as terms: most clauses (every filter, a word
      // found in two or three fields) have one to three. The last word, past the rows, by test.
      const n = codes[0].length;
      const masks = masksOf();
      // Words wholly within the rows, by the loops below (none past 8 terms: all by test).
      const full = k > 8 ? from : Math.min(to, n >>> 5);
      let count = 0;
      // Eight rows (four with more terms) a step: half the time of a row a step at 1,500,000 rows,
      // whatever the column's array type (the loop meets several: one shared function).
      if (k === 1) {
        const [c0] = codes;
        const [m0] = masks;
        for (let w = from; w < full; w++) {
          let v = 0;
          for (let j = 0, i = w << 5; j < 32; j += 8, i += 8)
            v |=
              (m0[c0[i]] |
                (m0[c0[i + 1]] << 1) |
                (m0[c0[i + 2]] << 2) |
                (m0[c0[i + 3]] << 3) |
                (m0[c0[i + 4]] << 4) |
                (m0[c0[i + 5]] << 5) |
                (m0[c0[i + 6]] << 6) |
                (m0[c0[i + 7]] << 7)) <<
              j;
          bits[w] = v;
          count += popcount(v);
        }
      } else if (k <= 3) {
        const [c0, c1, c2 = c0] = codes;
        const [m0, m1, m2 = m0] = masks;
        for (let w = from; w < full; w++) {
          let v = 0;
          for (let j = 0, i = w << 5; j < 32; j += 4, i += 4)
            v |=
              ((m0[c0[i]] | m1[c1[i]] | m2[c2[i]]) |
                ((m0[c0[i + 1]] | m1[c1[i + 1]] | m2[c2[i + 1]]) << 1) |
                ((m0[c0[i + 2]] | m1[c1[i + 2]] | m2[c2[i + 2]]) << 2) |
                ((m0[c0[i + 3]] | m1[c1[i + 3]] | m2[c2[i + 3]]) << 3)) <<
              j;
          bits[w] = v;
          count += popcount(v);
        }
      } else if (k <= 8) {
        // Missing terms repeat the first one (OR is idempotent).
        const [c0, c1, c2, c3, c4 = c0, c5 = c0, c6 = c0, c7 = c0] = codes;
        const [m0, m1, m2, m3, m4 = m0, m5 = m0, m6 = m0, m7 = m0] = masks;
        for (let w = from; w < full; w++) {
          let v = 0;
          for (let j = 0, i = w << 5; j < 32; j++, i++)
            v |=
              (m0[c0[i]] | m1[c1[i]] | m2[c2[i]] | m3[c3[i]] | m4[c4[i]] | m5[c5[i]] | m6[c6[i]] | m7[c7[i]]) << j;
          bits[w] = v;
          count += popcount(v);
        }
      }
      return count + passBy(test, n, bits, Math.max(from, full), to);
    },
    sieve(bits, from, to) {
      if (unmasked()) return sieveBy(termByTerm(), bits, from, to);
      // The candidates' rows read where they are: one branch-free test each, as in pass. One
      // term repeats itself (its reads are then in cache: a candidate costs its first miss).
      const masks = masksOf();
      let left = 0;
      if (k <= 3) {
        const [c0, c1 = c0, c2 = c0] = codes;
        const [m0, m1 = m0, m2 = m0] = masks;
        for (let w = from; w < to; w++) {
          let v = bits[w];
          let keep = v;
          while (v !== 0) {
            const bit = v & -v;
            v ^= bit;
            const i = (w << 5) + (31 - Math.clz32(bit));
            if ((m0[c0[i]] | m1[c1[i]] | m2[c2[i]]) === 0) keep ^= bit;
          }
          bits[w] = keep;
          left += popcount(keep);
        }
        return left;
      }
      if (k <= 8) {
        const [c0, c1, c2, c3, c4 = c0, c5 = c0, c6 = c0, c7 = c0] = codes;
        const [m0, m1, m2, m3, m4 = m0, m5 = m0, m6 = m0, m7 = m0] = masks;
        for (let w = from; w < to; w++) {
          let v = bits[w];
          let keep = v;
          while (v !== 0) {
            const bit = v & -v;
            v ^= bit;
            const i = (w << 5) + (31 - Math.clz32(bit));
            // Most rows that match do so on an early term: the later reads are skipped then.
            if (
              (m0[c0[i]] | m1[c1[i]] | m2[c2[i]] | m3[c3[i]]) === 0 &&
              (m4[c4[i]] | m5[c5[i]] | m6[c6[i]] | m7[c7[i]]) === 0
            )
              keep ^= bit;
          }
          bits[w] = keep;
          left += popcount(keep);
        }
        return left;
      }
      return sieveBy(test, bits, from, to);
    },
  };
}
