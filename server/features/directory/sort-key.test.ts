import { describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, foldAccents, sortKey, TRIM_CHARS } from './sort-key';

describe('sort key', () => {
  it('folds accents and case: Álvarez sorts with Alvarez', () => {
    expect(sortKey('álvarez')).toBe('alvarez');
    expect(sortKey('ÁLVAREZ'.toLowerCase())).toBe('alvarez');
    expect(sortKey('  peña ')).toBe('pena');
    expect(foldAccents('Øre Łódź Đorđe çağrı')).toBe('ore lodz dorde cagri');
    expect(FOLD_FROM.length).toBe(FOLD_TO.length);
  });

  it('TRIM_CHARS is exactly what JavaScript trim() removes', () => {
    const removed: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const ch = String.fromCharCode(code);
      if (ch.trim() === '') removed.push(ch);
    }
    expect([...TRIM_CHARS].sort()).toEqual(removed.sort());
  });
});
