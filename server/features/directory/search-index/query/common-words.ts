import { directoryItemCounts } from '../data/dictionary';
import type { Sliced, Workspace } from '../data/slices';
import type { Initials, Snapshot } from '../data/snapshot';
import { SCALAR_INDEX, SET_INDEX } from '../data/wire-format';
import { NEVER } from './clause';
import { clauseRows, type ClauseResult } from './evaluation';
import { termClause, termClauseKey } from './text-query';

/** The prefix of a term's clause key (termClauseKey). */
const TERM_KEY = termClauseKey('');

/*
 * The rows of the commonest words as terms of a several-word query (ADR 068): 'hospital',
 * 'medical', 'center', 'st', 'memorial'. A recruiter types a hospital's name, and its common words
 * match a large part of the directory ('hospital' two thirds of it at 1,500,000 physicians: 1.8 ms
 * to test the candidates left, 9 ms to list its rows for a facet's row set). Made with the
 * snapshot beside the initials (query/initials.ts) and read before the clause cache like them: a
 * bitset of n / 8 bytes each (9 MB at 1,500,000 rows for 48 words).
 */

/** Words held: those whose values' rows add up to an eighth of the rows or more, the commonest 48 at most. */
const SHARE = 1 / 8;
const MOST = 48;

/** The fields whose values' words are counted (a term's other fields, state and city aliases, are few). */
const SCALARS = ['firstName', 'lastName', 'specialty', 'organization', 'title', 'city'] as const;
const SETS = ['skills', 'hospitals'] as const;

/**
 * The words to hold: for each word of a value, the rows holding that value, added up over the
 * fields (a row holding it twice counted twice: the clause itself is exact).
 */
export function commonWords(s: Snapshot): string[] {
  const rows = new Map<string, number>();
  const add = (words: string, count: number) => {
    for (const word of new Set(words.split(' '))) if (word) rows.set(word, (rows.get(word) ?? 0) + count);
  };
  for (const f of SCALARS) {
    const dict = s.dicts.scalar[SCALAR_INDEX[f]];
    const counts = s.counts[f];
    for (let code = 1; code < counts.length; code++) if (counts[code] > 0) add(dict.words(code), counts[code]);
  }
  for (const f of SETS) {
    const dict = s.dicts.sets[SET_INDEX[f]];
    const counts = directoryItemCounts(dict, s.counts[f]);
    for (let item = 1; item < counts.length; item++) if (counts[item] > 0) add(dict.items.words(item), counts[item]);
  }
  const least = Math.max(1, s.aliveCount * SHARE);
  return [...rows]
    .filter(([, count]) => count >= least)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MOST)
    .map(([word]) => word);
}

/** Each common word's term clause over every row, as a search makes it, into `out`. */
export function* commonWordsSteps(s: Snapshot, out: Map<string, ClauseResult>, ws: Workspace): Sliced<void> {
  const words = s.aliveBits.length;
  for (const word of commonWords(s)) {
    yield;
    const clause = termClause(s, word);
    out.set(
      termClauseKey(word),
      clause === NEVER ? { bits: new Uint32Array(words), count: 0 } : yield* clauseRows(clause, new Uint32Array(words), s.cols.length, ws),
    );
  }
}

/**
 * The common words `held` holds, each with its term's test of one row of `s` (the clause made once):
 * what a patch reads its rows again with (initials.ts). The words stay those of the last whole build.
 */
export function heldWordTests(held: Initials, s: Snapshot): [key: string, test: (row: number) => boolean][] {
  const tests: [string, (row: number) => boolean][] = [];
  for (const key of held.keys()) {
    if (!key.startsWith(TERM_KEY)) continue;
    const clause = termClause(s, key.slice(TERM_KEY.length));
    tests.push([key, clause === NEVER ? () => false : clause.test]);
  }
  return tests;
}
