import { hasWholeWord, hasWordPrefix } from '../data/search-words';
import { placeAliases, type SearchCriteria } from '../query/criteria';
import type { Sliced, Workspace } from '../data/slices';
import type { Snapshot } from '../data/snapshot';
import { countBits } from '../data/bitsets';
import { gatherRows } from '../data/postings';
import { placeInOrder } from '../data/sort-orders';
import type { CodeArray } from '../data/columns';
import { anchored, codeMask, eachMatchingCode, setMask, type ValueTest } from '../query/terms';
import { SCALAR_INDEX, SET_INDEX, type ScalarField } from '../data/wire-format';

/*
 * Relevance (ADR 020, ADR 052): a tier per matching row, then the name order inside each tier.
 */

/**
 * The tiers inside one class (see tierTables): 0 full name, 1 last name equal, 2 first name
 * equal, 3 the city named whole (every text term a whole word of it, and nothing more), 4 a name
 * starting with the word, 5 the several-word name rule by prefixes, or a longer city holding every
 * text term, 6-9 every text term a whole word of the specialty, title, a
 * skill, the organisation, 10 the rest.
 */
const INNER_TIERS = 11;
/** The tier inside a class of a match that meets no other condition. */
const REST = 10;
/** Three classes of INNER_TIERS each: the phrases held by their own field, by another's sub-specialty, by a title or skill. */
export const RELEVANCE_TIERS = 3 * INNER_TIERS;
/** The tier of one matching row: 0 best. */
type Ranker = (row: number) => number;
/** A row's tier outside a relevance search (the workspace's tier buffer holds it between searches). */
const NO_TIER = 255;

/**
 * Tiers. First the class of the query's specialty phrases (ADR 052): 0 every phrase held by its
 * own field (the specialty it names: 'cardiology' a cardiologist; a phrase naming sub-specialties
 * only, that sub-specialty: 'pediatric cardiologist'), 1 some phrase held only through a
 * sub-specialty of another specialty ('cardiology': a pediatrician whose sub-specialty is
 * Pediatric Cardiology), 2 some phrase found only in a title or a skill. Inside a class
 * (INNER_TIERS), with text words, the spec's name rule first: 0 the full name (several words:
 * first and last name equal to the two parts), 1 the last name equal to the query (or to its
 * part), 2 the first name likewise; then 3 the city named whole, every text term a whole word of
 * it and it no more words (a place named beside a specialty or a name: 'cardiology boston',
 * 'st louis' Saint Louis), 4 a name starting with the word, 5 other matches of the several-word
 * name rule, or a longer city holding every term ('st louis': St Louis Park); then every text term a whole word of 6 the
 * specialty, 7 the title, 8 a skill, 9 the organisation; 10 the other matches (word prefixes,
 * states, several fields). Exact words come before word prefixes, a place before a name that only
 * begins with its letters; a misspelt word's corrected search (spelling.ts) is its own search,
 * never mixed with these.
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
  /** The phrases each specialty / sub-specialty code holds as the phrase's own field (class 0). */
  ownOfSpecialty: Uint32Array;
  ownOfSub: Uint32Array;
  /** Per code, the tier a whole-word match in that field gives (REST when none; null: REST for every code). */
  specialtyTier: Uint8Array | null;
  title: CodeArray;
  titleTier: Uint8Array | null;
  skills: CodeArray;
  skillsTier: Uint8Array | null;
  organization: CodeArray;
  organizationTier: Uint8Array | null;
  city: CodeArray;
  cityTier: Uint8Array | null;
  /** Whether some first or last name meets a name condition (else every name tier is NO_NAME). */
  names: boolean;
};

/** The words of a value in searchWords form. */
function wordCount(words: string): number {
  let count = 0;
  for (const word of words.split(' ')) if (word) count++;
  return count;
}

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
    if (bit(l, 4) | bit(f, 4)) return 4;
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
  if ((pairA & (faStarts | lbStarts)) | (pairB & (fbStarts | laStarts))) return 4;
  if (pairA | pairB) return 5;
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
  /** Per code, `tier` where every text term (`of`) is a whole word of the value, else REST (null when no code is). */
  const wholeTier = (
    codes: number,
    mask: (test: ValueTest) => Uint8Array,
    tier: number,
    of: readonly string[] = texts,
    /** Other whole words that count as a term (each its own anchored mask, OR-ed). */
    aliases: (term: string) => readonly string[] = () => [],
  ): Uint8Array | null => {
    if (!of.length) return new Uint8Array(codes).fill(tier);
    const wholeMask = (t: string) => mask(anchored((_l, _v, w) => hasWholeWord(w, t), t, false));
    let out: Uint8Array | null = null;
    // Term by term, stopping at one no value holds (most terms of most fields: 'mercy' names no
    // skill, and the skill sets holding 'hospital' are then never marked).
    for (const t of of) {
      const m = wholeMask(t);
      for (const alias of aliases(t)) {
        const a = wholeMask(alias);
        for (let code = 0; code < m.length; code++) m[code] |= a[code];
      }
      if (out) for (let code = 0; code < out.length; code++) out[code] &= m[code];
      else out = m;
      if (out.indexOf(1) === -1) return null;
    }
    // 1 -> tier, 0 -> REST, in one pass (tier < REST).
    if (!out) return null;
    for (let code = 0; code < out.length; code++) out[code] = REST - out[code] * (REST - tier);
    return out;
  };
  const scalarTier = (field: ScalarField, tier: number) =>
    wholeTier(size(field), (test) => codeMask(s, field, test), tier);

  // The specialty phrases: a bit each (the query reads at most a few).
  const phrasesOfSpecialty = new Uint32Array(size('specialty'));
  const phrasesOfSub = new Uint32Array(size('subSpecialty'));
  const ownOfSpecialty = new Uint32Array(size('specialty'));
  const ownOfSub = new Uint32Array(size('subSpecialty'));
  // Each code a value matches gets the bit (the codes visited, not every code of the field).
  const mark = (bits: Uint8Array | Uint32Array, field: ScalarField, bit: number, test: ValueTest) =>
    eachMatchingCode(s, field, test, (code) => (bits[code] |= 1 << bit));
  c.specialtyTerms.slice(0, 31).forEach((t, p) => {
    const names = new Set([...t.specialties, ...t.subSpecialties]);
    const named = (lower: string) => names.has(lower.trim());
    mark(phrasesOfSpecialty, 'specialty', p, named);
    mark(phrasesOfSub, 'subSpecialty', p, named);
    // Its own field: the specialties it names, or (naming none) its sub-specialties.
    const own = new Set(t.specialties.length ? t.specialties : t.subSpecialties);
    const ownNamed = (lower: string) => own.has(lower.trim());
    mark(ownOfSpecialty, 'specialty', p, ownNamed);
    if (!t.specialties.length) mark(ownOfSub, 'subSpecialty', p, ownNamed);
  });

  // The name conditions (none without words: every name tier is NO_NAME).
  const firstBits = new Uint8Array(size('firstName'));
  const lastBits = new Uint8Array(size('lastName'));
  const words = c.words.length;
  const sides = words === 0 ? [] : words === 1 ? [c.words[0]] : [c.words[0], c.words.slice(1).join(' ')];
  sides.forEach((w, side) => {
    const whole = ` ${w}`;
    for (const [bits, field] of [[firstBits, 'firstName'], [lastBits, 'lastName']] as const) {
      mark(bits, field, side, anchored((_l, _v, value) => value === whole, w, false));
      if (words > 1) mark(bits, field, 2 + side, anchored((_l, _v, value) => hasWordPrefix(value, w), w, true));
      mark(bits, field, 4 + side, anchored((_l, _v, value) => value.startsWith(whole), w, true));
    }
  });
  const nameTier = words === 0 ? NO_NAME_TIERS : words === 1 ? ONE_WORD_NAME_TIERS : NAME_TIERS;

  const skillsTier = wholeTier(s.dicts.sets[SET_INDEX.skills].size, (test) => setMask(s, 'skills', test), 8);
  // A place: only the several-word rule's terms search cities. A term's place spellings count as
  // the term ('st' a whole word 'saint': criteria.ts placeAliases). The whole city named ('st louis':
  // Saint Louis) is tier 3; a longer city holding every term (St Louis Park) tier 5.
  const cityTier = c.terms.length ? wholeTier(size('city'), (test) => codeMask(s, 'city', test), 3, c.terms, placeAliases) : null;
  if (cityTier) {
    const cities = s.dicts.scalar[SCALAR_INDEX.city];
    for (let code = 0; code < cityTier.length; code++)
      if (cityTier[code] === 3 && wordCount(cities.words(code)) !== c.terms.length) cityTier[code] = 5;
  }
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
    ownOfSpecialty,
    ownOfSub,
    // Phrases alone (no text term): every row that matches them is of the specialty tier.
    specialtyTier: scalarTier('specialty', 6),
    title: col('title'),
    titleTier: scalarTier('title', texts.length ? 7 : 6),
    skills: s.cols.sets[SET_INDEX.skills],
    skillsTier,
    organization: col('organization'),
    organizationTier: scalarTier('organization', texts.length ? 9 : 6),
    city: col('city'),
    cityTier,
    names: words > 0 && (firstBits.some((b) => b !== 0) || lastBits.some((b) => b !== 0)),
  };
}

/**
 * The tier the phrases (its class) and the specialty, title, skills, organisation and city tables
 * give row `i`, before its name's.
 */
function columnTier(t: TierTables, i: number): number {
  const specialty = t.specialty[i];
  let tier = t.specialtyTier ? t.specialtyTier[specialty] : REST;
  if (t.titleTier && t.titleTier[t.title[i]] < tier) tier = t.titleTier[t.title[i]];
  if (t.skillsTier && t.skillsTier[t.skills[i]] < tier) tier = t.skillsTier[t.skills[i]];
  if (t.organizationTier && t.organizationTier[t.organization[i]] < tier) tier = t.organizationTier[t.organization[i]];
  if (t.cityTier && t.cityTier[t.city[i]] < tier) tier = t.cityTier[t.city[i]];
  if (t.allPhrases === 0) return tier;
  const sub = t.sub[i];
  if ((t.phrasesOfSpecialty[specialty] | t.phrasesOfSub[sub]) !== t.allPhrases) return 2 * INNER_TIERS + tier;
  if ((t.ownOfSpecialty[specialty] | t.ownOfSub[sub]) !== t.allPhrases) return INNER_TIERS + tier;
  return tier;
}

/** The tier of a class's first tier (0, INNER_TIERS or 2 * INNER_TIERS) that `tier` is in. */
const classOf = (tier: number): number => (tier >= 2 * INNER_TIERS ? 2 * INNER_TIERS : tier >= INNER_TIERS ? INNER_TIERS : 0);

/** The tier of row `i`'s name (NO_NAME when it meets no name condition). */
const nameTierOfRow = (t: TierTables, i: number): number =>
  t.nameTier[(t.firstBits[t.first[i]] << NAME_BITS) | t.lastBits[t.last[i]]];

/** A 0/1 mask of the codes whose condition bits are not all 0. */
const nonZero = (marks: Uint8Array): Uint8Array => marks.map((m) => (m === 0 ? 0 : 1));

/** The tier of row `i` (tierTables): its class, then the better of its name's and its columns' tiers. */
function tierOf(t: TierTables, i: number): number {
  const tier = columnTier(t, i);
  const base = classOf(tier);
  const name = nameTierOfRow(t, i);
  return name < tier - base ? base + name : tier;
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
  // apart; otherwise every match is of tier REST (left unwritten: NO_TIER), as most of 'a''s are.
  if (t.allPhrases !== 0 || t.specialtyTier || t.titleTier || t.skillsTier || t.organizationTier || t.cityTier) {
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
  } else counts[REST] = countBits(bits);
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
          const current = tiers[row] === NO_TIER ? REST : tiers[row];
          const base = classOf(current);
          if (name < current - base) {
            counts[current]--;
            counts[base + name]++;
            tiers[row] = base + name;
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
      ((bits[row >>> 5] >>> (row & 31)) & 1) === 1 && (tiers[row] === tier || (tier === REST && tiers[row] === NO_TIER));
    const end = Math.min(take, k + counts[tier]);
    k = yield* placeInOrder(s.sorts.name, 'asc', bits, has, counts[tier], end, ordered, k, ws);
  }
  tiers.fill(NO_TIER, 0, s.cols.length);
  return ordered;
}
