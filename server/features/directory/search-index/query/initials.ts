import { hasWordPrefix } from '../data/search-words';
import { Workspace, type Sliced } from '../data/slices';
import { NEVER } from './clause';
import { clauseRows, type ClauseResult } from './evaluation';
import type { Initials, InitialsRule, Snapshot } from '../data/snapshot';
import { specRule, specRuleWords, TERM_COLUMNS, wordClauseKey } from './text-query';
import { commonWordsSteps, heldWordTests } from './common-words';

/*
 * The rows of every one-letter query (ADR 042). The search box searches as the recruiter types,
 * so its first letter is a query of its own, and the widest there is: a letter starts a word of
 * most rows' names, titles or organisations, and its clause scans every dictionary and lists most
 * rows (20 ms at 1,500,000 rows, the facets' row sets paying it again). Made with the snapshot,
 * they are part of the index like the postings (26 bitsets of n / 8 bytes: 4.9 MB at 1,500,000
 * rows), not of the clause cache: evaluation reads them first, and nothing evicts them.
 */

/** The letters whose one-word query's rows each snapshot holds. */
export const INITIALS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Made for a whole snapshot: each letter's clause over every row, as a search makes it (a reload
 * while serving runs it in slices: about 8 ms a letter at 1,500,000 rows).
 */
export function* initialsSteps(s: Snapshot): Sliced<Initials> {
  const words = s.aliveBits.length;
  const ws = new Workspace();
  const out = new Map<string, ClauseResult>();
  for (const letter of INITIALS) {
    if (out.size > 0) yield;
    const clause = specRule(s, letter);
    out.set(
      wordClauseKey(letter),
      clause === NEVER
        ? { bits: new Uint32Array(words), count: 0 }
        : yield* clauseRows(clause, new Uint32Array(words), s.cols.length, ws),
    );
  }
  // And the commonest words' rows as terms of a several-word query (common-words.ts).
  yield* commonWordsSteps(s, out, ws);
  return out;
}

/**
 * `old`'s rows with the rows at `slots` read again on `s` (a patch changed their names, titles,
 * organisations, specialties, skills, cities, states or hospitals): a letter's or a common word's
 * bitset is copied only when one of its bits changes.
 */
export function initialsPatched(old: Initials, s: Snapshot, slots: Iterable<number>): Initials {
  const out = new Map(old);
  const copied = new Set<string>();
  /** Row `slot` in or out of `key`'s rows as `has` says (the bitset copied the first time a bit changes). */
  const mark = (key: string, slot: number, has: boolean) => {
    const was = out.get(key)!;
    const bit = 1 << (slot & 31);
    if (((was.bits[slot >>> 5] & bit) !== 0) === has) return;
    const mine = copied.has(key) ? was : { bits: was.bits.slice(), count: was.count };
    copied.add(key);
    mine.bits[slot >>> 5] ^= bit;
    mine.count += has ? 1 : -1;
    out.set(key, mine);
  };
  const words = heldWordTests(old, s);
  for (const slot of slots) {
    const values = specRuleWords(s, slot);
    for (const letter of INITIALS) mark(wordClauseKey(letter), slot, values.some((v) => hasWordPrefix(v, letter)));
    for (const [key, test] of words) mark(key, slot, test(slot));
  }
  return out;
}

/** How the snapshot (data/snapshot.ts) makes and patches its initials: handed to it by the facade. */
export const INITIALS_RULE: InitialsRule = {
  steps: initialsSteps,
  patched: initialsPatched,
  columns: TERM_COLUMNS,
};
