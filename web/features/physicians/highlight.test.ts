import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

const marked = (text: string, words: string[]) =>
  highlightParts(text, words)
    .filter((p) => p.mark)
    .map((p) => p.text);

describe('highlighting the matched words', () => {
  it('marks the words that start with a query word, case and accents ignored', () => {
    expect(marked('Interventional Cardiology', ['card'])).toEqual(['Cardiology']);
    expect(marked('Smith-Jones', ['smith'])).toEqual(['Smith']);
    expect(marked('Goldsmith', ['smith'])).toEqual([]);
    expect(marked('Neurology', ['urology'])).toEqual([]);
    expect(marked('Wiebé', ['wiebe'])).toEqual(['Wiebé']);
    expect(marked('Medical Director, Heart Center', ['medical', 'director'])).toEqual([
      'Medical',
      'Director',
    ]);
  });

  it('marks a run for a query word of several words, and keeps the text whole', () => {
    expect(marked("Mary O'Brien", ['o brien'])).toEqual(['O', 'Brien']);
    const parts = highlightParts('Boston Heart Center', ['heart']);
    expect(parts.map((p) => p.text).join('')).toBe('Boston Heart Center');
    expect(parts).toEqual([
      { text: 'Boston ', mark: false },
      { text: 'Heart', mark: true },
      { text: ' Center', mark: false },
    ]);
    expect(highlightParts('Anything', [])).toEqual([{ text: 'Anything', mark: false }]);
  });
});
