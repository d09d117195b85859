import type { CodeArray } from './columns';

/*
 * Postings: for a searched field, its alive rows grouped by code (rows of code c are
 * rows[starts[c] .. starts[c + 1]), ascending). A term matching few rows ('smith', 'boston', a
 * rare organisation word) then sets their bits directly, instead of a pass reading the field's
 * code on every row of the directory: at 1,500,000 rows the pass is the larger part of a selective
 * search. One counting sort per field per build (a patch redoes only the fields whose codes it
 * changed); 4 bytes a row per field.
 */

export type Postings = { rows: Int32Array; starts: Int32Array; byItem?: true };

/**
 * The fields with postings: the text fields a query word is looked for in (not state, few values),
 * specialty and sub-specialty (a specialty phrase or filter lists its rows: ADR 067), and the
 * hospitals (a hospital's name in a query, 'Affiliated with': ADR 063). The skills' are by set (a
 * few items per row, a few hundred thousand sets); the hospitals' by item (`byItem`: rows grouped by
 * hospital, a row under each of its hospitals), so a term lists its hospitals' rows with no mask
 * over the sets holding them (ADR 068).
 */
export const POSTED_SCALAR = ['firstName', 'lastName', 'organization', 'title', 'city', 'specialty', 'subSpecialty'] as const;
export const POSTED_SET = ['skills'] as const;
export const POSTED_ITEMS = ['hospitals'] as const;
export type PostedField = (typeof POSTED_SCALAR)[number] | (typeof POSTED_SET)[number] | (typeof POSTED_ITEMS)[number];

/** The postings of one code column over its alive rows, from its per-code counts. */
export function postingsOf(codes: CodeArray, alive: Uint8Array, length: number, counts: Int32Array): Postings {
  const starts = new Int32Array(counts.length + 1);
  for (let c = 0; c < counts.length; c++) starts[c + 1] = starts[c] + counts[c];
  const rows = new Int32Array(starts[counts.length]);
  const next = starts.slice(0, counts.length);
  for (let i = 0; i < length; i++) if (alive[i] === 1) rows[next[codes[i]]++] = i;
  return { rows, starts };
}

/**
 * The postings of a set column by item: row i under each item of its set (`starts`, `flat`: the
 * set dictionary's), from the alive rows per item.
 */
export function itemPostingsOf(
  sets: CodeArray,
  setStarts: Int32Array,
  flat: Int32Array,
  alive: Uint8Array,
  length: number,
  itemCounts: Int32Array,
): Postings {
  const starts = new Int32Array(itemCounts.length + 1);
  for (let c = 0; c < itemCounts.length; c++) starts[c + 1] = starts[c] + itemCounts[c];
  const rows = new Int32Array(starts[itemCounts.length]);
  const next = starts.slice(0, itemCounts.length);
  for (let i = 0; i < length; i++) {
    if (alive[i] !== 1) continue;
    const set = sets[i];
    for (let at = setStarts[set], end = setStarts[set + 1]; at < end; at++) rows[next[flat[at]]++] = i;
  }
  return { rows, starts, byItem: true };
}

/**
 * Sets in `bits` the rows of every code that `mask` marks (codes past the postings, made after
 * them, hold no row of this version).
 */
export function gatherRows(postings: Postings, mask: Uint8Array, bits: Uint32Array): void {
  const { rows, starts } = postings;
  const codes = Math.min(mask.length, starts.length - 1);
  for (let c = 0; c < codes; c++) {
    if (mask[c] !== 1) continue;
    for (let p = starts[c], end = starts[c + 1]; p < end; p++) {
      const row = rows[p];
      bits[row >>> 5] |= 1 << (row & 31);
    }
  }
}
