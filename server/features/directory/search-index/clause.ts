import type { FacetsResponse } from '../../../../contract/directory';
import type { Sliced } from '../search-slices';
import { gatherRows } from './postings';
import type { Snapshot } from './snapshot';
import type { Term } from './terms';

/**
 * One AND-ed condition of a search, evaluated over every row: `narrow` clears bits[i] for the
 * rows of [from, to) that fail it (a tight typed-array pass, run chunk by chunk). Its result is
 * kept as a bitset in the clause cache, so the same condition in another search (other filters,
 * sort or page) costs one AND of 32 rows per step.
 */
export type Clause = {
  /** Rows expected to match (from the per-value counts), to order the clauses. */
  estimate: number;
  /** Whether one row matches (used once few candidates remain). */
  test: (row: number) => boolean;
  narrow: (bits: Uint8Array, from: number, to: number) => void;
  /** Columns `narrow` reads per row (its cost beside `gather`'s, which follows the estimate). */
  reads: number;
  /**
   * The alive rows that match, as a new bitset of `words` words, listed from postings (about
   * `estimate` rows visited): only on clauses whose every term has postings.
   */
  gather?: (words: number) => Uint32Array;
};

/** A clause that no row can pass (its search is empty). */
export const NEVER = Symbol('never');
export type Never = typeof NEVER;

/** What a clause maker answers: the clause, or a sliced computation of it (the costly ones). */
export type MadeClause = Clause | Never | Sliced<Clause | Never>;

/** The filters with live option counts (FacetsResponse keys). */
export type FacetKey = Exclude<keyof FacetsResponse, never>;

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

/** A clause from a per-row predicate (ranges, flags, NPI prefix). */
export function rowClause(test: (row: number) => boolean, estimate: number): Clause {
  return {
    estimate,
    reads: 1,
    test,
    narrow(bits, from, to) {
      for (let i = from; i < to; i++) if (bits[i] === 1 && !test(i)) bits[i] = 0;
    },
  };
}

/** A row matches when any term matches; no term at all means nothing can match. */
export function anyOf(terms: (Term | null)[]): Clause | Never {
  const live = terms.filter((t): t is Term => t !== null);
  if (live.length === 0) return NEVER;
  const codes = live.map((t) => t.codes);
  const masks = live.map((t) => t.mask);
  const k = live.length;
  const posted = live.every((t) => t.postings) ? live : null;
  return {
    estimate: live.reduce((sum, t) => sum + t.estimate, 0),
    reads: k,
    gather: posted
      ? (words) => {
          const bits = new Uint32Array(words);
          for (const t of posted) gatherRows(t.postings!, t.mask, bits);
          return bits;
        }
      : undefined,
    test(i) {
      for (let t = 0; t < k; t++) if (masks[t][codes[t][i]] === 1) return true;
      return false;
    },
    narrow(bits, from, to) {
      // One branch-free pass per row, as many reads as terms: most clauses (every filter, a
      // word found in two or three fields) have one to three.
      if (k === 1) {
        const [c0] = codes;
        const [m0] = masks;
        for (let i = from; i < to; i++) bits[i] &= m0[c0[i]];
        return;
      }
      if (k === 2) {
        const [c0, c1] = codes;
        const [m0, m1] = masks;
        for (let i = from; i < to; i++) bits[i] &= m0[c0[i]] | m1[c1[i]];
        return;
      }
      if (k === 3) {
        const [c0, c1, c2] = codes;
        const [m0, m1, m2] = masks;
        for (let i = from; i < to; i++) bits[i] &= m0[c0[i]] | m1[c1[i]] | m2[c2[i]];
        return;
      }
      if (k <= 6) {
        // Missing terms repeat the first one (OR is idempotent).
        const [c0, c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0] = codes;
        const [m0, m1 = m0, m2 = m0, m3 = m0, m4 = m0, m5 = m0] = masks;
        for (let i = from; i < to; i++)
          bits[i] &= m0[c0[i]] | m1[c1[i]] | m2[c2[i]] | m3[c3[i]] | m4[c4[i]] | m5[c5[i]];
        return;
      }
      if (k <= 8) {
        const [c0, c1, c2, c3, c4, c5, c6, c7 = c0] = codes;
        const [m0, m1, m2, m3, m4, m5, m6, m7 = m0] = masks;
        for (let i = from; i < to; i++)
          bits[i] &=
            m0[c0[i]] | m1[c1[i]] | m2[c2[i]] | m3[c3[i]] | m4[c4[i]] | m5[c5[i]] | m6[c6[i]] | m7[c7[i]];
        return;
      }
      for (let i = from; i < to; i++) {
        if (bits[i] === 1) {
          let any = 0;
          for (let t = 0; t < k && any === 0; t++) any = masks[t][codes[t][i]];
          bits[i] = any;
        }
      }
    },
  };
}

/**
 * Rows passing every clause: the most selective part first over every row, each next one over
 * the rows still in (row by row once few remain, rather than another pass over all of them).
 */
export function allOf(parts: Clause[]): Clause {
  const ordered = [...parts].sort((a, b) => a.estimate - b.estimate);
  const [first, ...rest] = ordered;
  const gatherFirst = first.gather;
  return {
    estimate: first.estimate,
    reads: ordered.reduce((sum, p) => sum + p.reads, 0),
    // The first part's rows from its postings, each then tested against the other parts.
    gather: gatherFirst
      ? (words) => {
          const bits = gatherFirst(words);
          for (let w = 0; w < words; w++) {
            let v = bits[w];
            while (v !== 0) {
              const low = v & -v;
              v ^= low;
              const row = (w << 5) + (31 - Math.clz32(low));
              if (!rest.every((p) => p.test(row))) bits[w] &= ~low;
            }
          }
          return bits;
        }
      : undefined,
    test: (i) => ordered.every((p) => p.test(i)),
    narrow(bits, from, to) {
      ordered[0].narrow(bits, from, to);
      for (let p = 1; p < ordered.length; p++) {
        let left = 0;
        for (let i = from; i < to; i++) left += bits[i];
        if (left === 0) return;
        const part = ordered[p];
        if (left * 8 > to - from) {
          part.narrow(bits, from, to);
          continue;
        }
        for (let i = from; i < to; i++) if (bits[i] === 1 && !part.test(i)) bits[i] = 0;
      }
    },
  };
}
