import { hasWholeWord, hasWordPrefix, type SearchCriteria } from '../criteria';
import type { Sliced, Workspace } from '../search-slices';
import type { Snapshot } from './snapshot';
import { placeInOrder } from './sort-orders';
import { codeMask, setMask } from './terms';
import { SCALAR_INDEX, SET_INDEX, type ScalarField } from './wire-format';

/*
 * Relevance (ADR 020): a tier per matching row, then the name order inside each tier.
 */

export const RELEVANCE_TIERS = 11;
/** The tier of one matching row: 0 best. */
type Ranker = (row: number) => number;
/** A row's tier outside a relevance search (the workspace's tier buffer holds it between searches). */
const NO_TIER = 255;

/**
 * Tiers. With text words, the spec's name rule first: 0 the full name (several words: first and
 * last name equal to the two parts), 1 the last name equal to the query (or to its part), 2 the
 * first name likewise, 3 a name starting with it, 4 other matches of the several-word name rule.
 * Then, with every specialty phrase matched by the specialty or sub-specialty itself, every text
 * term a whole word of 5 the specialty, 6 the title, 7 a skill, 8 the organisation; 9 the other
 * matches (word prefixes, cities, states, several fields); 10 a specialty phrase found only in a
 * title or a skill. Exact words come before word prefixes; a misspelt word's corrected search
 * (spelling.ts) is its own search, never mixed with these.
 */
export function relevanceRanker(s: Snapshot, c: SearchCriteria): Ranker {
  const col = (field: ScalarField) => s.cols.scalar[SCALAR_INDEX[field]];
  const first = col('firstName');
  const last = col('lastName');
  const specialty = col('specialty');
  const sub = col('subSpecialty');
  const title = col('title');
  const organization = col('organization');
  const skills = s.cols.sets[SET_INDEX.skills];
  const texts = c.terms.length ? c.terms : c.words;
  const wholeIn = (field: ScalarField) =>
    texts.map((t) => codeMask(s, field, (_l, _v, w) => hasWholeWord(w, t)));
  const inSpecialty = wholeIn('specialty');
  const inTitle = wholeIn('title');
  const inOrganization = wholeIn('organization');
  const inSkills = texts.map((t) => setMask(s, 'skills', (_l, _v, w) => hasWholeWord(w, t)));
  const phrases = c.specialtyTerms.map((t) => {
    const names = new Set([...t.specialties, ...t.subSpecialties]);
    return {
      specialty: codeMask(s, 'specialty', (lower) => names.has(lower.trim())),
      sub: codeMask(s, 'subSpecialty', (lower) => names.has(lower.trim())),
    };
  });
  // Every text term a whole word of the field: the terms' masks ANDed once, one read per row
  // (no terms: every row qualifies, as an empty 'every' would say).
  if (texts.length === 0) {
    return (i) => (phrases.every((p) => (p.specialty[specialty[i]] | p.sub[sub[i]]) === 1) ? 5 : 10);
  }
  const allOf = (masks: Uint8Array[]): Uint8Array => {
    const out = Uint8Array.from(masks[0]);
    for (const m of masks.slice(1)) for (let code = 0; code < out.length; code++) out[code] &= m[code];
    return out;
  };
  const specialtyAll = allOf(inSpecialty);
  const titleAll = allOf(inTitle);
  const skillsAll = allOf(inSkills);
  const organizationAll = allOf(inOrganization);
  const [phrase] = phrases;
  const phrasesMatch =
    phrases.length === 0
      ? () => true
      : phrases.length === 1
        ? (i: number) => (phrase.specialty[specialty[i]] | phrase.sub[sub[i]]) === 1
        : (i: number) => phrases.every((p) => (p.specialty[specialty[i]] | p.sub[sub[i]]) === 1);
  const generic = (i: number): number => {
    if (!phrasesMatch(i)) return 10;
    if (specialtyAll[specialty[i]] === 1) return 5;
    if (titleAll[title[i]] === 1) return 6;
    if (skillsAll[skills[i]] === 1) return 7;
    if (organizationAll[organization[i]] === 1) return 8;
    return 9;
  };
  if (c.words.length === 0) return generic;

  const exact = (field: ScalarField, w: string) => {
    const whole = ` ${w}`;
    return codeMask(s, field, (_l, _v, words) => words === whole);
  };
  const starts = (field: ScalarField, w: string) => {
    const start = ` ${w}`;
    return codeMask(s, field, (_l, _v, words) => words.startsWith(start));
  };
  if (c.words.length === 1) {
    const w = c.words[0];
    const lastExact = exact('lastName', w);
    const firstExact = exact('firstName', w);
    const lastStarts = starts('lastName', w);
    const firstStarts = starts('firstName', w);
    return (i) => {
      if (lastExact[last[i]]) return 1;
      if (firstExact[first[i]]) return 2;
      if (lastStarts[last[i]] | firstStarts[first[i]]) return 3;
      return generic(i);
    };
  }
  // Two ways to read the words: A = (first word, rest), B = (rest, first word) as (first name, last name).
  const a = c.words[0];
  const b = c.words.slice(1).join(' ');
  const side = (field: ScalarField, w: string) => ({
    exact: exact(field, w),
    starts: starts(field, w),
    prefix: codeMask(s, field, (_l, _v, words) => hasWordPrefix(words, w)),
  });
  const fa = side('firstName', a), fb = side('firstName', b), la = side('lastName', a), lb = side('lastName', b); // prettier-ignore
  return (i) => {
    const f = first[i];
    const l = last[i];
    if ((fa.exact[f] & lb.exact[l]) | (fb.exact[f] & la.exact[l])) return 0;
    const pairA = fa.prefix[f] & lb.prefix[l];
    const pairB = fb.prefix[f] & la.prefix[l];
    if ((pairA & lb.exact[l]) | (pairB & la.exact[l])) return 1;
    if ((pairA & fa.exact[f]) | (pairB & fb.exact[f])) return 2;
    if ((pairA & (fa.starts[f] | lb.starts[l])) | (pairB & (fb.starts[f] | la.starts[l]))) return 3;
    if (pairA | pairB) return 4;
    return generic(i);
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
