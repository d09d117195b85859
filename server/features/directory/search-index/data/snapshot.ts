import { ZIP_SPACE } from '../../geo';
import { pack } from './bitsets';
import { ColumnsBuilder, widened, type Columns, type CodeArray } from './columns';
import { directoryItemCounts, newDictionaries, type Dictionaries } from './dictionary';
import { runInSlices, runToEnd, type Sliced } from './slices';
import { itemPostingsOf, POSTED_ITEMS, POSTED_SCALAR, POSTED_SET, postingsOf, type PostedField, type Postings } from './postings';
import { rankValues, sortOrder, type OrderKey, type SortOrder } from './sort-orders';
import {
  FLAG_FIELDS,
  SCALAR_FIELDS,
  SCALAR_INDEX,
  SET_FIELDS,
  SET_INDEX,
  type ScalarField,
  type SetField,
} from './wire-format';

/**
 * One version of the index: the columns and everything derived from them at build time. Never
 * changed once made (a patch makes the next one), except the id lookup made on first use.
 */
export type Snapshot = {
  version: number;
  cols: Columns;
  dicts: Dictionaries;
  aliveCount: number;
  /** Bitset of the alive rows: every search starts from it. */
  aliveBits: Uint32Array;
  /** Alive rows per code (scalar fields) or per set (set fields). */
  counts: Record<ScalarField | SetField, Int32Array>;
  sorts: Record<OrderKey, SortOrder>;
  /** The searched fields' rows grouped by code (postings.ts). */
  postings: Record<PostedField, Postings>;
  /** Alive rows in id order. */
  byId: Int32Array;
  /** Whether slots are in id order (no patch appended a smaller id). */
  monotonic: boolean;
  /** Alive rows per ZIP (index: ZIP number + 1). */
  zipCounts: Int32Array;
  /**
   * Id -> slot lookup, made on first use: null while slots are in ascending id order (binary
   * search), a map once a patch appended a smaller id.
   */
  slotById?: Map<number, number> | null;
  /** The rows of every one-letter query and of the commonest words as terms (query/initials.ts, query/common-words.ts). */
  initials: Initials;
};

/** The rows of every one-letter query (ADR 042), by its clause key: bitset and count. */
export type Initials = ReadonlyMap<string, { bits: Uint32Array; count: number }>;

/**
 * How a snapshot's initials are made: query code (the spec's one-word rule, query/initials.ts),
 * handed in by the facade so that this layer never calls the query layer. A snapshot holds them
 * like the postings: made with it, never evicted.
 */
export type InitialsRule = {
  /** Each letter's rows over a whole snapshot, in slices. */
  steps(s: Snapshot): Sliced<Initials>;
  /** `old` with the rows at `slots` read again on `s`. */
  patched(old: Initials, s: Snapshot, slots: Iterable<number>): Initials;
  /** The columns, as withUpdatedRows names them, whose change moves a row's initials. */
  columns: readonly string[];
};

/** A snapshot of no rows (version 0). */
export function emptySnapshot(initials: InitialsRule): Snapshot {
  const dicts = newDictionaries();
  return finalize(new ColumnsBuilder(dicts, 0).columns(), dicts, 0, initials);
}

/** The snapshot of built columns: counts per value, the alive rows, the sort orders, the initials. */
export function finalize(cols: Columns, dicts: Dictionaries, version: number, initials: InitialsRule): Snapshot {
  const snapshot = withoutInitials(cols, dicts, version);
  snapshot.initials = runToEnd(initials.steps(snapshot));
  return snapshot;
}

/** finalize() with the initials made in slices (a reload while the server serves). */
export async function finalizePausing(
  cols: Columns,
  dicts: Dictionaries,
  version: number,
  initials: InitialsRule,
): Promise<Snapshot> {
  const snapshot = withoutInitials(cols, dicts, version);
  snapshot.initials = (await runInSlices(initials.steps(snapshot))).value;
  return snapshot;
}

/** finalize() but the initials (an empty map). */
function withoutInitials(cols: Columns, dicts: Dictionaries, version: number): Snapshot {
  const n = cols.length;
  let aliveCount = 0;
  for (let i = 0; i < n; i++) aliveCount += cols.alive[i];
  // Alive rows in id order (slots are in id order unless a patch appended a smaller id).
  let base = new Int32Array(aliveCount);
  let monotonic = true;
  for (let i = 0, j = 0, last = -Infinity; i < n; i++) {
    if (!cols.alive[i]) continue;
    if (cols.ids[i] < last) monotonic = false;
    last = cols.ids[i];
    base[j++] = i;
  }
  if (!monotonic) base = Int32Array.from([...base].sort((a, b) => cols.ids[a] - cols.ids[b]));

  const counts = {} as Record<ScalarField | SetField, Int32Array>;
  for (const f of SCALAR_FIELDS)
    counts[f] = countCodes(cols, cols.scalar[SCALAR_INDEX[f]], dicts.scalar[SCALAR_INDEX[f]].size);
  for (const f of SET_FIELDS)
    counts[f] = countCodes(cols, cols.sets[SET_INDEX[f]], dicts.sets[SET_INDEX[f]].size);

  const rank = (f: ScalarField) => ({
    codes: cols.scalar[SCALAR_INDEX[f]],
    rank: rankValues(dicts.scalar[SCALAR_INDEX[f]]),
  });
  const sorts: Record<OrderKey, SortOrder> = {
    name: sortOrder(cols.length, base, [rank('lastName'), rank('firstName')]),
    specialty: sortOrder(cols.length, base, [rank('specialty')]),
    location: sortOrder(cols.length, base, [rank('city')]),
  };
  const aliveBits = pack(cols.alive, n).bits;
  const zipCounts = countCodes(cols, cols.zip, ZIP_SPACE + 1);
  const postings = postingsFor(cols, dicts, counts, POSTED_SCALAR, POSTED_SET, POSTED_ITEMS, {} as Record<PostedField, Postings>);
  const snapshot: Snapshot = {
    version,
    cols,
    dicts,
    aliveCount,
    aliveBits,
    counts,
    sorts,
    postings,
    byId: base,
    monotonic,
    zipCounts,
    initials: new Map(),
  };
  return snapshot;
}


/** `into` with the postings of these fields made from `cols`. */
function postingsFor(
  cols: Columns,
  dicts: Dictionaries,
  counts: Record<ScalarField | SetField, Int32Array>,
  scalar: readonly ScalarField[],
  sets: readonly SetField[],
  byItem: readonly SetField[],
  into: Record<PostedField, Postings>,
): Record<PostedField, Postings> {
  for (const f of scalar) into[f as PostedField] = postingsOf(cols.scalar[SCALAR_INDEX[f]], cols.alive, cols.length, counts[f]);
  for (const f of sets) into[f as PostedField] = postingsOf(cols.sets[SET_INDEX[f]], cols.alive, cols.length, counts[f]);
  for (const f of byItem) {
    const dict = dicts.sets[SET_INDEX[f]];
    const items = directoryItemCounts(dict, counts[f]);
    into[f as PostedField] = itemPostingsOf(cols.sets[SET_INDEX[f]], dict.starts, dict.flat, cols.alive, cols.length, items);
  }
  return into;
}

type Numbers = Int32Array | Int16Array | Int8Array | Uint8Array | Uint16Array | Float64Array;

/** The sort orders a field's values decide (the others keep theirs when only it changes). */
const ORDERS_BY_FIELD: Partial<Record<ScalarField, OrderKey[]>> = {
  lastName: ['name'],
  firstName: ['name'],
  specialty: ['specialty'],
  city: ['location'],
};

/**
 * The next version of `old` in which the rows at `updates`' slots (alive rows, their physician
 * still in the directory) hold the wire-format lines given; `old` itself when no value differs.
 * What a row's new values change is all that is redone: only the columns whose values differ are
 * copied (the others are shared with `old`), counts move by one per changed code, and a sort order
 * is made again only when a value it sorts by changed. The re-verification job changes a few rows a
 * second (their verified date), so this must cost little next to a full finalize; adding or
 * removing rows goes through the builder and finalize.
 */
export function withUpdatedRows(
  old: Snapshot,
  updates: readonly (readonly [slot: number, line: string])[],
  initials: InitialsRule,
): { next: Snapshot; changed: ReadonlySet<string> } {
  const scratch = new ColumnsBuilder(old.dicts, 1);
  const cols: Columns = { ...old.cols, scalar: [...old.cols.scalar], sets: [...old.cols.sets], flags: [...old.cols.flags] };
  const counts = { ...old.counts };
  let zipCounts = old.zipCounts;
  const copied = new Set<unknown>();
  const resort = new Set<OrderKey>();
  /** The columns whose values changed: 'scalar:<field>', 'set:<field>', 'flag:<field>', or a column's name. */
  const changed = new Set<string>();
  /** `array` writable by this version (copied once from the old one). */
  const own = <T extends Numbers>(array: T): T => {
    if (copied.has(array)) return array;
    const copy = array.slice() as T;
    copied.add(copy);
    return copy;
  };
  /** A code column of this version that holds `code` (copied, and widened when it must be). */
  const ownCodes = (column: CodeArray, code: number): CodeArray => {
    const mine = widened(copied.has(column) ? column : column.slice(), code);
    copied.add(mine);
    return mine;
  };
  const moveCount = (field: ScalarField | SetField, from: number, to: number) => {
    if (!copied.has(counts[field]) || counts[field].length <= to) {
      const grown = new Int32Array(Math.max(counts[field].length, to + 1));
      grown.set(counts[field]);
      copied.add(grown);
      counts[field] = grown;
    }
    counts[field][from]--;
    counts[field][to]++;
  };
  /** A row's new code per field of one kind: the column copied once, counts moved, orders marked. */
  const updateCodes = (kind: 'scalar' | 'sets', fields: readonly (ScalarField | SetField)[], row: Columns, slot: number) =>
    fields.forEach((field, f) => {
      const code = row[kind][f][0];
      const was = cols[kind][f][slot];
      if (code === was) return;
      cols[kind][f] = ownCodes(cols[kind][f], code);
      cols[kind][f][slot] = code;
      moveCount(field, was, code);
      for (const order of ORDERS_BY_FIELD[field as ScalarField] ?? []) resort.add(order);
      changed.add(`${kind === 'scalar' ? 'scalar' : 'set'}:${field}`);
    });
  for (const [slot, line] of updates) {
    scratch.set(0, line);
    const row = scratch.columns();
    updateCodes('scalar', SCALAR_FIELDS, row, slot);
    updateCodes('sets', SET_FIELDS, row, slot);
    FLAG_FIELDS.forEach((field, f) => {
      if (row.flags[f][0] === cols.flags[f][slot]) return;
      cols.flags[f] = own(cols.flags[f]);
      cols.flags[f][slot] = row.flags[f][0];
      changed.add(`flag:${field}`);
    });
    if (row.zip[0] !== cols.zip[slot]) {
      if (!copied.has(zipCounts)) copied.add((zipCounts = zipCounts.slice()));
      zipCounts[cols.zip[slot]]--;
      zipCounts[row.zip[0]]++;
    }
    for (const key of ['graduationYear', 'npi', 'zip', 'verifiedAt', 'createdAt', 'updatedAt', 'movedOn'] as const) {
      const value = row[key][0];
      if (Object.is(value, cols[key][slot])) continue;
      const numbers = cols as unknown as Record<typeof key, Numbers>;
      numbers[key] = own(numbers[key]);
      numbers[key][slot] = value;
      changed.add(key);
    }
  }
  if (!changed.size) return { next: old, changed };
  const sorts = { ...old.sorts };
  const rank = (f: ScalarField) => ({ codes: cols.scalar[SCALAR_INDEX[f]], rank: rankValues(old.dicts.scalar[SCALAR_INDEX[f]]) });
  if (resort.has('name')) sorts.name = sortOrder(cols.length, old.byId, [rank('lastName'), rank('firstName')]);
  if (resort.has('specialty')) sorts.specialty = sortOrder(cols.length, old.byId, [rank('specialty')]);
  if (resort.has('location')) sorts.location = sortOrder(cols.length, old.byId, [rank('city')]);
  const postings = postingsFor(
    cols,
    old.dicts,
    counts,
    POSTED_SCALAR.filter((f) => changed.has(`scalar:${f}`)),
    POSTED_SET.filter((f) => changed.has(`set:${f}`)),
    POSTED_ITEMS.filter((f) => changed.has(`set:${f}`)),
    { ...old.postings },
  );
  const next: Snapshot = { ...old, version: old.version + 1, cols, counts, sorts, postings, zipCounts };
  // A row's initials move only with the fields of the one-word rule (and its common words' with a term's).
  if (initials.columns.some((f) => changed.has(f)))
    next.initials = initials.patched(
      old.initials,
      next,
      updates.map(([slot]) => slot),
    );
  return { next, changed };
}

function countCodes(cols: Columns, codes: CodeArray | Int32Array, size: number): Int32Array {
  const counts = new Int32Array(size);
  for (let i = 0; i < cols.length; i++) if (cols.alive[i]) counts[codes[i]]++;
  return counts;
}

/** The slot of an id (-1 when absent): binary search while slots are in id order, else a map. */
export function slotOf(s: Snapshot, id: number): number {
  const { ids, length, alive } = s.cols;
  if (s.slotById === undefined) {
    let ascending = true;
    for (let i = 1; i < length && ascending; i++) if (ids[i] <= ids[i - 1]) ascending = false;
    const map = ascending ? null : new Map<number, number>();
    if (map) for (let i = 0; i < length; i++) if (alive[i]) map.set(ids[i], i);
    s.slotById = map;
  }
  if (s.slotById) return s.slotById.get(id) ?? -1;
  let lo = 0;
  let hi = length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = ids[mid];
    if (value === id) return alive[mid] ? mid : -1;
    if (value < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The bytes a snapshot's typed arrays take (columns to their capacity, sort orders, postings,
 * counts, the alive bitset), plus the dictionaries' strings at two bytes a character: what the bench prints
 * as the index's memory. Shared arrays (a patch's unchanged ones) count in full.
 */
export function snapshotBytes(s: Snapshot): number {
  let bytes = 0;
  const add = (value: unknown) => {
    if (ArrayBuffer.isView(value)) bytes += value.byteLength;
    else if (Array.isArray(value)) for (const v of value) add(v);
  };
  for (const value of Object.values(s.cols)) add(value);
  for (const order of Object.values(s.sorts)) bytes += order.order.byteLength + order.pos.byteLength;
  for (const { rows, starts } of Object.values(s.postings)) bytes += rows.byteLength + starts.byteLength;
  for (const counts of Object.values(s.counts)) bytes += counts.byteLength;
  bytes += s.aliveBits.byteLength + s.byId.byteLength + s.zipCounts.byteLength;
  for (const { bits } of s.initials.values()) bytes += bits.byteLength;
  const strings = (values: readonly string[]) => {
    for (const v of values) bytes += 2 * v.length + 16;
  };
  for (const d of s.dicts.scalar) {
    strings(d.values);
    strings(d.lower);
    bytes += d.wordIndexBytes;
  }
  for (const d of s.dicts.sets) {
    strings(d.items.values);
    strings(d.items.lower);
    bytes += d.items.wordIndexBytes;
    bytes += d.bytes;
  }
  return bytes;
}
