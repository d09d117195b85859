import { foldAccents } from '../../sort-key';

/*
 * Word-prefix matching (docs/decisions/005-search-index.md, 'Matching'): a term matches a field
 * when a word of the field starts with it, case and accents ignored. A value's words are its text
 * folded (../../sort-key.ts's table) and lower-cased, split at WORD_SPLIT: ASCII characters other than
 * letters and digits (spaces, hyphens, slashes, apostrophes, periods...) and the no-break space,
 * dashes and curly apostrophes; any other character is part of a word. The reference SQL splits
 * with the same class (WORD_SPLIT_SQL), so the two cannot disagree.
 */
/** Separators outside ASCII: the no-break space, the en and em dashes, the curly apostrophes. */
const SPLIT_EXTRA = '\u00a0\u2013\u2014\u2018\u2019';
export const WORD_SPLIT = new RegExp(
  `[\\u0000-\\u002f\\u003a-\\u0040\\u005b-\\u0060\\u007b-\\u007f${SPLIT_EXTRA}]+`,
);
/** The same class for PostgreSQL's regular expressions. */
export const WORD_SPLIT_SQL = `[\\x01-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7f${SPLIT_EXTRA}]+`;

/**
 * A value's words as one string: ' ' before each word ('Smith-Jones' is ' smith jones',
 * "O'Brien" ' o brien', '' none). A term matches when this holds ' ' + the term.
 */
export function searchWords(value: string): string {
  const words = foldAccents(value.toLowerCase()).split(WORD_SPLIT);
  let out = '';
  for (const word of words) if (word) out += ' ' + word;
  return out;
}

/** A term of the query in the same form, without the leading space ('o brien'). */
export function searchTerm(text: string): string {
  return searchWords(text).slice(1);
}

/** Whether a word of the value (searchWords form) starts with the term (searchTerm form). */
export function hasWordPrefix(words: string, term: string): boolean {
  const at = words.indexOf(term);
  // Fast path: the term is nowhere in the text.
  if (at === -1) return false;
  return at > 0 && words[at - 1] === ' ' ? true : words.includes(' ' + term);
}

/** The first place in `sorted` (ascending) whose word is not before `word`: a binary search. */
export function firstWordFrom(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] < word) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Whether the term's words are whole words of the value (both in searchWords/searchTerm form). */
export function hasWholeWord(words: string, term: string): boolean {
  // (words + ' ').includes(' ' + term + ' '), without making two strings per value tested.
  for (let at = words.indexOf(term); at !== -1; at = words.indexOf(term, at + 1)) {
    if (at === 0 || words.charCodeAt(at - 1) !== 32) continue;
    const end = at + term.length;
    if (end === words.length || words.charCodeAt(end) === 32) return true;
  }
  return false;
}
