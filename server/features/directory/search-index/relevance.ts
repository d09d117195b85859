import { hasWholeWord, hasWordPrefix, type SearchCriteria } from '../criteria';
import type { Sliced, Workspace } from '../search-slices';
import type { Snapshot } from './snapshot';
import { placeInOrder } from './sort-orders';
import type { CodeArray } from './columns';
import { codeMask, setMask, type ValueTest } from './terms';
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
 *
 * Every condition is a property of one value of one column, so each column gets a table by code,
 * made once per search from its distinct values: a row's tier is then a few table reads, with no
 * call and no branch per condition (the rank of every match of 'a' at 1,500,000 rows).
 */
export type TierTables = {
  /** The name's conditions as bits per code (NAME_BITS of them), and the name tier of each pair of bit sets. */
  first: CodeArray;
  firstBits: Uint8Array;
  last: CodeArray;
  lastBits: Uint8Array;
  nameTier: Uint8Array;
  /** The specialty phrases each specialty / sub-specialty code names (a bit per phrase), and all of them. */
  specialty: CodeArray;
  phrasesOfSpecialty: Uint32Array;
  sub: CodeArray;
  phrasesOfSub: Uint32Array;
  allPhrases: number;
  /** Per code, the tier a whole-word match in that field gives (9 when none). */
  specialtyTier: Uint8Array;
  title: CodeArray;
  titleTier: Uint8Array;
  skills: CodeArray;
  skillsTier: Uint8Array;
  organization: CodeArray;
  organizationTier: Uint8Array;
};

/** No name condition (a name tier past every other tier). */
const NO_NAME = 255;
/** The six name conditions of a side per code: exact A, exact B, prefix A, prefix B, starts A, starts B. */
const NAME_BITS = 6;

/** The name tier of a first-name code's and a last-name code's condition bits (NAME_BITS order). */
function nameTierOf(words: number, f: number, l: number): number {
  const bit = (v: number, b: number) => (v >> b) & 1;
  if (words === 1) {
    // Bits: 0 equal to the word, 4 starting with it.
    if (bit(l, 0)) return 1;
    if (bit(f, 0)) return 2;
    if (bit(l, 4) | bit(f, 4)) return 3;
    return NO_NAME;
  }
  // Reading A = (first word, rest), B = (rest, first word) as (first name, last name).
  const [faExact, fbExact, faPrefix, fbPrefix, faStarts, fbStarts] = [0, 1, 2, 3, 4, 5].map((b) => bit(f, b));
  const [laExact, lbExact, laPrefix, lbPrefix, laStarts, lbStarts] = [0, 1, 2, 3, 4, 5].map((b) => bit(l, b));
  if ((faExact & lbExact) | (fbExact & laExact)) return 0;
  const pairA = faPrefix & lbPrefix;
  const pairB = fbPrefix & laPrefix;
  if ((pairA & lbExact) | (pairB & laExact)) return 1;
  if ((pairA & faExact) | (pairB & fbExact)) return 2;
  if ((pairA & (faStarts | lbStarts)) | (pairB & (fbStarts | laStarts))) return 3;
  if (pairA | pairB) return 4;
  return NO_NAME;
}

export function tierTables(s: Snapshot, c: SearchCriteria): TierTables {
  const col = (field: ScalarField) => s.cols.scalar[SCALAR_INDEX[field]];
  const size = (field: ScalarField) => s.dicts.scalar[SCALAR_INDEX[field]].size;
  const texts = c.terms.length ? c.terms : c.words;
  /** Per code, `tier` where every text term is a whole word of the value, else 9. */
  const wholeTier = (codes: number, mask: (test: ValueTest) => Uint8Array, tier: number): Uint8Array => {
    if (!texts.length) return new Uint8Array(codes).fill(tier);
    const [out, ...more] = texts.map((t) => mask((_l, _v, w) => hasWholeWord(w, t)));
    for (const m of more) for (let code = 0; code < out.length; code++) out[code] &= m[code];
    // 1 -> tier, 0 -> 9, in one pass (tier < 9).
    for (let code = 0; code < out.length; code++) out[code] = 9 - out[code] * (9 - tier);
    return out;
  };
  const scalarTier = (field: ScalarField, tier: number) =>
    wholeTier(size(field), (test) => codeMask(s, field, test), tier);

  // The specialty phrases: a bit each (the query reads at most a few).
  const phrasesOfSpecialty = new Uint32Array(size('specialty'));
  const phrasesOfSub = new Uint32Array(size('subSpecialty'));
  c.specialtyTerms.slice(0, 31).forEach((t, p) => {
    const names = new Set([...t.specialties, ...t.subSpecialties]);
    const named = (lower: string) => names.has(lower.trim());
    codeMask(s, 'specialty', named).forEach((m, code) => (phrasesOfSpecialty[code] |= m << p));
    codeMask(s, 'subSpecialty', named).forEach((m, code) => (phrasesOfSub[code] |= m << p));
  });

  // The name conditions (none without words: every name tier is NO_NAME).
  const firstBits = new Uint8Array(size('firstName'));
  const lastBits = new Uint8Array(size('lastName'));
  const words = c.words.length;
  const sides = words === 0 ? [] : words === 1 ? [c.words[0]] : [c.words[0], c.words.slice(1).join(' ')];
  const mark = (bits: Uint8Array, field: ScalarField, bit: number, test: ValueTest) =>
    codeMask(s, field, test).forEach((m, code) => (bits[code] |= m << bit));
  sides.forEach((w, side) => {
    const whole = ` ${w}`;
    for (const [bits, field] of [[firstBits, 'firstName'], [lastBits, 'lastName']] as const) {
      mark(bits, field, side, (_l, _v, value) => value === whole);
      if (words > 1) mark(bits, field, 2 + side, (_l, _v, value) => hasWordPrefix(value, w));
      mark(bits, field, 4 + side, (_l, _v, value) => value.startsWith(whole));
    }
  });
  const nameTier = new Uint8Array(1 << (2 * NAME_BITS)).fill(NO_NAME);
  if (words)
    for (let f = 0; f < 1 << NAME_BITS; f++)
      for (let l = 0; l < 1 << NAME_BITS; l++) nameTier[(f << NAME_BITS) | l] = nameTierOf(words, f, l);

  const skillsTier = wholeTier(s.dicts.sets[SET_INDEX.skills].size, (test) => setMask(s, 'skills', test), 7);
  return {
    first: col('firstName'),
    firstBits,
    last: col('lastName'),
    lastBits,
    nameTier,
    specialty: col('specialty'),
    phrasesOfSpecialty,
    sub: col('subSpecialty'),
    phrasesOfSub,
    allPhrases: 2 ** Math.min(c.specialtyTerms.length, 31) - 1,
    // Phrases alone (no text term): every row that matches them is of the specialty tier.
    specialtyTier: scalarTier('specialty', 5),
    title: col('title'),
    titleTier: scalarTier('title', texts.length ? 6 : 5),
    skills: s.cols.sets[SET_INDEX.skills],
    skillsTier,
    organization: col('organization'),
    organizationTier: scalarTier('organization', texts.length ? 8 : 5),
  };
}

/** The tier of row `i` (tierTables). */
function tierOf(t: TierTables, i: number): number {
  let tier = 10;
  if ((t.phrasesOfSpecialty[t.specialty[i]] | t.phrasesOfSub[t.sub[i]]) === t.allPhrases) {
    tier = t.specialtyTier[t.specialty[i]];
    const title = t.titleTier[t.title[i]];
    if (title < tier) tier = title;
    const skills = t.skillsTier[t.skills[i]];
    if (skills < tier) tier = skills;
    const organization = t.organizationTier[t.organization[i]];
    if (organization < tier) tier = organization;
  }
  const name = t.nameTier[(t.firstBits[t.first[i]] << NAME_BITS) | t.lastBits[t.last[i]]];
  return name < tier ? name : tier;
}

/** The tier of one matching row (0 best), for tests and callers that rank a few rows. */
export function relevanceRanker(s: Snapshot, c: SearchCriteria): Ranker {
  const tables = tierTables(s, c);
  return (row) => tierOf(tables, row);
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
  const tables = tierTables(s, criteria);
  const tiers = ws.tierBuffer(s.cols.length, NO_TIER);
  const counts = new Int32Array(RELEVANCE_TIERS);
  const rankWords = (from: number, to: number) => {
    for (let w = from; w < to; w++) {
      let v = bits[w];
      while (v !== 0) {
        const low = v & -v;
        const row = (w << 5) + (31 - Math.clz32(low));
        v ^= low;
        const tier = tierOf(tables, row);
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
