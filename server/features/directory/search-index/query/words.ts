import { RECRUITER_VOCABULARY, vocabularyWords } from '../../../../../contract/recruiter-vocabulary';
import { WordList } from './spelling';
import type { Dictionaries } from '../data/dictionary';
import type { Snapshot } from '../data/snapshot';
import { SCALAR_INDEX, SET_INDEX, type ScalarField } from '../data/wire-format';

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

/** A build's list, and how far into each searched dictionary (and the skills) it has read. */
type Kept = { list: WordList; covered: number[]; skills: number };
const kept = new WeakMap<Dictionaries, Kept>();

/**
 * The list of the snapshot's build: made once per build of the dictionaries (every version of
 * one build shares them), then extended with the values later versions added. Weights are the
 * counts when a value was first read (a correction needs which words exist and roughly how often,
 * not the exact count after every patch).
 */
export function wordListOf(s: Snapshot): WordList {
  let entry = kept.get(s.dicts);
  if (!entry) {
    entry = { list: new WordList(), covered: SEARCHED.map(() => 1), skills: 1 };
    for (const vocabulary of RECRUITER_VOCABULARY)
      for (const term of vocabulary.terms) for (const word of vocabularyWords(term)) entry.list.add(` ${word}`);
    kept.set(s.dicts, entry);
  }
  const { list, covered } = entry;
  SEARCHED.forEach((field, k) => {
    const dict = s.dicts.scalar[SCALAR_INDEX[field]];
    const counts = s.counts[field];
    for (let c = covered[k]; c < counts.length; c++) if (counts[c] > 0) list.add(dict.words(c), counts[c]);
    covered[k] = Math.max(covered[k], counts.length);
  });
  const skills = s.dicts.sets[SET_INDEX.skills].items;
  for (let c = entry.skills; c < skills.size; c++) list.add(skills.words(c));
  entry.skills = skills.size;
  return list;
}
