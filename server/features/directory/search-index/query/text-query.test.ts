import { describe, expect, it } from 'vitest';
import { runToEnd, Workspace } from '../data/slices';
import { isSliced, NEVER, type Clause, type MadeClause } from './clause';
import { ClauseCache, evaluate, evaluateSteps } from './evaluation';
import { buildClauses } from './filters';
import { criteria, PEOPLE, snapshotOf } from '../../../../test/support/directory/index-rows';
import { textQueryClauses } from './text-query';

const s = snapshotOf(PEOPLE);
function matches(query: string): number[] {
  const [draft] = textQueryClauses(criteria({ query }));
  const made: MadeClause = draft.make(s);
  const clause = isSliced(made) ? runToEnd(made) : made;
  if (clause === NEVER) return [];
  return [0, 1, 2, 3, 4].filter((row) => (clause as Clause).test(row)).map((row) => s.cols.ids[row]);
}
/** Every clause of a query (text, states, specialty phrases, credentials). */
function found(query: string): number[] {
  const { bits, total } = evaluate(new ClauseCache(() => s), s, buildClauses(s, criteria({ query })));
  if (total === 0) return [];
  return [0, 1, 2, 3, 4].filter((row) => ((bits[row >>> 5] >>> (row & 31)) & 1) === 1).map((row) => s.cols.ids[row]);
}

describe('the text query', () => {
  it('one word: first name, last name, specialty, skills, organization or title (a word starting with it)', () => {
    expect(textQueryClauses(criteria({}))).toEqual([]);
    expect(textQueryClauses(criteria({ query: 'Smith' })).map((d) => d.key)).toEqual(['word:smith\u0000']);
    expect(matches('smith')).toEqual([1, 3]);
    expect(matches('research')).toEqual([1, 2]); // a skill
    expect(matches('boston')).toEqual([1]); // the organization, not the city
    expect(matches('nobody')).toEqual([]);
    // Word prefixes: 'card' begins Cardiology, Cardiologist and Cardio; 'ology' begins no word.
    expect(matches('card')).toEqual([1, 3, 4]);
    expect(matches('ology')).toEqual([]);
    expect(matches('mith')).toEqual([]);
    // Accents and case folded both ways.
    expect(matches('alvarez')).toEqual([4]);
    expect(matches('ÁLVARO')).toEqual([4]);
  });

  it('several words: a name either way round, or every term in one of the searched fields (ADR 020)', () => {
    expect(found('jane doe')).toEqual([2]);
    expect(found('doe jane')).toEqual([2]);
    // 'John Smith' by name; 'Smith Johnson' holds both terms ('john' begins Johnson).
    expect(found('john smith')).toEqual([1, 3]);
    expect(found('jane smith')).toEqual([]);
    // 'cardiology' is the specialty itself (the vocabulary), 'boston' a city.
    expect(found('cardiology boston')).toEqual([1]);
    expect(found('cardiology, ma')).toEqual([1]); // the state after the comma must be the state
    expect(found('cardiology boston ma')).toEqual([1]); // a code after a city of that state
    expect(found('cardiology, texas')).toEqual([4]); // 'TX' is Texas
    expect(found('pediatrics, ma')).toEqual([]);
    // 'ma' alone is not a state: it begins no word of these physicians.
    expect(found('cardiology ma')).toEqual([]);
    // 'MD' is a credential ('M.D.' counts), not Maryland.
    expect(found('md cardiology')).toEqual([1]);
  });

  it('a clause per term (a term typed before is cached), each built with a pause before it', () => {
    const c = criteria({ query: 'medical director boston' });
    expect(textQueryClauses(c).map((d) => d.key)).toEqual(['term:medical', 'term:director', 'term:boston']);
    expect(textQueryClauses(criteria({ query: 'boston boston' })).map((d) => d.key)).toEqual(['term:boston']);
    // The evaluation pauses between two clauses it makes (a term scans eight fields' values); in
    // these few rows every word is common, its rows held by the snapshot (common-words.ts): none made.
    const pausesOn = (on: typeof s) => {
      const steps = evaluateSteps(new ClauseCache(() => on), on, buildClauses(on, c), on.aliveBits, new Workspace());
      let pauses = 0;
      while (steps.next().done === false) pauses++;
      return pauses;
    };
    expect(pausesOn(s)).toBe(0);
    const unheld = { ...s, initials: new Map([...s.initials].filter(([key]) => !key.startsWith('term:'))) };
    expect(pausesOn(unheld)).toBeGreaterThanOrEqual(2);
  });
});
