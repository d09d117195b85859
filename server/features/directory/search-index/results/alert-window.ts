import type { SearchCriteria } from '../query/criteria';
import { evaluate, type ClauseCache } from '../query/evaluation';
import { buildClauses } from '../query/filters';
import { slotOf, type Snapshot } from '../data/snapshot';

/*
 * The alert window: the rows changed since the alerts' last run, searched by every saved search
 * (the new-match alerts, saved-searches/alerts.ts).
 */

/** Changed rows for matchesInWindow (its bitset is built on first use per snapshot). */
export type ChangeWindow = {
  readonly ids: ArrayLike<number>;
  readonly changedAt: ArrayLike<number>;
  built: { version: number; bits: Uint32Array; at: Float64Array } | null;
};

/** The window's rows on `s` as a bitset, with the time each changed (built once per snapshot). */
function windowOn(s: Snapshot, window: ChangeWindow): { bits: Uint32Array; at: Float64Array } {
  if (window.built?.version !== s.version) {
    const bits = new Uint32Array(s.aliveBits.length);
    const at = new Float64Array(s.cols.length);
    for (let i = 0; i < window.ids.length; i++) {
      const slot = slotOf(s, window.ids[i]);
      if (slot < 0) continue;
      bits[slot >>> 5] |= 1 << (slot & 31);
      at[slot] = Math.max(at[slot], window.changedAt[i]);
    }
    window.built = { version: s.version, bits, at };
  }
  return window.built;
}

/**
 * How many rows of the window changed after `since` and match `criteria` now, and the first
 * `max` of them by name (as slots).
 */
export function matchesInWindow(
  clauses: ClauseCache,
  s: Snapshot,
  criteria: SearchCriteria,
  window: ChangeWindow,
  since: number,
  max: number,
): { total: number; slots: number[] } {
  const { bits: changed, at } = windowOn(s, window);
  // Evaluated from the window, not the directory: a clause not in the cache is then tested on
  // the window's rows alone (evaluate's row-by-row path), so an uncommon city or name costs
  // the window's size. evaluate() returns a shared scratch bitset: read synchronously below.
  const specs = buildClauses(s, criteria);
  let bits = changed;
  if (specs.length > 0) {
    const matched = evaluate(clauses, s, specs, changed);
    if (matched.total === 0) return { total: 0, slots: [] };
    bits = matched.bits;
  }
  const { pos, order } = s.sorts.name;
  // The `max` smallest name positions, kept sorted (max is small: a digest's 25).
  const top: number[] = [];
  let total = 0;
  for (let w = 0; w < changed.length; w++) {
    let word = changed[w] & bits[w];
    while (word !== 0) {
      const bit = 31 - Math.clz32(word & -word);
      word &= word - 1;
      const slot = (w << 5) | bit;
      if (at[slot] <= since || pos[slot] < 0) continue;
      total++;
      const p = pos[slot];
      if (top.length < max || p < top[top.length - 1]) {
        let j = top.length < max ? top.length : top.length - 1;
        while (j > 0 && top[j - 1] > p) {
          top[j] = top[j - 1];
          j--;
        }
        top[j] = p;
      }
    }
  }
  return { total, slots: top.map((p) => order[p]) };
}
