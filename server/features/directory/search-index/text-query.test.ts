import { describe, expect, it } from 'vitest';
import { runToEnd } from '../search-slices';
import { isSliced, NEVER, type Clause, type MadeClause } from './clause';
import { criteria, PEOPLE, snapshotOf } from './test-rows';
import { textQueryClause } from './text-query';

const s = snapshotOf(PEOPLE);
function matches(query: string): number[] {
  const draft = textQueryClause(criteria({ query }))!;
  const made: MadeClause = draft.make(s);
  const clause = isSliced(made) ? runToEnd(made) : made;
  if (clause === NEVER) return [];
  return [0, 1, 2, 3, 4].filter((row) => (clause as Clause).test(row)).map((row) => s.cols.ids[row]);
}

describe('the text query', () => {
  it('one word: first name, last name, specialty, skills, organization or title (partial)', () => {
    expect(textQueryClause(criteria({}))).toBeNull();
    expect(textQueryClause(criteria({ query: 'Smith' }))!.key).toBe('word:smith\u0000');
    expect(matches('smith')).toEqual([1, 3]);
    expect(matches('research')).toEqual([1, 2]); // a skill
    expect(matches('boston')).toEqual([1]); // the organization, not the city
    expect(matches('nobody')).toEqual([]);
  });

  it('several words: a name either way round, or every term in one of the searched fields (ADR 020)', () => {
    expect(matches('jane doe')).toEqual([2]);
    expect(matches('doe jane')).toEqual([2]);
    // 'John Smith' by name; 'Smith Johnson' holds both terms ('john' in Johnson).
    expect(matches('john smith')).toEqual([1, 3]);
    expect(matches('jane smith')).toEqual([]);
    expect(matches('cardiology boston')).toEqual([1]); // specialty + city, not a name
    expect(matches('cardiology, ma')).toEqual([1, 3]); // the state after the comma must be the state
    expect(matches('cardiology, texas')).toEqual([4]); // 'TX' is Texas
    expect(matches('pediatrics, ma')).toEqual([]);
  });

  it('builds the every-term clause one term at a time, pausing between terms', () => {
    const made = textQueryClause(criteria({ query: 'cardiology boston ma' }))!.make(s);
    expect(isSliced(made)).toBe(true);
    let pauses = 0;
    const steps = made as Generator<void, unknown, void>;
    while (steps.next().done === false) pauses++;
    expect(pauses).toBe(3);
  });
});
