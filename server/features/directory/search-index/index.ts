import type { FacetsResponse, SortDirection, SortKey, SpecialtyCount } from '../../../../contract/directory';
import type { WordList } from './query/spelling';
import { wordListOf } from './query/words';
import { isEmptyCriteria, type SearchCriteria } from './query/criteria';
import { runToEnd, Workspace, type Sliced } from './data/slices';
import { matchesInWindow, type ChangeWindow } from './results/alert-window';
import { ColumnsBuilder } from './data/columns';
import { newDictionaries } from './data/dictionary';
import { ClauseCache, evaluateSteps, SHARED_WORKSPACE } from './query/evaluation';
import { INITIALS_RULE } from './query/initials';
import { countFacets, countHospitals, FACET_CACHE_SIZE, specialtyCounts, type HospitalCount } from './results/facets';
import { buildClauses, FILTER_ONLY_COLUMNS, type FilterOnlyColumn } from './query/filters';
import { Lru } from './data/lru';
import { computeSteps, ResultCache } from './results/results';
import { emptySnapshot, finalize, finalizePausing, slotOf, withUpdatedRows, type Snapshot } from './data/snapshot';
import { slotsInOrder, type OrderKey } from './data/sort-orders';
import { ROW_SEP, rowId } from './data/wire-format';
import { physiciansForMatching, type MatchingQuery, type PhysicianForMatching } from './query/matching';
import { loadSnapshot, saveSnapshot, snapshotOf, type SnapshotStamp } from './data/persisted';
import { snapshotBytes } from './data/snapshot';

/*
 * The in-memory search index of the directory (docs/decisions/005-search-index.md).
 *
 * PostgreSQL stays the source of truth; this is a read model of the searchable fields, built at
 * start and swapped whole on every change. A search resolves the exact set of matching rows,
 * their count and the requested page in memory; only the page's 25 rows are then read from the
 * database by id.
 *
 * This module is the folder's entry (code outside the folder imports only it): the DirectoryIndex
 * facade holds the current snapshot and the caches, and hands the work to three layers that import
 * only downward (ADR 005, ADR 059; layers.test.ts checks them): data/ (the wire format,
 * dictionaries, columns, postings, bitsets, sort orders, the snapshot and its file), query/ (the
 * criteria and the reading of the box, spelling, terms, clauses, the filter table, geography,
 * evaluation and its cache, the initials' rule) and results/ (relevance, results and their cache,
 * facets, the alert window). The facade hands the query layer's initials rule to the snapshot.
 */

// What the rest of the directory feature uses: the reading of a search, the spelling correction,
// the sliced runs (the service's and the server's event-loop statistics, ADR 027).
export { IdSet, resolveSort, stateCode, toCriteria, unheldWordsOf, type SearchCriteria } from './query/criteria';
export { searchTerm } from './data/search-words';
export { correctQuery } from './query/spelling';
export { runInSlices, watchLongestSlice, Workspace, type Sliced } from './data/slices';
export type { ChangeWindow } from './results/alert-window';
export type { FacetKey } from './query/clause';
export type { OrderKey } from './data/sort-orders';
export type { MatchingQuery, PhysicianForMatching } from './query/matching';
export { snapshotFormat, type SnapshotStamp } from './data/persisted';
export {
  FIELD_SEP,
  FLAG_FIELDS,
  INDEX_FIELD_COUNT,
  ITEM_SEP,
  NULL_MARK,
  ROW_SEP,
  SCALAR_FIELDS,
  SET_FIELDS,
  SET_INDEX,
  SETS_AT,
  rowId,
  type FlagField,
  type ScalarField,
  type SetField,
} from './data/wire-format';

export type IndexSearchOptions = {
  sortKey: SortKey;
  sortDirection: SortDirection;
  offset: number;
  limit: number;
};
export type IndexSearchResult = { total: number; ids: number[] };

export class DirectoryIndex {
  private snapshot: Snapshot;
  private readonly results = new ResultCache(() => this.cacheSize);
  private readonly clauses = new ClauseCache(() => this.snapshot);
  /** Live facets of recent searches (dropped with the other caches). */
  private readonly facetCache = new Lru<string, FacetsResponse>(() => FACET_CACHE_SIZE);
  /** Answers that depend only on the snapshot (the directory's own facets, specialty counts). */
  private memo = new Map<string, unknown>();
  /** Entries in the result cache (0 turns it off, e.g. to benchmark uncached searches). */
  cacheSize = 500;

  private constructor(snapshot: Snapshot) {
    this.snapshot = snapshot;
  }

  static empty(): DirectoryIndex {
    return new DirectoryIndex(emptySnapshot(INITIALS_RULE));
  }

  /** Builds a fresh index from batches of wire-format rows, read in id order. */
  static async build(batches: AsyncIterable<string>, expectedRows = 0): Promise<DirectoryIndex> {
    const index = DirectoryIndex.empty();
    await index.rebuild(batches, expectedRows);
    return index;
  }

  /**
   * The index a snapshot file holds (persisted.ts) with the stamp it was written with, when it has
   * `format` and is signed with `key`; otherwise why it cannot be used (`expected`: no file yet,
   * or another version's).
   */
  static async load(
    path: string,
    format: string,
    key: Uint8Array,
  ): Promise<{ index: DirectoryIndex; stamp: SnapshotStamp; fileBytes: number } | { reason: string; expected: boolean }> {
    const loaded = await loadSnapshot(path, format, key);
    if (!loaded.ok) return { reason: loaded.reason, expected: loaded.expected };
    return { index: new DirectoryIndex(snapshotOf(loaded, 1, INITIALS_RULE)), stamp: loaded.stamp, fileBytes: loaded.bytes };
  }

  /**
   * Writes the current version to a snapshot file stamped `stamp` and signed with `key`; resolves
   * to its size in bytes, and whether something at the temporary name had to be removed.
   */
  save(path: string, format: string, stamp: SnapshotStamp, key: Uint8Array): Promise<{ bytes: number; removed: boolean }> {
    return saveSnapshot(path, this.snapshot, format, stamp, key);
  }

  /** Bytes the current version holds in typed arrays (columns, sort orders, counts), caches aside. */
  get memoryBytes(): number {
    return snapshotBytes(this.snapshot);
  }

  /** Bytes of clause bitsets kept (n / 8 bytes each; 0 turns the clause cache off). */
  get clauseBudget(): number {
    return this.clauses.budget;
  }

  set clauseBudget(bytes: number) {
    this.clauses.budget = bytes;
  }

  /** Physicians in the index. */
  get size(): number {
    return this.snapshot.aliveCount;
  }

  get version(): number {
    return this.snapshot.version;
  }

  // ----------------------------------------------------------------------------------------------
  // Changes

  /** Replaces the whole content (full reload); searches see the old content until the swap. */
  async rebuild(batches: AsyncIterable<string>, expectedRows = 0): Promise<void> {
    const dicts = newDictionaries();
    const builder = new ColumnsBuilder(dicts, expectedRows);
    for await (const batch of batches) builder.addBatch(batch);
    for (const set of dicts.sets) set.compact();
    this.swap(await finalizePausing(builder.columns(), dicts, this.snapshot.version + 1, INITIALS_RULE));
  }

  /**
   * Applies changed rows: `batch` holds the current versions (wire format) of physicians that
   * were inserted or updated; every id of `ids` absent from it has been removed.
   */
  patch(ids: readonly number[], batch: string): void {
    const old = this.snapshot;
    const rows = batch === '' ? [] : batch.split(ROW_SEP);
    const pending = new Map<number, string | null>();
    for (const id of ids) pending.set(id, null);
    for (const row of rows) pending.set(rowId(row), row);
    // Rows that stay (updated in place) cost only what changed; a row added or removed goes through
    // the builder and finalize.
    const updates: [number, string][] = [];
    let inPlace = true;
    for (const [id, row] of pending) {
      const slot = slotOf(old, id);
      if (slot >= 0 && row !== null) updates.push([slot, row]);
      else if (slot >= 0 || row !== null) inPlace = false;
    }
    if (inPlace) {
      const { next, changed } = withUpdatedRows(old, updates, INITIALS_RULE);
      if (next === old) return;
      const filters = [...changed].map((column) => FILTER_ONLY_COLUMNS.get(column));
      if (filters.every((f) => f !== undefined)) this.swapKeeping(next, filters as FilterOnlyColumn[]);
      else this.swap(next);
      return;
    }
    const builder = new ColumnsBuilder(old.dicts, old.cols.length + rows.length, old.cols);
    const { ids: slotIds, alive, length } = old.cols;
    for (let i = 0; i < length && pending.size; i++) {
      if (!alive[i] || !pending.has(slotIds[i])) continue;
      const row = pending.get(slotIds[i]);
      if (row) builder.set(i, row);
      else builder.remove(i);
      pending.delete(slotIds[i]);
    }
    for (const row of pending.values()) if (row) builder.add(row);
    this.swap(finalize(builder.columns(), old.dicts, old.version + 1, INITIALS_RULE));
  }

  /** Rows no longer alive but still holding a slot (patches leave them until the next rebuild). */
  get deadRows(): number {
    return this.snapshot.cols.length - this.snapshot.aliveCount;
  }

  private swap(next: Snapshot) {
    this.snapshot = next;
    this.clearCache();
  }

  /**
   * Swaps in a version that differs only in columns one filter each reads (FILTER_ONLY_COLUMNS):
   * cached answers whose criteria leave those filters out are the same on it and stay, with the
   * clauses of every other filter and the directory's own counts.
   */
  private swapKeeping(next: Snapshot, filters: readonly FilterOnlyColumn[]) {
    this.snapshot = next;
    const reads = (c: SearchCriteria) => filters.some((f) => c[f.criterion] !== null && c[f.criterion] !== undefined);
    this.results.retain((c) => !reads(c));
    this.facetCache.retain((key) => !reads(JSON.parse(key) as SearchCriteria));
    this.clauses.retain((key) => !filters.some((f) => key.startsWith(f.clauseKey)));
  }

  /** Forgets cached results, counts and facets (the benchmark measures them uncached). */
  clearCache(): void {
    this.results.clear();
    this.clauses.clear();
    this.facetCache.clear();
    this.memo = new Map();
  }

  // ----------------------------------------------------------------------------------------------
  // Searches. Each costly one comes twice: a generator of steps (`...Steps`, run in slices by
  // the service: data/slices.ts, ADR 027) and the same run to its end without pausing.

  /** The exact number of matches and the ids of rows [offset, offset + limit) in sort order. */
  search(criteria: SearchCriteria, options: IndexSearchOptions): IndexSearchResult {
    return runToEnd(this.searchSteps(criteria, options, SHARED_WORKSPACE));
  }

  /**
   * search() as a sliced computation. `ws`: the run's own scratch buffers. A change of the index
   * during a pause leaves the run on the snapshot it started with, and its results out of the
   * caches.
   */
  *searchSteps(
    criteria: SearchCriteria,
    options: IndexSearchOptions,
    ws: Workspace = new Workspace(),
  ): Sliced<IndexSearchResult> {
    const s = this.snapshot;
    const want = options.offset + options.limit;
    const key = ResultCache.key(criteria, options.sortKey, options.sortDirection);
    let entry = this.results.find(key, want);
    if (!entry) {
      entry = yield* computeSteps(
        this.clauses,
        s,
        criteria,
        options.sortKey,
        options.sortDirection,
        want,
        ws,
      );
      if (this.cacheSize > 0 && this.snapshot === s) this.results.keep(key, entry, want);
    }
    const ids: number[] = [];
    const end = Math.min(want, entry.ordered.length);
    for (let j = options.offset; j < end; j++) ids.push(s.cols.ids[entry.ordered[j]]);
    return { total: entry.total, ids };
  }

  /**
   * The number of matches alone (whether a query finds anything: the facets' and Select All's
   * spelling rule). A result kept for any order answers it; otherwise the clauses are evaluated
   * (and kept for the facets that follow), with no order made.
   */
  *countSteps(criteria: SearchCriteria, ws: Workspace = new Workspace()): Sliced<number> {
    const s = this.snapshot;
    const kept = this.results.total(criteria);
    if (kept !== undefined) return kept;
    const specs = buildClauses(s, criteria);
    if (specs.length === 0) return s.aliveCount;
    return (yield* evaluateSteps(this.clauses, s, specs, s.aliveBits, ws)).total;
  }

  /**
   * The ids of `ids` that match `criteria`, in sort order (a list's members, searched within).
   * Ids the index does not hold are dropped. The criteria's clauses come from (and go to) the
   * clause cache like a search's; the candidates are then checked one by one, so the cost
   * follows the number of ids, not the directory.
   */
  filterIds(
    criteria: SearchCriteria,
    ids: readonly number[],
    sortKey: OrderKey,
    direction: SortDirection,
  ): number[] {
    return runToEnd(this.filterIdsSteps(criteria, ids, sortKey, direction, SHARED_WORKSPACE));
  }

  /** filterIds() as a sliced computation (see searchSteps). */
  *filterIdsSteps(
    criteria: SearchCriteria,
    ids: readonly number[],
    sortKey: OrderKey,
    direction: SortDirection,
    ws: Workspace = new Workspace(),
  ): Sliced<number[]> {
    const s = this.snapshot;
    const specs = buildClauses(s, criteria);
    // The bitset returned is the workspace's: read below, before this run's next search.
    let bits = s.aliveBits;
    if (specs.length > 0) {
      const matched = yield* evaluateSteps(this.clauses, s, specs, s.aliveBits, ws);
      // A clause that can match nothing returns early with `bits` untouched: trust the total.
      if (matched.total === 0) return [];
      bits = matched.bits;
    }
    const slots = slotsInOrder(
      s.sorts[sortKey],
      direction,
      ids.map((id) => slotOf(s, id)),
      ids.length,
      bits,
    );
    return Array.from(slots, (slot) => s.cols.ids[slot]);
  }

  /**
   * The options of every filter with live counts (disjunctive): each filter's values counted
   * over the rows matching the query and every other filter (its own selection left out), from
   * the clause bitsets. Every value found in the directory is listed (0 when none matches now);
   * most common first. Without any criteria: the directory's own counts, memoised.
   */
  facets(criteria?: SearchCriteria): FacetsResponse {
    return runToEnd(this.facetsSteps(criteria, SHARED_WORKSPACE));
  }

  /** facets() as a sliced computation (see searchSteps). */
  *facetsSteps(criteria?: SearchCriteria, ws: Workspace = new Workspace()): Sliced<FacetsResponse> {
    const s = this.snapshot;
    if (!criteria || isEmptyCriteria(criteria)) {
      const memo = this.memo;
      if (memo.has('facets')) return memo.get('facets') as FacetsResponse;
      const all = yield* countFacets(this.clauses, s, null, ws);
      if (this.snapshot === s) memo.set('facets', all);
      return all;
    }
    const key = JSON.stringify(criteria);
    const hit = this.facetCache.get(key);
    if (hit) return hit;
    const result = yield* countFacets(this.clauses, s, criteria, ws);
    if (this.cacheSize > 0 && this.snapshot === s) this.facetCache.set(key, result);
    return result;
  }

  /**
   * The 'Affiliated with' type-ahead (ADR 063): facilities whose names start words with each of
   * `words`, counted over the search without its own 'Affiliated with', most common first.
   */
  *hospitalsSteps(criteria: SearchCriteria | null, words: string[], limit: number, ws: Workspace = new Workspace()): Sliced<HospitalCount[]> {
    const s = this.snapshot;
    return yield* countHospitals(this.clauses, s, criteria && !isEmptyCriteria(criteria) ? criteria : null, words, limit, ws);
  }

  /** Specialty counts merged case-insensitively, formatted, most common first. */
  specialtyCounts(): SpecialtyCount[] {
    const s = this.snapshot;
    return this.memoized('specialties', () => specialtyCounts(s));
  }

  /**
   * The words of the searched fields and how often each occurs, for reading a misspelt query
   * word (spelling.ts): part of the index, made once per build on first use (words.ts).
   */
  wordList(): WordList {
    return wordListOf(this.snapshot);
  }

  private memoized<T>(key: string, compute: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, compute());
    return this.memo.get(key) as T;
  }

  // ----------------------------------------------------------------------------------------------
  // The new-match alerts

  /**
   * A set of changed rows (ids with the time each changed) for `matchesInWindow`: the new-match
   * alerts build one per run and ask it for every saved search. Tied to this snapshot: rebuilt
   * transparently if the index changes in between.
   */
  changeWindow(ids: ArrayLike<number>, changedAt: ArrayLike<number>): ChangeWindow {
    return { ids, changedAt, built: null };
  }

  /**
   * How many rows of the window changed after `since` and match `criteria` now, and the first
   * `max` of them by name. The criteria are evaluated as a search's (bitsets, the clause cache),
   * starting from the window's bitset: the cost is the directory's size over 32 (cached clauses,
   * ANDed word by word) plus the window's rows for the others, whatever the number of saved
   * searches sharing the window.
   */
  matchesInWindow(
    criteria: SearchCriteria,
    window: ChangeWindow,
    since: number,
    max: number,
  ): { total: number; ids: number[] } {
    const s = this.snapshot;
    const { total, slots } = matchesInWindow(this.clauses, s, criteria, window, since, max);
    return { total, ids: slots.map((slot) => s.cols.ids[slot]) };
  }

  // ----------------------------------------------------------------------------------------------
  // Reads of the rows for other features: each a function over the snapshot in a module of
  // its own beside this one, called by a one-line method here.

  /** The physicians list matching may compare an upload with (matching.ts). */
  physiciansForMatching(query: MatchingQuery): PhysicianForMatching[] {
    return physiciansForMatching(this.snapshot, query);
  }
}
