import { describe, expect, it } from 'vitest';
import { correctQuery, correctWord, oneEditAway, WordList } from './spelling';

const known = new Map([
  ['cardiology', 40],
  ['smith', 30],
  ['smits', 2],
  ['neurology', 20],
  ['urology', 10],
]);
const count = (word: string) => known.get(word) ?? 0;

describe('misspelt words', () => {
  it('finds every word one edit away, transpositions included', () => {
    const near = oneEditAway('abcd');
    for (const word of ['bcd', 'acd', 'abd', 'abc', 'bacd', 'acbd', 'abdc', 'xbcd', 'abxd', 'abcdx', 'xabcd'])
      expect(near.has(word), word).toBe(true);
    expect(near.has('abcd')).toBe(false);
    expect(near.has('dcba')).toBe(false);
    expect(near.has('ab')).toBe(false);
  });

  it('reads a misspelling as the most frequent known word one edit away', () => {
    expect(correctWord('cardiolgy', count)).toBe('cardiology'); // a letter dropped
    expect(correctWord('cardiollogy', count)).toBe('cardiology'); // one added
    expect(correctWord('cardiologu', count)).toBe('cardiology'); // one changed
    expect(correctWord('cadriology', count)).toBe('cardiology'); // two swapped
    expect(correctWord('smiht', count)).toBe('smith');
    expect(correctWord('smitt', count)).toBe('smith'); // smith (30) over smits (2)
    expect(correctWord('urollogy', count)).toBe('urology');
  });

  it('leaves short words, two edits and unknown words alone', () => {
    expect(correctWord('smth', count)).toBeNull(); // 4 letters
    expect(correctWord('crdiolgy', count)).toBeNull(); // two edits
    expect(correctWord('qqqqqq', count)).toBeNull();
    expect(correctWord('smith1', count)).toBeNull(); // not letters only
  });
});

describe('a query with misspelt words', () => {
  const list = new WordList();
  list.add(' john smith', 30);
  list.add(' cardiology', 40);
  list.add(' boston', 5);
  const normalise = (token: string) => token.toLowerCase();
  const isPhrase = (token: string) => token.toLowerCase() === 'urologist';

  it('knows which words start a word of the directory', () => {
    expect(list.hasPrefix('card')).toBe(true);
    expect(list.hasPrefix('smith')).toBe(true);
    expect(list.hasPrefix('smithe')).toBe(false);
    expect(list.hasPrefix('zzz')).toBe(false);
    expect(list.count('smith')).toBe(30);
  });

  it('replaces only words no field holds, keeping the rest as typed', () => {
    expect(correctQuery('Cardiolgy,  Boston', () => list, normalise, isPhrase)).toBe('cardiology,  Boston');
    expect(correctQuery('john smiht', () => list, normalise, isPhrase)).toBe('john smith');
    // Known words, prefixes of known words, vocabulary phrases and short words stay.
    expect(correctQuery('cardio boston', () => list, normalise, isPhrase)).toBeNull();
    expect(correctQuery('urologist', () => list, normalise, isPhrase)).toBeNull();
    expect(correctQuery('bstn', () => list, normalise, isPhrase)).toBeNull();
    expect(correctQuery('bostn', () => list, normalise, isPhrase)).toBe('boston');
  });
});
