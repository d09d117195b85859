import { RECRUITER_VOCABULARY, vocabularyWords } from '../../../../contract/recruiter-vocabulary';
import { WordList } from '../spelling';
import type { Snapshot } from './snapshot';
import { SCALAR_INDEX, SET_INDEX, type ScalarField } from './wire-format';

/*
 * The words a misspelt query word is compared with (spelling.ts): every word of the searched
 * fields, weighted by the physicians holding it, and the recruiter vocabulary's words.
 */

const SEARCHED: readonly ScalarField[] = [
  'firstName',
  'lastName',
  'specialty',
  'title',
  'organization',
  'city',
];

export function wordListOf(s: Snapshot): WordList {
  const list = new WordList();
  for (const field of SEARCHED) {
    const dict = s.dicts.scalar[SCALAR_INDEX[field]];
    const counts = s.counts[field];
    for (let c = 1; c < counts.length; c++) if (counts[c] > 0) list.add(dict.words(c), counts[c]);
  }
  const skills = s.dicts.sets[SET_INDEX.skills].items;
  for (let c = 1; c < skills.size; c++) list.add(skills.words(c));
  for (const entry of RECRUITER_VOCABULARY)
    for (const term of entry.terms) for (const word of vocabularyWords(term)) list.add(` ${word}`);
  return list;
}
