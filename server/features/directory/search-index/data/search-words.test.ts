import { describe, expect, it } from 'vitest';
import { hasWholeWord, hasWordPrefix, searchTerm, searchWords } from './search-words';

describe('word matching', () => {
  it('a whole word: the term between spaces or at the end, never inside a word', () => {
    const words = searchWords('Smith-Jones Goldsmith Medical Director');
    expect(hasWholeWord(words, 'smith')).toBe(true);
    expect(hasWholeWord(words, 'jones')).toBe(true);
    expect(hasWholeWord(words, 'medical director')).toBe(true);
    expect(hasWholeWord(words, 'director')).toBe(true);
    expect(hasWholeWord(words, 'gold')).toBe(false);
    expect(hasWholeWord(words, 'smit')).toBe(false);
    expect(hasWholeWord(words, 'direct')).toBe(false);
    expect(hasWordPrefix(words, 'direct')).toBe(true);
    expect(hasWordPrefix(words, 'mith')).toBe(false);
  });

  it('answers as the plain rule does on many values and terms', () => {
    const rule = (words: string, term: string) => (words + ' ').includes(' ' + term + ' ');
    const values = ['Smith', 'Smith Smithers', 'Ann Smithson Smith', 'smith-smith', 'A B', 'ab a', 'Medical Director of Cardiology', 'O’Brien', 'José María'];
    const terms = ['smith', 'smithers', 'a', 'b', 'ab', 'medical director', 'cardiology', 'of cardiology', 'o brien', 'jose', 'maria', 'ria'];
    for (const value of values)
      for (const t of terms) {
        const words = searchWords(value);
        const term = searchTerm(t);
        expect(hasWholeWord(words, term), `${value} / ${t}`).toBe(rule(words, term));
      }
  });
});
