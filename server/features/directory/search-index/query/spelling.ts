import { firstWordFrom } from '../data/search-words';
/*
 * Misspelt words (docs/decisions/020-search-relevance.md, 'Typos'): a word of the query of 5 or
 * more letters that no searched field holds (no word starts with it) is read as the known word
 * one edit away (a letter dropped, added, changed, or two neighbours swapped) that the directory
 * holds most often. 'cardiolgy' is 'cardiology', 'smiht' is 'smith'.
 */

/** Shortest word corrected: shorter ones have too many neighbours to guess from. */
export const MIN_TYPO_LETTERS = 5;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every string one edit (Damerau: adjacent transposition included) away from `word`. */
export function oneEditAway(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const ch of LETTERS) {
      if (tail && ch !== tail[0]) out.add(head + ch + tail.slice(1));
      out.add(head + ch + tail);
    }
  }
  out.delete(word);
  return out;
}

/**
 * The word `word` most likely means, or null: among the known words one edit away, the most
 * frequent (ties: the first in alphabetical order, so the answer does not depend on load order).
 * `count` says how often the directory holds a word (0: never).
 */
export function correctWord(word: string, count: (candidate: string) => number): string | null {
  if (word.length < MIN_TYPO_LETTERS || !/^[a-z]+$/.test(word)) return null;
  let best: string | null = null;
  let bestCount = 0;
  for (const candidate of oneEditAway(word)) {
    const n = count(candidate);
    if (n > bestCount || (n === bestCount && n > 0 && best !== null && candidate < best)) {
      best = candidate;
      bestCount = n;
    }
  }
  return best;
}

/**
 * The words of the searched fields with how often each occurs (the index makes one per version,
 * when a search first needs it): whether any word starts with a term, and a word's count.
 */
export class WordList {
  private readonly counts = new Map<string, number>();
  private sorted: string[] | null = null;

  /** Adds the words of a value (searchWords form: ' ' before each word), `weight` times. */
  add(words: string, weight = 1): void {
    for (const word of words.split(' ')) {
      if (word) this.counts.set(word, (this.counts.get(word) ?? 0) + weight);
    }
    this.sorted = null;
  }

  count(word: string): number {
    return this.counts.get(word) ?? 0;
  }

  /** Whether some word starts with `prefix` (binary search over the sorted words). */
  hasPrefix(prefix: string): boolean {
    const sorted = (this.sorted ??= [...this.counts.keys()].sort());
    const at = firstWordFrom(sorted, prefix);
    return at < sorted.length && sorted[at].startsWith(prefix);
  }
}

/**
 * The query with each misspelt word replaced (see above), or null when no word needed it. A word
 * is misspelt when no word of the list (`wordList`, asked for only then) starts with it and
 * `isPhrase` (the recruiter vocabulary) does not know it. White space and commas are kept as typed.
 */
export function correctQuery(
  query: string,
  wordList: () => WordList,
  normalise: (token: string) => string,
  isPhrase: (token: string) => boolean,
): string | null {
  let changed = false;
  // The word list is made on a build's first typo check (words.ts): only a query with a word to check asks for it.
  let words: WordList | null = null;
  const corrected = query.replace(/[^\s,]+/g, (token) => {
    const word = normalise(token);
    if (word.length < MIN_TYPO_LETTERS || !/^[a-z]+$/.test(word) || isPhrase(token)) return token;
    const list = (words ??= wordList());
    if (list.hasPrefix(word)) return token;
    const fixed = correctWord(word, (candidate) => list.count(candidate));
    if (!fixed) return token;
    changed = true;
    return fixed;
  });
  return changed ? corrected : null;
}
