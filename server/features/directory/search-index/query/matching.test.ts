import { describe, expect, it } from 'vitest';
import { physiciansForMatching } from './matching';
import { snapshotOf } from '../../../../test/support/directory/index-rows';

describe('physiciansForMatching', () => {
  it('returns the alive rows whose last name is accepted or whose NPI is asked for, asking once per name', () => {
    const s = snapshotOf([
      { id: 1, lastName: 'Smith', firstName: 'Ann', city: 'Boston', state: 'MA' },
      { id: 2, lastName: 'Smith', firstName: 'Bob' },
      { id: 3, lastName: 'Jones', firstName: 'Cy' },
      { id: 4, lastName: 'Brown', firstName: 'Di' },
    ]);
    const asked: string[] = [];
    const found = physiciansForMatching(s, {
      lastNameAccepts: (name) => {
        asked.push(name);
        return name === 'Smith';
      },
      npis: new Set(['not-an-npi']),
    });
    expect(found.map((p) => p.id)).toEqual([1, 2]);
    expect(found[0]).toMatchObject({ firstName: 'Ann', lastName: 'Smith', city: 'Boston', state: 'MA' });
    expect(asked.sort()).toEqual(['Brown', 'Jones', 'Smith']);
    expect(physiciansForMatching(s, { lastNameAccepts: () => false, npis: new Set() })).toEqual([]);
  });
});
