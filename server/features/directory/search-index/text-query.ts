import { stateMatches, type SearchCriteria } from '../criteria';
import type { Sliced } from '../search-slices';
import {
  allOf,
  anyOf,
  anyPair,
  eitherClause,
  NEVER,
  type Clause,
  type ClauseDraft,
  type Never,
} from './clause';
import type { Snapshot } from './snapshot';
import { includes, scalarTerm, setTerm, type Term } from './terms';

/*
 * The text query's clause (the spec's rule, and the multi-word rule of ADR 020).
 */

/**
 * The spec's rule. One word: first name, last name, specialty, skills, organization or title
 * (partial). Several words: the first is the first name and the rest the last name, or the
 * reverse.
 */
function specRule(s: Snapshot, words: string[]): Clause | Never {
  const w = words[0];
  const rest = words.slice(1).join(' ');
  return words.length === 1
    ? anyOf([
        scalarTerm(s, 'firstName', includes(w)),
        scalarTerm(s, 'lastName', includes(w)),
        scalarTerm(s, 'specialty', includes(w)),
        setTerm(s, 'skills', includes(w)),
        scalarTerm(s, 'organization', includes(w)),
        scalarTerm(s, 'title', includes(w)),
      ])
    : anyPair([
        [scalarTerm(s, 'firstName', includes(w)), scalarTerm(s, 'lastName', includes(rest))],
        [scalarTerm(s, 'firstName', includes(rest)), scalarTerm(s, 'lastName', includes(w))],
      ]);
}

/** The fields a term of the multi-word rule may match (ADR 020). */
function termTerms(s: Snapshot, term: string): (Term | null)[] {
  const has = includes(term);
  return [
    scalarTerm(s, 'firstName', has),
    scalarTerm(s, 'lastName', has),
    scalarTerm(s, 'specialty', has),
    setTerm(s, 'skills', has),
    scalarTerm(s, 'organization', has),
    scalarTerm(s, 'title', has),
    scalarTerm(s, 'city', has),
    scalarTerm(s, 'state', (_l, value) => stateMatches(value.trim(), term, 'partial')),
  ];
}

/**
 * Every term matches one of the searched fields, and the state term (if any) the state. Each term
 * scans eight fields' distinct values (the skill sets number thousands): a pause between terms.
 */
export function* everyTerm(s: Snapshot, c: SearchCriteria): Sliced<Clause | Never> {
  if (c.terms.length === 0) return NEVER;
  const parts: Clause[] = [];
  for (const term of c.terms) {
    yield;
    const part = anyOf(termTerms(s, term));
    if (part === NEVER) return NEVER;
    parts.push(part);
  }
  if (c.stateTerm) {
    const wanted = c.stateTerm;
    const part = anyOf([scalarTerm(s, 'state', (_l, value) => stateMatches(value.trim(), wanted, 'exact'))]);
    if (part === NEVER) return NEVER;
    parts.push(part);
  }
  return allOf(parts);
}

/** The text query's clause: the spec's rule, or beyond it (several terms) every term matching. */
export function textQueryClause(c: SearchCriteria): ClauseDraft | null {
  if (!c.words.length) return null;
  if (c.terms.length === 0)
    return {
      key: `word:${c.words[0]}\u0000${c.words.slice(1).join(' ')}`,
      make: (s) => specRule(s, c.words),
    };
  return {
    key: `query:${JSON.stringify([c.words, c.terms, c.stateTerm])}`,
    *make(s) {
      const rule = specRule(s, c.words);
      return eitherClause(rule, yield* everyTerm(s, c), s.cols.length);
    },
  };
}
