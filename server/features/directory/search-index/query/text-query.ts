import { hasWholeWord } from '../data/search-words';
import {
  holdsCredentials,
  placeAliases,
  stateMatches,
  type SearchCriteria,
  type SpecialtyTermCriterion,
} from './criteria';
import {
  anyOf,
  NEVER,
  type Clause,
  type ClauseDraft,
  type Never,
} from './clause';
import type { Snapshot } from '../data/snapshot';
import { SCALAR_INDEX, SET_INDEX } from '../data/wire-format';
import { anchored, scalarTerm, setTerm, wordPrefix, type Term, type ValueTest } from './terms';

/*
 * The text query's clause (the spec's rule, and the multi-word rule of ADR 020), by word prefix,
 * and the clauses of what the query's other words named (reading.ts): states, specialty
 * phrases, credentials.
 */

/**
 * The spec's rule for one word: first name, last name, specialty, skills, organization or title
 * (partial: a word of the field starts with it). Several words always come with terms (each word
 * is a piece, reading.ts), and their name rule is inside the every-term clause (below).
 */
export function specRule(s: Snapshot, w: string): Clause | Never {
  return anyOf(specRuleTerms(s, wordPrefix(w)));
}

/** The scalar fields of the spec's rule (its set field: skills). */
const SPEC_RULE_SCALARS = ['firstName', 'lastName', 'specialty', 'organization', 'title'] as const;

/** The columns of the spec's rule as a patch names them (snapshot.ts withUpdatedRows). */
export const SPEC_RULE_COLUMNS = [...SPEC_RULE_SCALARS.map((f) => `scalar:${f}`), 'set:skills'];

/** The spec's rule's terms: each field of it under `test`. */
function specRuleTerms(s: Snapshot, test: ValueTest): (Term | null)[] {
  return [...SPEC_RULE_SCALARS.map((f) => scalarTerm(s, f, test)), setTerm(s, 'skills', test)];
}

/**
 * The words (searchWords form) of one row's values in the fields of the spec's rule: a row meets
 * the rule for a word when one of them holds a word starting with it (specRule, read on one row).
 */
export function specRuleWords(s: Snapshot, row: number): string[] {
  const out = SPEC_RULE_SCALARS.map((f) => s.dicts.scalar[SCALAR_INDEX[f]].words(s.cols.scalar[SCALAR_INDEX[f]][row]));
  const skills = s.dicts.sets[SET_INDEX.skills];
  const set = s.cols.sets[SET_INDEX.skills][row];
  for (let at = skills.starts[set]; at < skills.starts[set + 1]; at++) out.push(skills.items.words(skills.flat[at]));
  return out;
}

/** The clause key of a one-word query (the spec's rule for that word). */
export const wordClauseKey = (word: string) => `word:${word}\u0000`;

/**
 * The cities holding a term as a word prefix, or one of its place spellings as a whole word ('st'
 * finds SAINT LOUIS, 'fort' FT WAYNE: criteria.ts placeAliases).
 */
function cityTerms(s: Snapshot, term: string): (Term | null)[] {
  return [
    scalarTerm(s, 'city', wordPrefix(term)),
    ...placeAliases(term).map((alias) => scalarTerm(s, 'city', anchored((_l, _v, words) => hasWholeWord(words, alias), alias, false))),
  ];
}

/** The fields a term of the multi-word rule may match (ADR 020), and hospital names (ADR 063). */
function termTerms(s: Snapshot, term: string): (Term | null)[] {
  const has = wordPrefix(term);
  return [
    ...specRuleTerms(s, has),
    ...cityTerms(s, term),
    scalarTerm(s, 'state', (_l, value) => stateMatches(value.trim(), term, 'term')),
    setTerm(s, 'hospitals', has),
  ];
}

/**
 * The text query's clauses: the spec's rule, or beyond it (several terms) every term matching one
 * of the searched fields, a clause per term. With terms, the spec's rule adds no row: the terms
 * are the words, and a row it takes has the first word starting a word of one name and every other
 * word starting a word of the other (' smith jones' holds ' smith' and ' jones'), so every term
 * matches a name. The union is then the terms' clauses alone (the rule still ranks first:
 * relevance.ts). A clause per term, not one for them all: the evaluation lists a selective term's
 * rows from postings and tests the candidates left for a common one ('hospital' in 'mercy hospital
 * cardiology', 65 % of the directory), and a term typed before ('mercy' of 'mercy hos') is cached.
 */
export function textQueryClauses(c: SearchCriteria): ClauseDraft[] {
  if (!c.words.length) return [];
  if (c.terms.length === 0) return [{ key: wordClauseKey(c.words[0]), make: (s) => specRule(s, c.words[0]) }];
  return [...new Set(c.terms)].map((term) => ({ key: termClauseKey(term), make: (s) => termClause(s, term) }));
}

/** The clause key of one term of a several-word query. */
export const termClauseKey = (term: string) => `term:${term}`;

/** One term's clause: a row with a word starting with it in a field a term is looked for in (ADR 020, ADR 063). */
export const termClause = (s: Snapshot, term: string): Clause | Never => anyOf(termTerms(s, term));

/** The columns, as a patch names them, a term's clause reads. */
export const TERM_COLUMNS = [...SPEC_RULE_COLUMNS, 'scalar:city', 'scalar:state', 'set:hospitals'];

/**
 * A specialty phrase's rows: the specialty or the sub-specialty is one of the phrase's names
 * (exactly, lower case; a record whose specialty holds a finer name, 'Interventional Cardiology',
 * counts), or its words are whole words of the title or of a skill ('hospitalist': the title
 * Hospitalist).
 */
export function specialtyTermTerms(s: Snapshot, t: SpecialtyTermCriterion): (Term | null)[] {
  const names = new Set([...t.specialties, ...t.subSpecialties]);
  return [
    scalarTerm(s, 'specialty', (lower) => names.has(lower.trim())),
    scalarTerm(s, 'subSpecialty', (lower) => names.has(lower.trim())),
    scalarTerm(s, 'title', anchored((_l, _v, words) => hasWholeWord(words, t.words), t.words, false)),
    setTerm(s, 'skills', anchored((_l, _v, words) => hasWholeWord(words, t.words), t.words, false)),
  ];
}

/**
 * The query's states, specialty phrases and credentials: one clause each (all must hold). A query
 * of words of no field we hold only ('CRNA') matches nothing (ADR 052).
 */
export function queryClauses(c: SearchCriteria): ClauseDraft[] {
  if (c.unheldOnly) return [{ key: 'unheldOnly', make: () => NEVER }];
  const drafts: ClauseDraft[] = c.queryStates.map((code) => ({
    key: `state:${code}`,
    make: (s) => anyOf([scalarTerm(s, 'state', (_l, value) => stateMatches(value.trim(), code, 'exact'))]),
  }));
  for (const t of c.specialtyTerms)
    drafts.push({ key: `specialtyTerm:${JSON.stringify(t)}`, make: (s) => anyOf(specialtyTermTerms(s, t)) });
  if (c.queryCredentials.length) {
    const wanted = c.queryCredentials;
    drafts.push({
      key: `credential:${c.queryCredentials.join('\u0000')}`,
      make: (s) => anyOf([scalarTerm(s, 'credential', (lower) => holdsCredentials(lower, wanted))]),
    });
  }
  return drafts;
}
