import { hasWholeWord, type SearchCriteria } from '../criteria';
import type { Sliced, Workspace } from '../search-slices';
import type { Snapshot } from './snapshot';
import { placeInOrder } from './sort-orders';
import { codeMask } from './terms';
import { SCALAR_INDEX, type ScalarField } from './wire-format';

/*
 * Relevance (ADR 020): a tier per matching row, then the name order inside each tier.
 */

export const RELEVANCE_TIERS = 7;
/** The tier of one matching row: 0 best. */
type Ranker = (row: number) => number;
/** A row's tier outside a relevance search (the workspace's tier buffer holds it between searches). */
const NO_TIER = 255;

/**
 * Tiers: 0 the full name (several words: first and last name equal to the two parts), 1 the
 * last name equal to the query (or to its part), 2 the first name likewise, 3 a name starting
 * with it, 4 other matches of the spec's several-word name rule, 5 every term a whole word of
 * the specialty or the title, 6 any other match.
 */
export function relevanceRanker(s: Snapshot, c: SearchCriteria): Ranker {
  const first = s.cols.scalar[SCALAR_INDEX.firstName];
  const last = s.cols.scalar[SCALAR_INDEX.lastName];
  const specialty = s.cols.scalar[SCALAR_INDEX.specialty];
  const title = s.cols.scalar[SCALAR_INDEX.title];
  const wordTerms = c.terms.length ? c.terms : c.words;
  const whole = wordTerms.map((w) => ({
    specialty: codeMask(s, 'specialty', (l) => hasWholeWord(l, w)),
    title: codeMask(s, 'title', (l) => hasWholeWord(l, w)),
  }));
  const allWhole = (i: number) => whole.every((m) => (m.specialty[specialty[i]] | m.title[title[i]]) === 1);
  const exact = (field: ScalarField, w: string) => codeMask(s, field, (l) => l.trim() === w);
  const prefix = (field: ScalarField, w: string) => codeMask(s, field, (l) => l.trim().startsWith(w));

  if (c.words.length === 1) {
    const w = c.words[0];
    const lastExact = exact('lastName', w);
    const firstExact = exact('firstName', w);
    const lastPrefix = prefix('lastName', w);
    const firstPrefix = prefix('firstName', w);
    return (i) => {
      if (lastExact[last[i]]) return 1;
      if (firstExact[first[i]]) return 2;
      if (lastPrefix[last[i]] | firstPrefix[first[i]]) return 3;
      return allWhole(i) ? 5 : 6;
    };
  }
  // Two ways to read the words: A = (first word, rest), B = (rest, first word) as (first name, last name).
  const a = c.words[0];
  const b = c.words.slice(1).join(' ');
  const side = (field: ScalarField, w: string) => ({
    exact: exact(field, w),
    prefix: prefix(field, w),
    partial: codeMask(s, field, (l) => l.includes(w)),
  });
  const fa = side('firstName', a), fb = side('firstName', b), la = side('lastName', a), lb = side('lastName', b); // prettier-ignore
  return (i) => {
    const f = first[i];
    const l = last[i];
    if ((fa.exact[f] & lb.exact[l]) | (fb.exact[f] & la.exact[l])) return 0;
    const pairA = fa.partial[f] & lb.partial[l];
    const pairB = fb.partial[f] & la.partial[l];
    if ((pairA & lb.exact[l]) | (pairB & la.exact[l])) return 1;
    if ((pairA & fa.exact[f]) | (pairB & fb.exact[f])) return 2;
    if ((pairA & (fa.prefix[f] | lb.prefix[l])) | (pairB & (fb.prefix[f] | la.prefix[l]))) return 3;
    if (pairA | pairB) return 4;
    return allWhole(i) ? 5 : 6;
  };
}

/**
 * The first `take` matches (`bits`, `total` of them) by relevance: each match gets its tier (one
 * pass over the matches), then tier after tier the first rows in name order; a tier before the
 * wanted rows is only counted, never ordered.
 */
export function* byRelevance(
  s: Snapshot,
  criteria: SearchCriteria,
  bits: Uint32Array,
  take: number,
  ws: Workspace,
): Sliced<Int32Array> {
  const rank = relevanceRanker(s, criteria);
  const tiers = ws.tierBuffer(s.cols.length, NO_TIER);
  const counts = new Int32Array(RELEVANCE_TIERS);
  const rankWords = (from: number, to: number) => {
    for (let w = from; w < to; w++) {
      let v = bits[w];
      while (v !== 0) {
        const low = v & -v;
        const row = (w << 5) + (31 - Math.clz32(low));
        v ^= low;
        const tier = rank(row);
        tiers[row] = tier;
        counts[tier]++;
      }
    }
  };
  yield* ws.chunks(bits.length, rankWords, 32);
  const ordered = new Int32Array(take);
  let k = 0;
  for (let t = 0; t < RELEVANCE_TIERS && k < take; t++) {
    if (counts[t] === 0) continue;
    const has = (row: number) => ((bits[row >>> 5] >>> (row & 31)) & 1) === 1 && tiers[row] === t;
    const end = Math.min(take, k + counts[t]);
    k = yield* placeInOrder(s.sorts.name, 'asc', bits, has, counts[t], end, ordered, k, ws);
  }
  tiers.fill(NO_TIER, 0, s.cols.length);
  return ordered;
}
