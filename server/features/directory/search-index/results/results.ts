import type { SortDirection, SortKey } from '../../../../../contract/directory';
import type { SearchCriteria } from '../query/criteria';
import type { Sliced, Workspace } from '../data/slices';
import { evaluateSteps, type ClauseCache } from '../query/evaluation';
import { buildClauses } from '../query/filters';
import { byDistance } from '../query/geography';
import { Lru } from '../data/lru';
import { byRelevance } from './relevance';
import type { Snapshot } from '../data/snapshot';
import { placeInOrder, walk } from '../data/sort-orders';

/*
 * A search's ordered result (its total and its first rows in sort order), and the result cache
 * that serves the next pages and repeated searches.
 */

export type CachedResult = {
  total: number;
  /** Matching row slots in sort order: all of them when `complete`, else a prefix. */
  ordered: Int32Array;
  complete: boolean;
};

/** Smallest prefix computed for a large result, so the next pages come from the cache. */
const MIN_PREFIX = 250;
/** Results longer than this keep only a prefix in the cache. */
const MAX_CACHED_ROWS = 20_000;

/** Recent results by sort and criteria (LRU of `capacity()` entries). */
export class ResultCache {
  private readonly entries: Lru<string, CachedResult>;

  constructor(capacity: () => number) {
    this.entries = new Lru(capacity);
  }

  static key(criteria: SearchCriteria, sortKey: SortKey, direction: SortDirection): string {
    return `${sortKey}:${direction}:${JSON.stringify(criteria)}`;
  }

  /** The cached result if it holds the first `want` rows (then the most recently used). */
  find(key: string, want: number): CachedResult | undefined {
    const entry = this.entries.peek(key);
    if (!entry || !(entry.complete || entry.ordered.length >= want)) return undefined;
    return this.entries.get(key);
  }

  /** Keeps a result; long results keep a prefix (the next pages), deeper pages are computed again. */
  keep(key: string, entry: CachedResult, want: number): void {
    const prefix = Math.max(want, MIN_PREFIX * 4);
    const stored =
      entry.ordered.length <= MAX_CACHED_ROWS
        ? entry
        : prefix <= MAX_CACHED_ROWS
          ? { total: entry.total, ordered: entry.ordered.slice(0, prefix), complete: false }
          : null;
    if (stored) this.entries.set(key, stored);
  }

  /** The total of a kept result of these criteria, in any order. */
  total(criteria: SearchCriteria): number | undefined {
    const json = JSON.stringify(criteria);
    for (const [key, entry] of this.entries.items()) if (criteriaJsonOfKey(key) === json) return entry.total;
    return undefined;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops the results whose criteria `keep` says no to. */
  retain(keep: (criteria: SearchCriteria) => boolean): void {
    this.entries.retain((key) => keep(criteriaOfKey(key)));
  }
}

/** The criteria's JSON in a key of ResultCache.key() (after the sort key and direction). */
function criteriaJsonOfKey(key: string): string {
  return key.slice(key.indexOf(':', key.indexOf(':') + 1) + 1);
}

/** The criteria a key of ResultCache.key() was made of. */
function criteriaOfKey(key: string): SearchCriteria {
  return JSON.parse(criteriaJsonOfKey(key)) as SearchCriteria;
}

/** The total of a search and its first `want` rows (at least MIN_PREFIX when there are more). */
export function* computeSteps(
  clauses: ClauseCache,
  s: Snapshot,
  criteria: SearchCriteria,
  sortKey: SortKey,
  direction: SortDirection,
  want: number,
  ws: Workspace,
): Sliced<CachedResult> {
  const relevance = sortKey === 'relevance';
  const sort = s.sorts[relevance || sortKey === 'distance' ? 'name' : sortKey];
  if (relevance) direction = 'asc';
  const specs = buildClauses(s, criteria);

  if (specs.length === 0) {
    const total = s.aliveCount;
    const take = Math.min(total, Math.max(want, MIN_PREFIX));
    const ordered = new Int32Array(take);
    let k = 0;
    yield* walk(
      sort,
      direction,
      (row) => {
        ordered[k++] = row;
        return k < take;
      },
      ws,
    );
    return { total, ordered, complete: take === total };
  }

  const { bits, total } = yield* evaluateSteps(clauses, s, specs, s.aliveBits, ws);
  if (total === 0) return { total: 0, ordered: new Int32Array(0), complete: true };
  const take = Math.min(total, Math.max(want, MIN_PREFIX));
  const complete = take === total;
  if (relevance && (criteria.words.length || criteria.specialtyTerms.length))
    return { total, ordered: yield* byRelevance(s, criteria, bits, take, ws), complete };
  if (sortKey === 'distance' && criteria.near)
    return { total, ordered: byDistance(s, criteria.near, bits, total, take, direction), complete };
  const has = (row: number) => ((bits[row >>> 5] >>> (row & 31)) & 1) === 1;
  const ordered = new Int32Array(take);
  yield* placeInOrder(sort, direction, bits, has, total, take, ordered, 0, ws);
  return { total, ordered, complete };
}
