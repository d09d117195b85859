import { runToEnd, Workspace, type Sliced } from '../data/slices';
import { and, countBits } from '../data/bitsets';
import { isSliced, NEVER, SIEVE_READ, type Clause, type ClauseSpec } from './clause';
import { Lru } from '../data/lru';
import type { Snapshot } from '../data/snapshot';

/*
 * Evaluation: the rows passing every clause of a search, from the clause cache and the clauses
 * computed for it.
 */

/** A clause's rows as a bitset, with their count. */
export type ClauseResult = { bits: Uint32Array; count: number };

/**
 * Whether to test the `count` candidates left for a clause where they lie (Clause.sieve) rather
 * than compute its rows over every row and AND them: when that costs less by the cost model of
 * clause.ts, unless its postings list it for less still. A candidate costs SIEVE_READ per read
 * (a column a term, three for a set term tested by its items), a pass 1 per row and column: with
 * no set term, testing wins under a tenth of the rows. 'mercy hospital cardiology' lists the 60,000
 * cardiologists, lists the 200,000 rows of 'mercy' and ANDs them, and tests the 6,500 left for
 * 'hospital' (1,400,000 rows).
 */
function sieveFirst(clause: Clause, count: number, n: number): boolean {
  return !gatherFirst(clause, count, n) && count * SIEVE_READ * clause.sieveReads < n * clause.reads;
}

/** Whether listing a clause's rows from its postings (and ANDing them) costs less than testing `count` candidates for it. */
function gatherFirst(clause: Clause, count: number, n: number): boolean {
  return !!clause.gather && clause.gatherCost < count * SIEVE_READ * clause.sieveReads && clause.gatherCost < n * clause.reads;
}

/** The scratch buffers of the synchronous API (its runs never overlap; sliced runs bring their own). */
export const SHARED_WORKSPACE = new Workspace();

/** Bitsets let go by the clause cache and kept to be lent again (16: a search's clauses and more). */
const SPARES = 16;

/**
 * Clause bitsets by key, for the current snapshot only, within a budget of bytes (n / 8 bytes
 * each; 0 turns the cache off). `current` names the snapshot searches now start from: a run
 * still on an older one (it began before a change, during a pause) neither reads nor fills it.
 *
 * A bitset the cache lets go is lent to the next clause computed (`blank`), not left to the
 * collector: at 1,500,000 rows each is 187 KB outside the JavaScript heap, and making them anew
 * for every uncached clause brought a full collection every few hundred milliseconds. This is safe
 * because a cached bitset is only ever read within one step of a run (ANDed at once, never held
 * across a pause), so no run still reads one when it is let go.
 */
export class ClauseCache {
  /** Bytes of clause bitsets kept. */
  budget = 48 * 1024 * 1024;
  private readonly spares: Uint32Array[] = [];
  private readonly entries = new Lru<string, ClauseResult>(
    () => this.budget,
    (result) => result.bits.byteLength,
    (result) => this.giveBack(result.bits),
  );

  /**
   * Clauses made but not kept as bitsets (tested on a few candidates rather than over every
   * row), within a budget of their masks' bytes: the next evaluation of the same condition (a
   * facet's row set, the page's search after its count) does not scan the dictionaries again.
   */
  madeBudget = 16 * 1024 * 1024;
  private readonly made = new Lru<string, Clause>(
    () => this.madeBudget,
    (clause) => clause.bytes + 1024,
  );

  constructor(private readonly current: () => Snapshot) {}

  /** The rows of a clause already computed on `s`, if kept. */
  lookup(s: Snapshot, key: string): ClauseResult | undefined {
    return this.current() === s ? this.entries.get(key) : undefined;
  }

  /**
   * Keeps a clause's rows (two sliced runs may compute the same clause: the second replaces the
   * first); false when it is not kept (the cache is off, or `s` is no longer current).
   */
  remember(s: Snapshot, key: string, result: ClauseResult): boolean {
    if (this.budget <= 0 || this.current() !== s) return false;
    this.entries.set(key, result);
    this.made.delete(key);
    return true;
  }

  /** A bitset of `words` words, all 0: one the cache let go, or a new one. */
  blank(words: number): Uint32Array {
    for (let spare = this.spares.pop(); spare; spare = this.spares.pop()) if (spare.length === words) return spare.fill(0);
    return new Uint32Array(words);
  }

  /** Takes back a bitset no one reads any more (kept while there is room, for `blank`). */
  giveBack(bits: Uint32Array): void {
    if (this.spares.length < SPARES) this.spares.push(bits);
  }

  /** A clause already made on `s` (not computed over every row), if kept. */
  lookupMade(s: Snapshot, key: string): Clause | undefined {
    return this.current() === s ? this.made.get(key) : undefined;
  }

  /** Keeps a made clause whose rows were not all computed. */
  rememberMade(s: Snapshot, key: string, clause: Clause): void {
    if (this.budget <= 0 || this.current() !== s) return;
    this.made.set(key, clause);
  }

  clear(): void {
    this.entries.clear();
    this.made.clear();
  }

  /** Drops the clauses whose key `keep` says no to. */
  retain(keep: (key: string) => boolean): void {
    this.entries.retain((key) => keep(key));
    // A made clause holds the columns of the snapshot it was made on: none outlives it.
    this.made.clear();
  }
}

/**
 * The rows passing every clause (a bitset, valid until the next search) and their count.
 * Cached clauses are ANDed first (smallest first, stopping at an empty result). New clauses go
 * most selective first: each is computed over all rows and cached, until few candidates
 * remain; the rest are then checked on those rows only.
 */
export function evaluate(
  cache: ClauseCache,
  s: Snapshot,
  specs: ClauseSpec[],
  start: Uint32Array = s.aliveBits,
): { bits: Uint32Array; total: number } {
  return runToEnd(evaluateSteps(cache, s, specs, start, SHARED_WORKSPACE));
}

/** evaluate() in slices; the bitset returned is `ws`'s (valid until its next search). */
export function* evaluateSteps(
  cache: ClauseCache,
  s: Snapshot,
  specs: ClauseSpec[],
  start: Uint32Array,
  ws: Workspace,
): Sliced<{ bits: Uint32Array; total: number }> {
  const n = s.cols.length;
  const words = s.aliveBits.length;
  const acc = ws.accumulator(words).subarray(0, words);
  // `start`: the rows to consider (alive rows, or fewer: an alert's window of changed rows).
  acc.set(start);
  const cached: ClauseResult[] = [];
  const fresh: ClauseSpec[] = [];
  for (const spec of specs) {
    // A one-letter query's rows are the snapshot's own (initials.ts); other clauses, the cache's.
    const hit = s.initials.get(spec.key) ?? cache.lookup(s, spec.key);
    if (hit) cached.push(hit);
    else fresh.push(spec);
  }
  cached.sort((a, b) => a.count - b.count);
  for (const { bits } of cached) if (!and(acc, bits)) return { bits: acc, total: 0 };

  const made: { key: string; clause: Clause }[] = [];
  for (const spec of fresh) {
    // Each clause first scans its field's distinct values (a pause between two clauses).
    const kept = cache.lookupMade(s, spec.key);
    if (kept) {
      made.push({ key: spec.key, clause: kept });
      continue;
    }
    if (made.length > 0) yield;
    const making = spec.make();
    const clause = isSliced(making) ? yield* making : making;
    if (clause === NEVER) {
      const none = { bits: cache.blank(words), count: 0 };
      if (!cache.remember(s, spec.key, none)) cache.giveBack(none.bits);
      return { bits: acc, total: 0 };
    }
    made.push({ key: spec.key, clause });
  }
  made.sort((a, b) => a.clause.estimate - b.clause.estimate);
  let count = cached.length || start !== s.aliveBits ? countBits(acc) : s.aliveCount;
  for (let k = 0; k < made.length; k++) {
    if (sieveFirst(made[k].clause, count, n)) {
      // The candidates left are tested where they are, clause after clause in one sweep (a word
      // of candidates meets every clause while it is in cache); a clause whose postings list its
      // rows for less than testing them is listed and ANDed first.
      const later = made.slice(k);
      const listed = later.filter((m) => gatherFirst(m.clause, count, n));
      for (const m of listed) {
        count = yield* computeAndAnd(cache, s, m, acc, n, ws);
        if (count === 0) return { bits: acc, total: 0 };
      }
      const rest = later.filter((m) => !listed.includes(m));
      if (rest.length === 0) return { bits: acc, total: count };
      for (const m of rest) cache.rememberMade(s, m.key, m.clause);
      let left = 0;
      const sieveWords = (from: number, to: number) => {
        let here = 0;
        for (const m of rest) if ((here = m.clause.sieve(acc, from, to)) === 0) break;
        left += here;
      };
      yield* ws.chunks(words, sieveWords, 32);
      return { bits: acc, total: left };
    }
    count = yield* computeAndAnd(cache, s, made[k], acc, n, ws);
    if (count === 0) return { bits: acc, total: 0 };
  }
  return { bits: acc, total: count };
}

/** Computes a clause's rows over every row (kept in the cache when there is room), ANDs them into `acc`; the rows left. */
function* computeAndAnd(
  cache: ClauseCache,
  s: Snapshot,
  m: { key: string; clause: Clause },
  acc: Uint32Array,
  n: number,
  ws: Workspace,
): Sliced<number> {
  const result = yield* clauseRows(m.clause, cache.blank(acc.length), n, ws);
  const kept = cache.remember(s, m.key, result);
  const any = and(acc, result.bits);
  if (!kept) cache.giveBack(result.bits);
  return any ? countBits(acc) : 0;
}

/**
 * A clause's rows among `n` rows, in `bits` (all 0, a word per 32 rows): listed from postings when
 * that costs less than a pass over every row's columns (clause.ts: the cost model), else that pass.
 */
export function* clauseRows(clause: Clause, bits: Uint32Array, n: number, ws: Workspace): Sliced<ClauseResult> {
  if (clause.gather && clause.gatherCost < n * clause.reads) {
    clause.gather(bits);
    return { bits, count: countBits(bits) };
  }
  const result = { bits, count: 0 };
  yield* ws.chunks(bits.length, (from, to) => (result.count += clause.pass(bits, from, to)), 32);
  return result;
}
