import { hasWholeWord, hasWordPrefix, type SearchCriteria } from '../criteria';
import type { Sliced, Workspace } from '../search-slices';
import type { Snapshot } from './snapshot';
import { countBits } from './bitsets';
import { gatherRows } from './postings';
import { placeInOrder } from './sort-orders';
import type { CodeArray } from './columns';
import { anchored, codeMask, setMask, type ValueTest } from './terms';
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
  /** Per code, the tier a whole-word match in that field gives (9 when none; null: 9 for every code). */
  specialtyTier: Uint8Array | null;
  title: CodeArray;
  titleTier: Uint8Array | null;
  skills: CodeArray;
  skillsTier: Uint8Array | null;
  organization: CodeArray;
  organizationTier: Uint8Array | null;
  /** Whether some first or last name meets a name condition (else every name tier is NO_NAME). */
  names: boolean;
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

/** The name tier of every pair of a first name's and a last name's condition bits, for `words` query words. */
function nameTiers(words: number): Uint8Array {
  const table = new Uint8Array(1 << (2 * NAME_BITS)).fill(NO_NAME);
  if (words)
    for (let f = 0; f < 1 << NAME_BITS; f++)
      for (let l = 0; l < 1 << NAME_BITS; l++) table[(f << NAME_BITS) | l] = nameTierOf(words, f, l);
  return table;
}
/** Made once: the tables depend only on whether the query has no word, one, or several. */
const NO_NAME_TIERS = nameTiers(0);
const ONE_WORD_NAME_TIERS = nameTiers(1);
const NAME_TIERS = nameTiers(2);

export function tierTables(s: Snapshot, c: SearchCriteria): TierTables {
  const col = (field: ScalarField) => s.cols.scalar[SCALAR_INDEX[field]];
  const size = (field: ScalarField) => s.dicts.scalar[SCALAR_INDEX[field]].size;
  const texts = c.terms.length ? c.terms : c.words;
  /** Per code, `tier` where every text term is a whole word of the value, else 9 (null when no code is). */
  const wholeTier = (codes: number, mask: (test: ValueTest) => Uint8Array, tier: number): Uint8Array | null => {
    if (!texts.length) return new Uint8Array(codes).fill(tier);
    const [out, ...more] = texts.map((t) => mask(anchored((_l, _v, w) => hasWholeWord(w, t), t, false)));
    for (const m of more) for (let code = 0; code < out.length; code++) out[code] &= m[code];
    if (out.indexOf(1) === -1) return null;
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
      mark(bits, field, side, anchored((_l, _v, value) => value === whole, w, false));
      if (words > 1) mark(bits, field, 2 + side, anchored((_l, _v, value) => hasWordPrefix(value, w), w, true));
      mark(bits, field, 4 + side, anchored((_l, _v, value) => value.startsWith(whole), w, true));
    }
  });
  const nameTier = words === 0 ? NO_NAME_TIERS : words === 1 ? ONE_WORD_NAME_TIERS : NAME_TIERS;

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
    names: words > 0 && (firstBits.some((b) => b !== 0) || lastBits.some((b) => b !== 0)),
  };
}

/**
 * The tier the phrases and the specialty, title, skills and organisation tables give row `i`
 * (10 when a phrase is not the row's specialty), before its name's.
 */
function columnTier(t: TierTables, i: number): number {
  if ((t.phrasesOfSpecialty[t.specialty[i]] | t.phrasesOfSub[t.sub[i]]) !== t.allPhrases) return 10;
  let tier = t.specialtyTier ? t.specialtyTier[t.specialty[i]] : 9;
  if (t.titleTier && t.titleTier[t.title[i]] < tier) tier = t.titleTier[t.title[i]];
  if (t.skillsTier && t.skillsTier[t.skills[i]] < tier) tier = t.skillsTier[t.skills[i]];
  if (t.organizationTier && t.organizationTier[t.organization[i]] < tier) tier = t.organizationTier[t.organization[i]];
  return tier;
}

/** The tier of row `i`'s name (NO_NAME when it meets no name condition). */
const nameTierOfRow = (t: TierTables, i: number): number =>
  t.nameTier[(t.firstBits[t.first[i]] << NAME_BITS) | t.lastBits[t.last[i]]];

/** A 0/1 mask of the codes whose condition bits are not all 0. */
const nonZero = (marks: Uint8Array): Uint8Array => marks.map((m) => (m === 0 ? 0 : 1));

/** The tier of row `i` (tierTables). */
function tierOf(t: TierTables, i: number): number {
  const name = nameTierOfRow(t, i);
  const tier = columnTier(t, i);
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
  const t = tierTables(s, criteria);
  const tiers = ws.tierBuffer(s.cols.length, NO_TIER);
  const counts = new Int32Array(RELEVANCE_TIERS);
  // The columns' tiers, in one pass over the matches, when a table or a phrase can tell them
  // apart; otherwise every match is of tier 9 (left unwritten: NO_TIER), as most of 'a''s are.
  if (t.allPhrases !== 0 || t.specialtyTier || t.titleTier || t.skillsTier || t.organizationTier) {
    const rankWords = (from: number, to: number) => {
      for (let w = from; w < to; w++) {
        let v = bits[w];
        while (v !== 0) {
          const low = v & -v;
          const row = (w << 5) + (31 - Math.clz32(low));
          v ^= low;
          const tier = columnTier(t, row);
          tiers[row] = tier;
          counts[tier]++;
        }
      }
    };
    yield* ws.chunks(bits.length, rankWords, 32);
  } else counts[9] = countBits(bits);
  // Then the names: only the rows of a first or last name that meets a condition can rank by
  // it. They are listed from the names' postings into a bitset (writes within a small bitset),
  // then visited in row order among the matches (reads in the columns' order, not at random).
  if (t.names) {
    const named = ws.nameBits(bits.length);
    gatherRows(s.postings.firstName, nonZero(t.firstBits), named);
    gatherRows(s.postings.lastName, nonZero(t.lastBits), named);
    const nameWords = (from: number, to: number) => {
      for (let w = from; w < to; w++) {
        let v = named[w] & bits[w];
        named[w] = 0;
        while (v !== 0) {
          const low = v & -v;
          const row = (w << 5) + (31 - Math.clz32(low));
          v ^= low;
          const name = nameTierOfRow(t, row);
          const current = tiers[row] === NO_TIER ? 9 : tiers[row];
          if (name < current) {
            counts[current]--;
            counts[name]++;
            tiers[row] = name;
          }
        }
      }
    };
    // Every word is visited (and cleared: the buffer is the workspace's, zero between searches).
    yield* ws.chunks(bits.length, nameWords, 32);
  }
  const ordered = new Int32Array(take);
  let k = 0;
  for (let tier = 0; tier < RELEVANCE_TIERS && k < take; tier++) {
    if (counts[tier] === 0) continue;
    const has = (row: number) =>
      ((bits[row >>> 5] >>> (row & 31)) & 1) === 1 && (tiers[row] === tier || (tier === 9 && tiers[row] === NO_TIER));
    const end = Math.min(take, k + counts[tier]);
    k = yield* placeInOrder(s.sorts.name, 'asc', bits, has, counts[tier], end, ordered, k, ws);
  }
  tiers.fill(NO_TIER, 0, s.cols.length);
  return ordered;
}
