import type { CodeArray } from './columns';
import { hasWordPrefix, searchTerm } from '../criteria';
import type { Snapshot } from './snapshot';
import { SCALAR_INDEX, SET_INDEX, type ScalarField, type SetField } from './wire-format';

/*
 * Terms: a condition on one field, evaluated once per distinct value (a few hundred names, a few
 * thousand organisations) into a byte mask over the field's codes. The clauses (clause.ts) then
 * read the mask once per row.
 */

/** A mask over one field's codes: mask[code] === 1 when that value matches. */
export type Term = { codes: CodeArray; mask: Uint8Array; estimate: number };

/**
 * How a value is tested: its lower-cased text, its text as stored, and its words (searchWords
 * form, for word-prefix matching).
 */
export type ValueTest = (lower: string, value: string, words: string) => boolean;

/**
 * The values with a word starting with `text` (word-prefix matching, criteria.ts: 'card' finds
 * Cardiology, 'urology' not Neurology, 'smith' Smith-Jones but not Goldsmith).
 */
export const wordPrefix = (text: string): ValueTest => {
  const term = searchTerm(text);
  return (_lower, _value, words) => hasWordPrefix(words, term);
};

/** Rows whose value of `field` matches (null when none does). */
export function scalarTerm(s: Snapshot, field: ScalarField, matches: ValueTest): Term | null {
  const dict = s.dicts.scalar[SCALAR_INDEX[field]];
  const counts = s.counts[field];
  const size = counts.length;
  const mask = new Uint8Array(size);
  let estimate = 0;
  for (let c = 1; c < size; c++) {
    if (counts[c] > 0 && matches(dict.lower[c], dict.values[c], dict.words(c))) {
      mask[c] = 1;
      estimate += counts[c];
    }
  }
  return estimate > 0 ? { codes: s.cols.scalar[SCALAR_INDEX[field]], mask, estimate } : null;
}

/** Rows whose set holds at least one item that matches. */
export function setTerm(s: Snapshot, field: SetField, matches: ValueTest): Term | null {
  const dict = s.dicts.sets[SET_INDEX[field]];
  const itemMask = new Uint8Array(dict.items.size);
  let anyItem = false;
  for (let c = 1; c < dict.items.size; c++) {
    if (matches(dict.items.lower[c], dict.items.values[c], dict.items.words(c))) {
      itemMask[c] = 1;
      anyItem = true;
    }
  }
  if (!anyItem) return null;
  const counts = s.counts[field];
  const size = counts.length;
  const mask = new Uint8Array(size);
  const { starts, flat } = dict;
  let estimate = 0;
  for (let c = 1; c < size; c++) {
    if (counts[c] === 0) continue;
    for (let k = starts[c], end = starts[c + 1]; k < end; k++) {
      if (itemMask[flat[k]] === 1) {
        mask[c] = 1;
        estimate += counts[c];
        break;
      }
    }
  }
  return estimate > 0 ? { codes: s.cols.sets[SET_INDEX[field]], mask, estimate } : null;
}

/** A 0/1 mask over a scalar field's codes (every code, including unused ones). */
export function codeMask(s: Snapshot, field: ScalarField, matches: ValueTest): Uint8Array {
  const dict = s.dicts.scalar[SCALAR_INDEX[field]];
  const mask = new Uint8Array(dict.size);
  for (let c = 1; c < dict.size; c++) if (matches(dict.lower[c], dict.values[c], dict.words(c))) mask[c] = 1;
  return mask;
}

/** A 0/1 mask over a set field's set codes: the sets holding an item that matches. */
export function setMask(s: Snapshot, field: SetField, matches: ValueTest): Uint8Array {
  const dict = s.dicts.sets[SET_INDEX[field]];
  const items = dict.items;
  const itemMask = new Uint8Array(items.size);
  let anyItem = false;
  for (let c = 1; c < items.size; c++) {
    if (!matches(items.lower[c], items.values[c], items.words(c))) continue;
    itemMask[c] = 1;
    anyItem = true;
  }
  const mask = new Uint8Array(dict.size);
  // No item matches: no set holds one (the pass over every distinct set is skipped).
  if (!anyItem) return mask;
  for (let c = 1; c < dict.size; c++) {
    for (let k = dict.starts[c], end = dict.starts[c + 1]; k < end; k++) {
      if (itemMask[dict.flat[k]] === 1) {
        mask[c] = 1;
        break;
      }
    }
  }
  return mask;
}
