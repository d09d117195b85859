import { describe, expect, it } from 'vitest';
import { codeMask, scalarTerm, setTerm, wordPrefix } from './terms';
import { PEOPLE, snapshotOf } from './test-rows';

describe('terms', () => {
  const s = snapshotOf(PEOPLE);

  it('masks the codes of the values that match, with the rows they hold as the estimate', () => {
    const term = scalarTerm(s, 'specialty', wordPrefix('cardio'))!;
    expect(term.estimate).toBe(3);
    const rows = [0, 1, 2, 3, 4].filter((row) => term.mask[term.codes[row]] === 1);
    expect(rows.map((row) => s.cols.ids[row])).toEqual([1, 3, 4]);
    expect(scalarTerm(s, 'specialty', wordPrefix('dermatology'))).toBeNull();
  });

  it('matches a set when any of its items matches', () => {
    const term = setTerm(s, 'skills', wordPrefix('leader'))!;
    const rows = [0, 1, 2, 3, 4].filter((row) => term.mask[term.codes[row]] === 1);
    expect(rows.map((row) => s.cols.ids[row])).toEqual([1, 4]);
    expect(term.estimate).toBe(2);
    expect(setTerm(s, 'skills', wordPrefix('surgery'))).toBeNull();
  });

  it('masks every code of a field, whether rows hold it or not', () => {
    const mask = codeMask(s, 'lastName', (lower) => lower.startsWith('sm'));
    expect(mask).toHaveLength(s.dicts.scalar[1].size);
    expect(mask.reduce((a, b) => a + b, 0)).toBe(1);
  });
});
