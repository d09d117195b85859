import type { CodeArray } from '../data/columns';
import { hasWordPrefix, searchTerm } from '../data/search-words';
import { directoryItemCounts, type Dictionary } from '../data/dictionary';
import type { Postings } from '../data/postings';
import type { Snapshot } from '../data/snapshot';
import { SCALAR_INDEX, SET_INDEX, type ScalarField, type SetField } from '../data/wire-format';

/*
 * Terms: a condition on one field, evaluated once per distinct value (a few hundred names, a few
 * thousand organisations) into a byte mask over the field's codes. The clauses (clause.ts) then
 * read the mask once per row.
 */

/**
 * A mask over one field's codes: mask[code] === 1 when that value matches; with the field's
 * postings when it has them (a selective term then lists its rows: postings.ts). `size`: the
 * mask's length. A set term (`items`) makes its mask over the field's sets on first read: a row
 * tested by its set's items needs none, and a common word's mask ('hospital': the hundreds of
 * thousands of sets holding one of thousands of hospitals) cost more than testing the candidates
 * left by their items.
 */
export type Term = {
  codes: CodeArray;
  readonly mask: Uint8Array;
  size: number;
  estimate: number;
  postings?: Postings;
  items?: ItemMatch;
};

/** A set term's matching items: mask[item] === 1, with the set dictionary's sets (starts, flat) and whether its set mask is made. */
export type ItemMatch = { mask: Uint8Array; starts: Int32Array; flat: Int32Array; masked: () => boolean };

const postingsOfField = (s: Snapshot, field: ScalarField | SetField): Postings | undefined =>
  (s.postings as Partial<Record<ScalarField | SetField, Postings>>)[field];

/**
 * How a value is tested: its lower-cased text, its text as stored, and its words (searchWords
 * form, for word-prefix matching).
 */
export type ValueTest = ((lower: string, value: string, words: string) => boolean) & { anchor?: Anchor };

/**
 * Words one of which every value that passes a test holds (a prefix of one, with `prefix`): a
 * large dictionary then lists the values holding them (Dictionary.codesWithWord) and tests only
 * those. `decides`: holding it is the whole test (no value listed needs testing).
 */
export type Anchor = { words: string[]; prefix: boolean; decides: boolean };

/** `test`, marked with the word (its first word: searchTerm form) that every value it passes holds. */
export function anchored(test: ValueTest, term: string, prefix: boolean): ValueTest {
  const [word] = term.split(' ');
  test.anchor = { words: [word], prefix: prefix && word === term, decides: false };
  return test;
}

/** `test`, marked with whole words (searchTerm form) one of which every value it passes holds (a hospital's CCN). */
export function anchoredAny(test: ValueTest, words: string[]): ValueTest {
  test.anchor = { words, prefix: false, decides: false };
  return test;
}

/**
 * The values with a word starting with `text` (word-prefix matching, data/search-words.ts: 'card'
 * finds Cardiology, 'urology' not Neurology, 'smith' Smith-Jones but not Goldsmith).
 */
export const wordPrefix = (text: string): ValueTest => {
  const term = searchTerm(text);
  const test = anchored((_lower, _value, words) => hasWordPrefix(words, term), term, true);
  // One word (no space, nothing to read after it): holding a word that starts with it decides.
  if (term !== '' && !term.includes(' ')) test.anchor!.decides = true;
  return test;
};

/** Dictionaries this large find an anchored test's values from their word index. */
const INDEXED_FROM = 2048;

/**
 * Calls `visit` with each code in [1, size) whose value passes `matches`: every code tested,
 * or, for an anchored test on a large dictionary, the codes holding its word. With `held` (rows
 * per code), codes no row holds are skipped before any test.
 */
function eachMatch(
  dict: Dictionary,
  size: number,
  matches: ValueTest,
  visit: (code: number) => void,
  held?: Int32Array,
): void {
  const anchor = matches.anchor;
  if (!anchor || anchor.words.some((w) => w === '') || dict.size < INDEXED_FROM) {
    for (let c = 1; c < size; c++)
      if ((!held || held[c] > 0) && matches(dict.lower[c], dict.values[c], dict.words(c))) visit(c);
    return;
  }
  const seen = new Uint8Array(size);
  for (const word of anchor.words)
    for (const c of dict.codesWithWord(word, anchor.prefix)) {
      if (c >= size || seen[c] === 1 || (held && held[c] === 0)) continue;
      seen[c] = 1;
      if (anchor.decides || matches(dict.lower[c], dict.values[c], dict.words(c))) visit(c);
    }
}

/** Rows whose value of `field` matches (null when none does). */
export function scalarTerm(s: Snapshot, field: ScalarField, matches: ValueTest): Term | null {
  const dict = s.dicts.scalar[SCALAR_INDEX[field]];
  const counts = s.counts[field];
  const size = counts.length;
  const mask = new Uint8Array(size);
  let estimate = 0;
  eachMatch(
    dict,
    size,
    matches,
    (c) => {
      mask[c] = 1;
      estimate += counts[c];
    },
    counts,
  );
  return estimate > 0
    ? { codes: s.cols.scalar[SCALAR_INDEX[field]], mask, size, estimate, postings: postingsOfField(s, field) }
    : null;
}

/** The item codes of a set field that match (null when none does). */
function matchingItems(s: Snapshot, field: SetField, matches: ValueTest): number[] | null {
  const { items } = s.dicts.sets[SET_INDEX[field]];
  const found: number[] = [];
  eachMatch(items, items.size, matches, (c) => found.push(c));
  return found.length ? found : null;
}

/** Set fields with at most `eagerUpTo` distinct sets make a term's mask at once (setTerm; tests lower it). */
export const SET_TERMS = { eagerUpTo: 65_536 };

/**
 * Rows whose set holds at least one item that matches. Its estimate is the rows holding each item
 * that matches, added up (a row holding two of them counted twice), at most the rows alive; its
 * mask over the sets is made on first read (Term) when the field has many distinct sets.
 */
export function setTerm(s: Snapshot, field: SetField, matches: ValueTest): Term | null {
  const items = matchingItems(s, field, matches);
  if (!items) return null;
  const dict = s.dicts.sets[SET_INDEX[field]];
  const counts = s.counts[field];
  const rowsOf = directoryItemCounts(dict, counts);
  const itemMask = new Uint8Array(dict.items.size);
  let estimate = 0;
  for (const item of items) {
    // Items made after this snapshot (a later patch) are past its counts: no row of it holds them.
    if (item >= rowsOf.length || rowsOf[item] === 0) continue;
    itemMask[item] = 1;
    estimate += rowsOf[item];
  }
  if (estimate === 0) return null;
  let mask: Uint8Array | null = null;
  const size = counts.length;
  const made = () => {
    const out = new Uint8Array(size);
    for (const item of items) {
      if (itemMask[item] === 0) continue;
      for (const set of dict.setsHolding(item)) {
        // Sets made after this snapshot are past its counts: no row of it holds them.
        if (set >= size) break;
        if (counts[set] !== 0) out[set] = 1;
      }
    }
    return out;
  };
  // A field of few distinct sets (languages, degrees, licences) has its mask made now: it costs
  // little, and a row is then tested with one read instead of three.
  if (size <= SET_TERMS.eagerUpTo) mask = made();
  return {
    codes: s.cols.sets[SET_INDEX[field]],
    get mask() {
      return (mask ??= made());
    },
    size,
    estimate: Math.min(estimate, s.aliveCount),
    postings: postingsOfField(s, field),
    items: { mask: itemMask, starts: dict.starts, flat: dict.flat, masked: () => mask !== null },
  };
}

/** Calls `visit` with each code of a scalar field whose value matches (including unused ones). */
export function eachMatchingCode(s: Snapshot, field: ScalarField, matches: ValueTest, visit: (code: number) => void): void {
  const dict = s.dicts.scalar[SCALAR_INDEX[field]];
  eachMatch(dict, dict.size, matches, visit);
}

/** A 0/1 mask over a scalar field's codes (every code, including unused ones). */
export function codeMask(s: Snapshot, field: ScalarField, matches: ValueTest): Uint8Array {
  const mask = new Uint8Array(s.dicts.scalar[SCALAR_INDEX[field]].size);
  eachMatchingCode(s, field, matches, (c) => (mask[c] = 1));
  return mask;
}

/** A 0/1 mask over a set field's set codes: the sets holding an item that matches. */
export function setMask(s: Snapshot, field: SetField, matches: ValueTest): Uint8Array {
  const dict = s.dicts.sets[SET_INDEX[field]];
  const mask = new Uint8Array(dict.size);
  for (const item of matchingItems(s, field, matches) ?? []) for (const set of dict.setsHolding(item)) mask[set] = 1;
  return mask;
}
