import { describe, expect, it } from 'vitest';
import { Dictionary, SetDictionary } from './dictionary';
import { ITEM_SEP, NULL_MARK } from './wire-format';

describe('Dictionary', () => {
  it('gives each distinct value one code; NULL and missing values are code 0', () => {
    const dict = new Dictionary();
    const a = dict.code('Smith');
    expect(dict.code('Doe')).not.toBe(a);
    expect(dict.code('Smith')).toBe(a);
    expect(dict.code(null)).toBe(0);
    expect(dict.code(NULL_MARK)).toBe(0);
    expect(dict.values[a]).toBe('Smith');
    expect(dict.lower[a]).toBe('smith');
    expect(dict.size).toBe(3);
  });

  it('reads a separator character inside a value as a space (the same code as the blanked value)', () => {
    const dict = new Dictionary();
    expect(dict.code('New\u001cYork')).toBe(dict.code('New York'));
    expect(dict.values).toEqual(['', 'New York']);
  });
});

describe('Dictionary word index', () => {
  it('lists the codes holding a word, or a word starting with a prefix; values added later too', () => {
    const dict = new Dictionary();
    const names = ['Smith Clinic', "O'Brien Smithson", 'Goldsmith Labs', 'Mayo Clinic', 'Clinica Smith-Jones'];
    const codes = names.map((v) => dict.code(v));
    const sorted = (found: number[]) => [...new Set(found)].sort((a, b) => a - b);
    expect(sorted(dict.codesWithWord('smith', false))).toEqual([codes[0], codes[4]]);
    expect(sorted(dict.codesWithWord('smith', true))).toEqual([codes[0], codes[1], codes[4]]);
    expect(sorted(dict.codesWithWord('clinic', true))).toEqual([codes[0], codes[3], codes[4]]);
    expect(sorted(dict.codesWithWord('o', false))).toEqual([codes[1]]);
    expect(dict.codesWithWord('zzz', true)).toEqual([]);
    expect(dict.wordIndexBytes).toBeGreaterThan(0);
    // Added after the index was made: tested one by one.
    const later = dict.code('Smithfield Health');
    expect(sorted(dict.codesWithWord('smith', true))).toEqual([codes[0], codes[1], codes[4], later]);
    expect(sorted(dict.codesWithWord('health', false))).toEqual([later]);
    // Enough of them: the index is made again, with the same answers.
    for (let k = 0; k < 1100; k++) dict.code(`Filler ${k}`);
    expect(sorted(dict.codesWithWord('smith', true))).toEqual([codes[0], codes[1], codes[4], later]);
    expect(dict.codesWithWord('filler', false)).toHaveLength(1100);
  });
});

describe('SetDictionary', () => {
  it('codes a set by its distinct items whatever their order; the empty set is 0', () => {
    const sets = new SetDictionary();
    const ab = sets.code(['Research', 'Leadership'].join(ITEM_SEP));
    expect(sets.code(['Leadership', 'Research', 'Leadership'].join(ITEM_SEP))).toBe(ab);
    expect(sets.code('')).toBe(0);
    expect(sets.code(NULL_MARK)).toBe(0);
    const items = [...sets.itemsOf(ab)].map((c) => sets.items.values[c]);
    expect(items.sort()).toEqual(['Leadership', 'Research']);
    sets.compact();
    expect(sets.code(['Research', 'Leadership'].join(ITEM_SEP))).toBe(ab);
    expect(sets.size).toBe(2);
  });

  it('finds the sets holding an item, sets added after its index included, in ascending order', () => {
    const sets = new SetDictionary();
    const code = (...items: string[]) => sets.code(items.join(ITEM_SEP));
    const ab = code('a', 'b');
    const b = code('b');
    const c = code('c');
    const item = (v: string) => sets.items.code(v);
    expect([...sets.setsHolding(item('b'))]).toEqual([ab, b]);
    // Grown past their first room (64 codes): the typed arrays are copied, nothing lost.
    const more = Array.from({ length: 100 }, (_, i) => code('b', `x${i}`));
    expect([...sets.setsHolding(item('b'))]).toEqual([ab, b, ...more]);
    expect([...sets.setsHolding(item('c'))]).toEqual([c]);
    expect([...sets.setsHolding(item('x99'))]).toEqual([more[99]]);
    expect([...sets.itemsOf(more[99])].map((i) => sets.items.values[i]).sort()).toEqual(['b', 'x99']);
    expect(sets.flatLength).toBe(2 + 1 + 1 + 200);
  });
});
