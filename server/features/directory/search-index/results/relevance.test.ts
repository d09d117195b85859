import { describe, expect, it } from 'vitest';
import { runToEnd, Workspace } from '../data/slices';
import { ClauseCache, evaluate } from '../query/evaluation';
import { buildClauses } from '../query/filters';
import { byRelevance, relevanceRanker } from './relevance';
import { criteria, snapshotOf } from '../../../../test/support/directory/index-rows';

const s = snapshotOf([
  { id: 1, firstName: 'Zed', lastName: 'Smith' },
  { id: 2, firstName: 'Smith', lastName: 'Jones' },
  { id: 3, firstName: 'Amy', lastName: 'Smithers' },
  { id: 4, firstName: 'Bob', lastName: 'Brown', specialty: 'Smith Surgery' },
  { id: 5, firstName: 'Cy', lastName: 'Adams', organization: 'Blacksmith Clinic' },
  { id: 6, firstName: 'Ann', lastName: 'Smith' },
  { id: 10, firstName: 'John', lastName: 'Smith' },
  { id: 11, firstName: 'Johnny', lastName: 'Smith' },
  { id: 12, firstName: 'John', lastName: 'Smithson' },
  { id: 13, firstName: 'Johnathan', lastName: 'Smithers' },
  { id: 14, firstName: 'Mary-John', lastName: 'Ann-Smithers' },
  { id: 15, firstName: 'Eve', lastName: 'Stone', title: 'John Smith Chair' },
  { id: 16, firstName: 'Al', lastName: 'Stone', organization: 'Johnsmith Hospital' },
  { id: 20, firstName: 'Vic', lastName: 'Heart', specialty: 'Cardiology' },
  { id: 21, firstName: 'Ted', lastName: 'Wall', specialty: 'Internal Medicine', title: 'Director of Cardiology' },
  { id: 22, firstName: 'Una', lastName: 'Beat', specialty: 'Cardiology', title: 'Medical Director' },
  // ADR 052: a pediatrician whose sub-specialty is Pediatric Cardiology; a cardiologist who only
  // begins with a place's letters, and two in that place.
  { id: 30, firstName: 'Abe', lastName: 'Aaron', specialty: 'Pediatrics', subSpecialty: 'Pediatric Cardiology' },
  { id: 31, firstName: 'Bo', lastName: 'Bostonian', specialty: 'Cardiology', city: 'Denver' },
  { id: 32, firstName: 'Cat', lastName: 'Cole', specialty: 'Cardiology', city: 'Boston' },
  { id: 33, firstName: 'Dan', lastName: 'Boston', specialty: 'Cardiology', city: 'Austin' },
  { id: 34, firstName: 'Eli', lastName: 'Ames', specialty: 'Pediatrics', subSpecialty: 'Pediatric Cardiology', city: 'Boston' },
]);

/** The matches of a query, best first, and each one's tier. */
function ranked(query: string): [number, number][] {
  const c = criteria({ query });
  const { bits, total } = evaluate(new ClauseCache(() => s), s, buildClauses(s, c));
  const tier = relevanceRanker(s, c);
  const ordered = runToEnd(byRelevance(s, c, bits, total, new Workspace()));
  return Array.from(ordered, (row) => [s.cols.ids[row], tier(row)]);
}

describe('relevance (ADR 020)', () => {
  it('one word: last name equal, first name equal, a name starting with it, a whole word, any other match', () => {
    expect(ranked('smith')).toEqual([
      [6, 1], // Ann Smith, then John, Johnny, Zed Smith: the name order inside a tier
      [10, 1],
      [11, 1],
      [1, 1],
      [2, 2],
      [3, 4], // Amy Smithers, Johnathan Smithers, John Smithson
      [13, 4],
      [12, 4],
      [4, 6], // 'Smith Surgery': a whole word of the specialty
      [15, 7], // of the title
      [14, 10], // 'Ann-Smithers': a word starting with it, not the name's start
      // 'Blacksmith Clinic' and 'Johnsmith Hospital': no word starts with 'smith'
    ]);
  });

  it('several words: the full name, then the last name, the first name, prefixes, the name rule, whole words, the rest', () => {
    expect(ranked('john smith')).toEqual([
      [10, 0],
      [11, 1],
      [12, 2],
      [13, 4],
      [14, 5], // Mary-John Ann-Smithers: the name rule by word prefixes
      [15, 7], // 'John Smith Chair': both terms whole words of the title
    ]);
  });

  it('a specialty phrase: the specialty itself first, then another specialty\'s sub-specialty, then a title or skill saying it', () => {
    expect(ranked('cardiology')).toEqual([
      [22, 6], // Beat, Boston, Bostonian, Cole, Heart: the specialty Cardiology, in name order
      [33, 6],
      [31, 6],
      [32, 6],
      [20, 6],
      [30, 17], // Aaron, Ames: pediatricians whose sub-specialty is Pediatric Cardiology (class 1)
      [34, 17],
      [21, 28], // 'Director of Cardiology' of an internist (class 2)
    ]);
    // With text beside it: every term a whole word of the title comes before other matches.
    expect(ranked('cardiology director')).toEqual([
      [22, 7],
      [21, 29],
    ]);
  });

  it('a phrase naming a sub-specialty only: that sub-specialty first, whatever its specialty', () => {
    expect(ranked('pediatric cardiologist').map(([id]) => id)).toEqual([30, 34]);
  });

  it('a place beside a specialty: the city before a name that only begins with its letters (ADR 052)', () => {
    expect(ranked('cardiology boston')).toEqual([
      [33, 1], // Dan Boston: the last name is the word
      [32, 3], // Cat Cole in Boston: the city is the word
      [31, 4], // Bo Bostonian: a name beginning with it
      [34, 14], // Eli Ames, a pediatric cardiologist in Boston: after every cardiologist
    ]);
  });

  it('takes only the first rows asked for, and leaves the tier buffer clean for the next search', () => {
    const c = criteria({ query: 'smith' });
    const ws = new Workspace();
    const { bits } = evaluate(new ClauseCache(() => s), s, buildClauses(s, c));
    const first = runToEnd(byRelevance(s, c, bits, 3, ws));
    expect(Array.from(first, (row) => s.cols.ids[row])).toEqual([6, 10, 11]);
    expect(
      ws
        .tierBuffer(s.cols.length, 255)
        .subarray(0, s.cols.length)
        .every((t) => t === 255),
    ).toBe(true);
  });
});
