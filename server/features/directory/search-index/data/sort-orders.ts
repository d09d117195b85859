import type { CodeArray } from './columns';
import type { SortDirection, SortKey } from '../../../../../contract/directory';
import { sortKey } from '../../sort-key';
import type { Sliced, Workspace } from './slices';
import { countBits, hasBit } from './bitsets';
import type { Dictionary } from './dictionary';

/*
 * Sort orders: precomputed permutations of the alive rows (stable counting sorts over value
 * ranks), with their inverse, so paging never sorts the whole result.
 */

/** One sort key's order: alive rows by value (ties by id), rows without a value last. */
export type SortOrder = {
  order: Int32Array;
  /** Rows with a value come first; [nonNull, order.length) have none. */
  nonNull: number;
  /** Row slot -> position in `order` (-1 for removed rows). */
  pos: Int32Array;
};

/** The precomputed orders (relevance is computed per search: tiers, then the name order). */
export type OrderKey = Exclude<SortKey, 'relevance' | 'distance'>;

/** A dictionary's values ranked for sorting. */
export type ValueRanks = { rankOf: Int32Array; buckets: number };

/**
 * Ranks of a dictionary's values by their sort key (sort-key.ts: case and accents folded, the
 * same key the reference SQL orders by); blank values rank last.
 */
export function rankValues(dict: Dictionary): ValueRanks {
  const keys = dict.lower.map(sortKey);
  const codes: number[] = [];
  for (let c = 1; c < dict.size; c++) if (keys[c] !== '') codes.push(c);
  codes.sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0));
  const rankOf = new Int32Array(dict.size);
  let rank = -1;
  let previous: string | null = null;
  for (const c of codes) {
    if (keys[c] !== previous) rank++;
    previous = keys[c];
    rankOf[c] = rank;
  }
  const nullRank = rank + 1;
  rankOf[0] = nullRank;
  for (let c = 1; c < dict.size; c++) if (keys[c] === '') rankOf[c] = nullRank;
  return { rankOf, buckets: nullRank + 1 };
}

/** Stable counting sort of `rows` by rankOf[codes[row]]. */
function sortByRank(rows: Int32Array, codes: CodeArray, rankOf: Int32Array, buckets: number): Int32Array {
  const starts = new Int32Array(buckets + 1);
  for (let j = 0; j < rows.length; j++) starts[rankOf[codes[rows[j]]] + 1]++;
  for (let b = 1; b <= buckets; b++) starts[b] += starts[b - 1];
  const out = new Int32Array(rows.length);
  for (let j = 0; j < rows.length; j++) {
    const row = rows[j];
    out[starts[rankOf[codes[row]]]++] = row;
  }
  return out;
}

/**
 * The order of `base` (alive rows in id order) by `keys`, most significant first. `slots`: the
 * snapshot's row slots (the inverse covers them all).
 */
export function sortOrder(
  slots: number,
  base: Int32Array,
  keys: { codes: CodeArray; rank: ValueRanks }[],
): SortOrder {
  // LSD: sort by the least significant key first; stability keeps the id order for ties.
  let order = base;
  for (let k = keys.length - 1; k >= 0; k--)
    order = sortByRank(order, keys[k].codes, keys[k].rank.rankOf, keys[k].rank.buckets);
  const primary = keys[0];
  const nullRank = primary.rank.buckets - 1;
  let nonNull = order.length;
  while (nonNull > 0 && primary.rank.rankOf[primary.codes[order[nonNull - 1]]] === nullRank) nonNull--;
  const pos = new Int32Array(slots).fill(-1);
  for (let j = 0; j < order.length; j++) pos[order[j]] = j;
  return { order, nonNull, pos };
}

/**
 * A position in descending order from one in ascending order: descending reverses the order
 * within each region (rows with a value, then rows without), so rows without a value stay last.
 */
export function flipper(sort: SortOrder): (position: number) => number {
  const { nonNull } = sort;
  const last = sort.order.length - 1;
  return (p) => (p < nonNull ? nonNull - 1 - p : nonNull + last - p);
}

/**
 * The `slots` given (each in `bits` and alive; -1 for none) in sort order: their positions are
 * sorted, so the cost follows their number, not the directory's.
 */
export function slotsInOrder(
  sort: SortOrder,
  direction: SortDirection,
  slots: Iterable<number>,
  count: number,
  bits: Uint32Array,
): Int32Array {
  const { pos, order } = sort;
  const flip = flipper(sort);
  const desc = direction === 'desc';
  const positions = new Int32Array(count);
  let k = 0;
  for (const slot of slots) {
    if (slot < 0 || !hasBit(bits, slot) || pos[slot] < 0) continue;
    positions[k++] = desc ? flip(pos[slot]) : pos[slot];
  }
  const sorted = positions.subarray(0, k).sort();
  const out = new Int32Array(k);
  for (let j = 0; j < k; j++) out[j] = order[desc ? flip(sorted[j]) : sorted[j]];
  return out;
}

/**
 * Writes the rows of `bits` that pass `has` (`count` of them) into ordered[from, end) in sort
 * order, returning `end`. Walking the sort order visits about (end - from) * rows / count rows;
 * sorting the rows by their position costs about count * log(count): the cheaper is taken. A
 * walk starts at the first of the rows (found in one pass over `bits` when they are few): rows
 * that sort together ('Smith' in the name order) are reached without visiting every row before.
 */
export function* placeInOrder(
  sort: SortOrder,
  direction: SortDirection,
  bits: Uint32Array,
  has: (row: number) => boolean,
  count: number,
  end: number,
  ordered: Int32Array,
  from: number,
  ws: Workspace,
): Sliced<number> {
  const rows = sort.order.length;
  const need = end - from;
  const walkCost = Math.min(rows, (need * rows) / count);
  const sortCost = count * (Math.log2(count + 1) + 2);
  let k = from;
  const { pos } = sort;
  const flip = flipper(sort);
  const desc = direction === 'desc';
  /** Each row of `bits` passing `has`, with its place in the walk's order. */
  const eachPlace = (visit: (place: number) => void) => {
    for (let w = 0; w < bits.length; w++) {
      let v = bits[w];
      while (v !== 0) {
        const low = v & -v;
        const row = (w << 5) + (31 - Math.clz32(low));
        v ^= low;
        if (has(row)) visit(desc ? flip(pos[row]) : pos[row]);
      }
    }
  };
  if (sortCost < walkCost) {
    const positions = new Int32Array(count);
    let j = 0;
    eachPlace((place) => (positions[j++] = place));
    positions.sort();
    for (let q = 0; q < need; q++) ordered[k++] = sort.order[desc ? flip(positions[q]) : positions[q]];
    return k;
  }
  // Where the first row is, when finding it costs little beside the walk's worst case (every row).
  let start = 0;
  if (bits.length + countBits(bits) < rows / 8) {
    start = rows;
    eachPlace((place) => {
      if (place < start) start = place;
    });
  }
  yield* walk(
    sort,
    direction,
    (row) => {
      if (has(row)) ordered[k++] = row;
      return k < end;
    },
    ws,
    start,
  );
  return k;
}

/**
 * Visits rows in sort order, pausing every chunk of rows. Descending reverses values and id ties;
 * rows without a value stay last in both directions (like ORDER BY key DESC NULLS LAST, id DESC).
 * `start`: the place in that order to begin at (the places before it are skipped).
 */
export function* walk(
  sort: SortOrder,
  direction: SortDirection,
  visit: (row: number) => boolean,
  ws: Workspace,
  start = 0,
): Sliced<void> {
  const { order } = sort;
  const flip = flipper(sort);
  const desc = direction === 'desc';
  const chunk = ws.chunkRows;
  let seen = 0;
  for (let place = start; place < order.length; place++) {
    if (!visit(order[desc ? flip(place) : place])) return;
    if (++seen === chunk) {
      seen = 0;
      yield;
    }
  }
}
