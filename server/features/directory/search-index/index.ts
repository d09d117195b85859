import {
  FLAG_FILTER_KEYS,
  formatSpecialty,
  type FacetsResponse,
  type FacetValue,
  type SortDirection,
  type SortKey,
  type SpecialtyCount,
} from '../../../../contract/directory';
import {
  hasWholeWord,
  isEmptyCriteria,
  normalizeCode,
  specialtyMatches,
  stateCode,
  stateMatches,
  type NearCriterion,
  type SearchCriteria,
} from '../criteria';
import { ZIP_SPACE, zipNumber, zipsWithin } from '../geo';
import { sortKey } from '../sort-key';
import { runToEnd, Workspace, type Sliced } from '../search-slices';

/*
 * The in-memory search index of the directory (docs/decisions/005-search-index.md).
 *
 * PostgreSQL stays the source of truth; this is a read model of the searchable fields, built at
 * start and swapped whole on every change. A search resolves the exact set of matching rows,
 * their count and the requested page in memory; only the page's 25 rows are then read from the
 * database by id.
 *
 * Layout: one row slot per physician (in id order), every text field dictionary-encoded (an
 * Int32Array of codes per field; code 0 = no value), multi-valued fields (skills, languages...)
 * encoded as a code per distinct set. A condition is first evaluated once per distinct value
 * (a few hundred names, a few thousand organisations), giving a byte mask over codes; one pass
 * over the rows then gives its rows, kept as a bitset in the clause cache. A search ANDs the
 * bitsets of its conditions and counts the bits. Sort orders are precomputed permutations
 * (counting sorts over value ranks), so paging never sorts the whole result.
 */

export const SCALAR_FIELDS = [
  'firstName',
  'lastName',
  'title',
  'credential',
  'specialty',
  'organization',
  'organizationSize',
  'organizationRevenue',
  'organizationIndustry',
  'city',
  'state',
  'medicalSchool',
  'hospitalAffiliation',
  'gender',
  'subSpecialty',
  'secondarySpecialty',
  'source',
] as const;
export type ScalarField = (typeof SCALAR_FIELDS)[number];
export const SET_FIELDS = ['skills', 'languages', 'licenseStates', 'degrees'] as const;
export type SetField = (typeof SET_FIELDS)[number];
/**
 * The yes/no filters, one per flag field (the contract's list: the three `has...` flags are
 * computed from physician_contacts and linkedin_url at load, never the values).
 */
export const FLAG_FIELDS = FLAG_FILTER_KEYS;
export type FlagField = (typeof FLAG_FIELDS)[number];

/**
 * The wire format of index rows (repo.ts builds it in SQL): one string per physician, fields
 * separated by U+001F in this order: id, npi, the SCALAR_FIELDS, graduation year, the
 * FLAG_FIELDS ('2' true, '1' false, '0' unknown), the SET_FIELDS (items separated by U+001C),
 * the ZIP (as stored), verified_at, created_at and updated_at (whole milliseconds since 1970).
 * U+001D alone is NULL. Rows are separated by U+001E. One string per batch keeps the transfer
 * from the database (and, on PGlite, from its worker thread) cheap.
 */
export const FIELD_SEP = '\u001f';
export const ROW_SEP = '\u001e';
export const NULL_MARK = '\u001d';
export const ITEM_SEP = '\u001c';
const SCALAR_AT = 2;
const YEAR_AT = SCALAR_AT + SCALAR_FIELDS.length;
const FLAGS_AT = YEAR_AT + 1;
const SETS_AT = FLAGS_AT + FLAG_FIELDS.length;
const ZIP_AT = SETS_AT + SET_FIELDS.length;
const VERIFIED_AT = ZIP_AT + 1;
const CREATED_AT = ZIP_AT + 2;
const UPDATED_AT = ZIP_AT + 3;
export const INDEX_FIELD_COUNT = UPDATED_AT + 1;

/**
 * A copy of `value` that does not point into the string it was cut from: V8 keeps substrings
 * of 13+ characters as views of their parent, and a dictionary entry would otherwise keep a
 * whole multi-megabyte batch alive.
 */
function detach(value: string): string {
  return (value + ' ').slice(0, -1);
}

// eslint-disable-next-line no-control-regex
const SEPARATOR = /[\u001c-\u001f]/;
// eslint-disable-next-line no-control-regex
const SEPARATORS = /[\u001c-\u001f]/g;

/** Distinct values of one text field; append-only, shared by the snapshots of one build. */
export class Dictionary {
  readonly values: string[] = [''];
  readonly lower: string[] = [''];
  private readonly codes = new Map<string, number>();

  get size(): number {
    return this.values.length;
  }

  code(value: string | null | undefined): number {
    if (value == null || value === NULL_MARK) return 0;
    let code = this.codes.get(value);
    if (code === undefined && SEPARATOR.test(value)) {
      // A separator character inside a value (read by the fast path, which leaves U+001C and
      // U+001D in single values) counts as a space, as in the blanked fallback read: the same
      // physician must not match or sort differently depending on the rest of its batch.
      code = this.code(value.replace(SEPARATORS, ' '));
      this.codes.set(detach(value), code);
    }
    if (code === undefined) {
      const own = detach(value);
      code = this.values.length;
      this.values.push(own);
      this.lower.push(own.toLowerCase());
      this.codes.set(own, code);
    }
    return code;
  }
}

/**
 * Distinct sets of values (e.g. a physician's skills). Set `c` holds the item codes
 * flat[starts[c]] .. flat[starts[c + 1] - 1] (sorted, distinct); set 0 is the empty set.
 */
export class SetDictionary {
  readonly items = new Dictionary();
  readonly starts: number[] = [0, 0];
  readonly flat: number[] = [];
  private readonly byKey = new Map<string, number>();
  /** The stored text of a set (items in stored order) -> its code, to skip re-sorting. */
  private readonly byRaw = new Map<string, number>();

  get size(): number {
    return this.starts.length - 1;
  }

  /** Drops the build-time shortcut table (sets are found by their sorted items afterwards). */
  compact(): void {
    this.byRaw.clear();
  }

  code(raw: string): number {
    if (raw === '' || raw === NULL_MARK) return 0;
    const known = this.byRaw.get(raw);
    if (known !== undefined) return known;
    const items = [...new Set(raw.split(ITEM_SEP).map((v) => this.items.code(v)))].sort((a, b) => a - b);
    const key = items.join(',');
    let code = this.byKey.get(key);
    if (code === undefined) {
      code = this.size;
      for (const item of items) this.flat.push(item);
      this.starts.push(this.flat.length);
      this.byKey.set(key, code);
    }
    this.byRaw.set(detach(raw), code);
    return code;
  }
}

type Dictionaries = { scalar: Dictionary[]; sets: SetDictionary[] };

function newDictionaries(): Dictionaries {
  return {
    scalar: SCALAR_FIELDS.map(() => new Dictionary()),
    sets: SET_FIELDS.map(() => new SetDictionary()),
  };
}

const SCALAR_INDEX = Object.fromEntries(SCALAR_FIELDS.map((f, i) => [f, i])) as Record<ScalarField, number>;
const SET_INDEX = Object.fromEntries(SET_FIELDS.map((f, i) => [f, i])) as Record<SetField, number>;

/** Row-aligned arrays; slots [0, length) are used, `alive` 0 marks a removed physician. */
type Columns = {
  length: number;
  ids: Int32Array;
  alive: Uint8Array;
  /** Per SCALAR_FIELDS entry: the dictionary code of each row. */
  scalar: Int32Array[];
  /** Per SET_FIELDS entry: the set code of each row. */
  sets: Int32Array[];
  /** 0 = unknown. */
  graduationYear: Int16Array;
  /** Per FLAG_FIELDS entry: 0 = unknown, 1 = false, 2 = true. */
  flags: Int8Array[];
  /** NPI as a number (NaN when missing or not 10 digits), for prefix tests without strings. */
  npi: Float64Array;
  /** The 5-digit ZIP as a number plus one (0: none), indexing per-ZIP tables (geo.ts). */
  zip: Int32Array;
  /** verified_at, created_at and updated_at in ms (NaN: none). */
  verifiedAt: Float64Array;
  createdAt: Float64Array;
  updatedAt: Float64Array;
};

class ColumnsBuilder {
  private cols: Columns;
  constructor(
    private readonly dicts: Dictionaries,
    capacity: number,
    from?: Columns,
  ) {
    this.cols = ColumnsBuilder.allocate(Math.max(capacity, from?.length ?? 0, 16), from);
  }

  private static allocate(size: number, from?: Columns): Columns {
    const copy = <T extends Int32Array | Int16Array | Int8Array | Uint8Array | Float64Array>(
      next: T,
      old?: T,
    ): T => {
      if (old && from) next.set(old.subarray(0, from.length));
      return next;
    };
    return {
      length: from?.length ?? 0,
      ids: copy(new Int32Array(size), from?.ids),
      alive: copy(new Uint8Array(size), from?.alive),
      scalar: SCALAR_FIELDS.map((_, f) => copy(new Int32Array(size), from?.scalar[f])),
      sets: SET_FIELDS.map((_, f) => copy(new Int32Array(size), from?.sets[f])),
      graduationYear: copy(new Int16Array(size), from?.graduationYear),
      flags: FLAG_FIELDS.map((_, f) => copy(new Int8Array(size), from?.flags[f])),
      npi: copy(new Float64Array(size), from?.npi),
      zip: copy(new Int32Array(size), from?.zip),
      verifiedAt: copy(new Float64Array(size), from?.verifiedAt),
      createdAt: copy(new Float64Array(size), from?.createdAt),
      updatedAt: copy(new Float64Array(size), from?.updatedAt),
    };
  }

  /** Appends every row of one batch (rows separated by ROW_SEP). */
  addBatch(batch: string): void {
    if (batch === '') return;
    const lines = batch.split(ROW_SEP);
    this.ensure(lines.length);
    for (const line of lines) this.set(this.cols.length++, line);
  }

  private ensure(extra: number) {
    const needed = this.cols.length + extra;
    if (needed > this.cols.ids.length)
      this.cols = ColumnsBuilder.allocate(Math.max(needed, this.cols.ids.length * 2), this.cols);
  }

  add(line: string): void {
    this.ensure(1);
    this.set(this.cols.length++, line);
  }

  set(slot: number, line: string): void {
    const v = line.split(FIELD_SEP);
    if (v.length !== INDEX_FIELD_COUNT)
      throw new Error(`directory index: a row has ${v.length} fields, expected ${INDEX_FIELD_COUNT}`);
    const c = this.cols;
    const { scalar, sets } = this.dicts;
    c.ids[slot] = Number(v[0]);
    c.alive[slot] = 1;
    c.npi[slot] = /^\d{10}$/.test(v[1]) ? Number(v[1]) : NaN;
    for (let f = 0; f < scalar.length; f++) c.scalar[f][slot] = scalar[f].code(v[SCALAR_AT + f]);
    const year = v[YEAR_AT] === NULL_MARK ? 0 : Number(v[YEAR_AT]);
    c.graduationYear[slot] = year > 0 && year < 32767 ? year : 0;
    for (let f = 0; f < FLAG_FIELDS.length; f++) c.flags[f][slot] = Number(v[FLAGS_AT + f]) || 0;
    for (let f = 0; f < sets.length; f++) c.sets[f][slot] = sets[f].code(v[SETS_AT + f]);
    c.zip[slot] = v[ZIP_AT] === NULL_MARK ? 0 : zipNumber(v[ZIP_AT]) + 1;
    c.verifiedAt[slot] = v[VERIFIED_AT] === NULL_MARK ? NaN : Number(v[VERIFIED_AT]);
    c.createdAt[slot] = v[CREATED_AT] === NULL_MARK ? NaN : Number(v[CREATED_AT]);
    c.updatedAt[slot] = v[UPDATED_AT] === NULL_MARK ? NaN : Number(v[UPDATED_AT]);
  }

  remove(slot: number): void {
    this.cols.alive[slot] = 0;
  }

  columns(): Columns {
    return this.cols;
  }
}

/** The id of a wire-format row. */
export function rowId(line: string): number {
  return Number(line.slice(0, line.indexOf(FIELD_SEP)));
}

/** One sort key's order: alive rows by value (ties by id), rows without a value last. */
type SortOrder = {
  order: Int32Array;
  /** Rows with a value come first; [nonNull, order.length) have none. */
  nonNull: number;
  /** Row slot -> position in `order` (-1 for removed rows). */
  pos: Int32Array;
};

/** The precomputed orders (relevance is computed per search: tiers, then the name order). */
export type OrderKey = Exclude<SortKey, 'relevance' | 'distance'>;

type Snapshot = {
  version: number;
  cols: Columns;
  dicts: Dictionaries;
  aliveCount: number;
  /** Bitset of the alive rows: every search starts from it. */
  aliveBits: Uint32Array;
  /** Alive rows per code (scalar fields) or per set (set fields). */
  counts: Record<ScalarField | SetField, Int32Array>;
  sorts: Record<OrderKey, SortOrder>;
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
};

/**
 * Ranks of a dictionary's values by their sort key (sort-key.ts: case and accents folded, the
 * same key the reference SQL orders by); blank values rank last.
 */
function rankValues(dict: Dictionary): { rankOf: Int32Array; buckets: number } {
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
function sortByRank(rows: Int32Array, codes: Int32Array, rankOf: Int32Array, buckets: number): Int32Array {
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

function sortOrder(
  cols: Columns,
  base: Int32Array,
  keys: { codes: Int32Array; rank: ReturnType<typeof rankValues> }[],
): SortOrder {
  // LSD: sort by the least significant key first; stability keeps the id order for ties.
  let order = base;
  for (let k = keys.length - 1; k >= 0; k--)
    order = sortByRank(order, keys[k].codes, keys[k].rank.rankOf, keys[k].rank.buckets);
  const primary = keys[0];
  const nullRank = primary.rank.buckets - 1;
  let nonNull = order.length;
  while (nonNull > 0 && primary.rank.rankOf[primary.codes[order[nonNull - 1]]] === nullRank) nonNull--;
  const pos = new Int32Array(cols.length).fill(-1);
  for (let j = 0; j < order.length; j++) pos[order[j]] = j;
  return { order, nonNull, pos };
}

function finalize(cols: Columns, dicts: Dictionaries, version: number): Snapshot {
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
    name: sortOrder(cols, base, [rank('lastName'), rank('firstName')]),
    specialty: sortOrder(cols, base, [rank('specialty')]),
    location: sortOrder(cols, base, [rank('city')]),
  };
  const aliveBits = pack(cols.alive, n).bits;
  const zipCounts = countCodes(cols, cols.zip, ZIP_SPACE + 1);
  return { version, cols, dicts, aliveCount, aliveBits, counts, sorts, byId: base, monotonic, zipCounts };
}

function countCodes(cols: Columns, codes: Int32Array, size: number): Int32Array {
  const counts = new Int32Array(size);
  for (let i = 0; i < cols.length; i++) if (cols.alive[i]) counts[codes[i]]++;
  return counts;
}

// ------------------------------------------------------------------------------------------------
// Matching

/**
 * One AND-ed condition of a search, evaluated over every row: `narrow` clears bits[i] for the
 * rows of [from, to) that fail it (a tight typed-array pass, run chunk by chunk). Its result is
 * kept as a bitset in the clause cache, so the same condition in another search (other filters,
 * sort or page) costs one AND of 32 rows per step.
 */
type Clause = {
  /** Rows expected to match (from the per-value counts), to order the clauses. */
  estimate: number;
  /** Whether one row matches (used once few candidates remain). */
  test: (row: number) => boolean;
  narrow: (bits: Uint8Array, from: number, to: number) => void;
};
/** The filters with live option counts (FacetsResponse keys). */
export type FacetKey = Exclude<keyof FacetsResponse, never>;
/**
 * A clause named by what it tests (the cache key), built only when not cached. `facet` names
 * the filter it comes from: that filter's own counts leave it out (disjunctive facets).
 */
type ClauseSpec = {
  key: string;
  make: () => Clause | typeof NEVER | Sliced<Clause | typeof NEVER>;
  facet?: FacetKey;
};

/** Whether a clause maker answered with a sliced computation (the costly ones) rather than the clause. */
function isSliced<T>(value: T | Sliced<T>): value is Sliced<T> {
  return typeof (value as { next?: unknown }).next === 'function';
}

/** A clause from a per-row predicate (ranges, flags, NPI prefix). */
function rowClause(test: (row: number) => boolean, estimate: number): Clause {
  return {
    estimate,
    test,
    narrow(bits, from, to) {
      for (let i = from; i < to; i++) if (bits[i] === 1 && !test(i)) bits[i] = 0;
    },
  };
}
/** A mask over one field's codes: mask[code] === 1 when that value matches. */
type Term = { codes: Int32Array; mask: Uint8Array; estimate: number };

const NEVER = Symbol('never');

function scalarTerm(
  s: Snapshot,
  field: ScalarField,
  matches: (lower: string, value: string) => boolean,
): Term | null {
  const dict = s.dicts.scalar[SCALAR_INDEX[field]];
  const counts = s.counts[field];
  const size = counts.length;
  const mask = new Uint8Array(size);
  let estimate = 0;
  for (let c = 1; c < size; c++) {
    if (counts[c] > 0 && matches(dict.lower[c], dict.values[c])) {
      mask[c] = 1;
      estimate += counts[c];
    }
  }
  return estimate > 0 ? { codes: s.cols.scalar[SCALAR_INDEX[field]], mask, estimate } : null;
}

/** Rows whose set holds at least one item that matches. */
function setTerm(
  s: Snapshot,
  field: SetField,
  matches: (lower: string, value: string) => boolean,
): Term | null {
  const dict = s.dicts.sets[SET_INDEX[field]];
  const itemMask = new Uint8Array(dict.items.size);
  let anyItem = false;
  for (let c = 1; c < dict.items.size; c++) {
    if (matches(dict.items.lower[c], dict.items.values[c])) {
      itemMask[c] = 1;
      anyItem = true;
    }
  }
  if (!anyItem) return null;
  const counts = s.counts[field];
  const size = counts.length;
  const mask = new Uint8Array(size);
  const { starts, flat } = dict;
  let estimate = 0;
  for (let c = 1; c < size; c++) {
    if (counts[c] === 0) continue;
    for (let k = starts[c], end = starts[c + 1]; k < end; k++) {
      if (itemMask[flat[k]] === 1) {
        mask[c] = 1;
        estimate += counts[c];
        break;
      }
    }
  }
  return estimate > 0 ? { codes: s.cols.sets[SET_INDEX[field]], mask, estimate } : null;
}

/** A row matches when any term matches; no term at all means nothing can match. */
function anyOf(terms: (Term | null)[]): Clause | typeof NEVER {
  const live = terms.filter((t): t is Term => t !== null);
  if (live.length === 0) return NEVER;
  const codes = live.map((t) => t.codes);
  const masks = live.map((t) => t.mask);
  const k = live.length;
  return {
    estimate: live.reduce((sum, t) => sum + t.estimate, 0),
    test(i) {
      for (let t = 0; t < k; t++) if (masks[t][codes[t][i]] === 1) return true;
      return false;
    },
    narrow(bits, from, to) {
      if (k <= 6) {
        // One branch-free pass; missing terms repeat the first one (OR is idempotent).
        const [c0, c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0] = codes;
        const [m0, m1 = m0, m2 = m0, m3 = m0, m4 = m0, m5 = m0] = masks;
        for (let i = from; i < to; i++)
          bits[i] &= m0[c0[i]] | m1[c1[i]] | m2[c2[i]] | m3[c3[i]] | m4[c4[i]] | m5[c5[i]];
        return;
      }
      if (k <= 8) {
        const [c0, c1, c2, c3, c4, c5, c6, c7 = c0] = codes;
        const [m0, m1, m2, m3, m4, m5, m6, m7 = m0] = masks;
        for (let i = from; i < to; i++)
          bits[i] &=
            m0[c0[i]] | m1[c1[i]] | m2[c2[i]] | m3[c3[i]] | m4[c4[i]] | m5[c5[i]] | m6[c6[i]] | m7[c7[i]];
        return;
      }
      for (let i = from; i < to; i++) {
        if (bits[i] === 1) {
          let any = 0;
          for (let t = 0; t < k && any === 0; t++) any = masks[t][codes[t][i]];
          bits[i] = any;
        }
      }
    },
  };
}

/** Rows matching both terms of a pair, for any of the pairs (the two-word name rule). */
function anyPair(pairs: [Term | null, Term | null][]): Clause | typeof NEVER {
  const live = pairs.filter((p): p is [Term, Term] => p[0] !== null && p[1] !== null);
  if (live.length === 0) return NEVER;
  const [[a, b], [x, y] = [a, b]] = live;
  return {
    estimate: live.reduce((sum, [p, q]) => sum + Math.min(p.estimate, q.estimate), 0),
    test: (i) =>
      (a.mask[a.codes[i]] === 1 && b.mask[b.codes[i]] === 1) ||
      (x.mask[x.codes[i]] === 1 && y.mask[y.codes[i]] === 1),
    narrow(bits, from, to) {
      const am = a.mask, ac = a.codes, bm = b.mask, bc = b.codes, xm = x.mask, xc = x.codes, ym = y.mask, yc = y.codes; // prettier-ignore
      for (let i = from; i < to; i++) bits[i] &= (am[ac[i]] & bm[bc[i]]) | (xm[xc[i]] & ym[yc[i]]);
    },
  };
}

const includes = (needle: string) => (lower: string) => lower.includes(needle);

/** The fields a term of the multi-word rule may match (ADR 020). */
function termTerms(s: Snapshot, term: string): (Term | null)[] {
  const has = includes(term);
  return [
    scalarTerm(s, 'firstName', has),
    scalarTerm(s, 'lastName', has),
    scalarTerm(s, 'specialty', has),
    setTerm(s, 'skills', has),
    scalarTerm(s, 'organization', has),
    scalarTerm(s, 'title', has),
    scalarTerm(s, 'city', has),
    scalarTerm(s, 'state', (_l, value) => stateMatches(value.trim(), term, 'partial')),
  ];
}

/**
 * Every term matches one of the searched fields, and the state term (if any) the state. Each term
 * scans eight fields' distinct values (the skill sets number thousands): a pause between terms.
 */
function* everyTerm(s: Snapshot, c: SearchCriteria): Sliced<Clause | typeof NEVER> {
  if (c.terms.length === 0) return NEVER;
  const parts: Clause[] = [];
  for (const term of c.terms) {
    yield;
    const part = anyOf(termTerms(s, term));
    if (part === NEVER) return NEVER;
    parts.push(part);
  }
  if (c.stateTerm) {
    const wanted = c.stateTerm;
    const part = anyOf([scalarTerm(s, 'state', (_l, value) => stateMatches(value.trim(), wanted, 'exact'))]);
    if (part === NEVER) return NEVER;
    parts.push(part);
  }
  return {
    estimate: Math.min(...parts.map((p) => p.estimate)),
    test: (i) => parts.every((p) => p.test(i)),
    narrow(bits, from, to) {
      for (const part of parts) part.narrow(bits, from, to);
    },
  };
}

/** Rows passing either clause (`n`: the rows of the snapshot). */
function eitherClause(a: Clause | typeof NEVER, b: Clause | typeof NEVER, n: number): Clause | typeof NEVER {
  if (a === NEVER) return b;
  if (b === NEVER) return a;
  let left: Uint8Array | null = null;
  let right: Uint8Array | null = null;
  return {
    estimate: a.estimate + b.estimate,
    test: (i) => a.test(i) || b.test(i),
    narrow(bits, from, to) {
      left ??= new Uint8Array(n);
      right ??= new Uint8Array(n);
      left.fill(1, from, to);
      a.narrow(left, from, to);
      right.fill(1, from, to);
      b.narrow(right, from, to);
      for (let i = from; i < to; i++) bits[i] &= left[i] | right[i];
    },
  };
}

// ------------------------------------------------------------------------------------------------
// Relevance (ADR 020): a tier per matching row, then the name order inside each tier

export const RELEVANCE_TIERS = 7;
/** The tier of one matching row: 0 best. */
type Ranker = (row: number) => number;

/** A 0/1 mask over a scalar field's codes (every code, including unused ones). */
function codeMask(s: Snapshot, field: ScalarField, matches: (lower: string) => boolean): Uint8Array {
  const dict = s.dicts.scalar[SCALAR_INDEX[field]];
  const mask = new Uint8Array(dict.size);
  for (let c = 1; c < dict.size; c++) if (matches(dict.lower[c])) mask[c] = 1;
  return mask;
}

/**
 * Tiers: 0 the full name (several words: first and last name equal to the two parts), 1 the
 * last name equal to the query (or to its part), 2 the first name likewise, 3 a name starting
 * with it, 4 other matches of the spec's several-word name rule, 5 every term a whole word of
 * the specialty or the title, 6 any other match.
 */
function relevanceRanker(s: Snapshot, c: SearchCriteria): Ranker {
  const first = s.cols.scalar[SCALAR_INDEX.firstName];
  const last = s.cols.scalar[SCALAR_INDEX.lastName];
  const specialty = s.cols.scalar[SCALAR_INDEX.specialty];
  const title = s.cols.scalar[SCALAR_INDEX.title];
  const wordTerms = c.terms.length ? c.terms : c.words;
  const whole = wordTerms.map((w) => ({
    specialty: codeMask(s, 'specialty', (l) => hasWholeWord(l, w)),
    title: codeMask(s, 'title', (l) => hasWholeWord(l, w)),
  }));
  const allWhole = (i: number) => whole.every((m) => (m.specialty[specialty[i]] | m.title[title[i]]) === 1);
  const exact = (field: ScalarField, w: string) => codeMask(s, field, (l) => l.trim() === w);
  const prefix = (field: ScalarField, w: string) => codeMask(s, field, (l) => l.trim().startsWith(w));

  if (c.words.length === 1) {
    const w = c.words[0];
    const lastExact = exact('lastName', w);
    const firstExact = exact('firstName', w);
    const lastPrefix = prefix('lastName', w);
    const firstPrefix = prefix('firstName', w);
    return (i) => {
      if (lastExact[last[i]]) return 1;
      if (firstExact[first[i]]) return 2;
      if (lastPrefix[last[i]] | firstPrefix[first[i]]) return 3;
      return allWhole(i) ? 5 : 6;
    };
  }
  // Two ways to read the words: A = (first word, rest), B = (rest, first word) as (first name, last name).
  const a = c.words[0];
  const b = c.words.slice(1).join(' ');
  const side = (field: ScalarField, w: string) => ({
    exact: exact(field, w),
    prefix: prefix(field, w),
    partial: codeMask(s, field, (l) => l.includes(w)),
  });
  const fa = side('firstName', a), fb = side('firstName', b), la = side('lastName', a), lb = side('lastName', b); // prettier-ignore
  return (i) => {
    const f = first[i];
    const l = last[i];
    if ((fa.exact[f] & lb.exact[l]) | (fb.exact[f] & la.exact[l])) return 0;
    const pairA = fa.partial[f] & lb.partial[l];
    const pairB = fb.partial[f] & la.partial[l];
    if ((pairA & lb.exact[l]) | (pairB & la.exact[l])) return 1;
    if ((pairA & fa.exact[f]) | (pairB & fb.exact[f])) return 2;
    if ((pairA & (fa.prefix[f] | lb.prefix[l])) | (pairB & (fb.prefix[f] | la.prefix[l]))) return 3;
    if (pairA | pairB) return 4;
    return allWhole(i) ? 5 : 6;
  };
}

/**
 * Rows within the radius: the ZIPs whose centroid is within it (bounding box, then haversine,
 * over the ~42,000 ZIPs: geo.ts) as a mask over ZIP numbers, then one pass over the rows.
 */
function nearClause(s: Snapshot, near: NearCriterion): Clause | typeof NEVER {
  const { zips } = zipsWithin(near, near.miles);
  const mask = new Uint8Array(ZIP_SPACE + 1);
  let estimate = 0;
  for (let k = 0; k < zips.length; k++) {
    mask[zips[k] + 1] = 1;
    estimate += s.zipCounts[zips[k] + 1];
  }
  return anyOf([estimate > 0 ? { codes: s.cols.zip, mask, estimate } : null]);
}

/** The clauses of a search (all must hold), each named for the clause cache. */
function buildClauses(s: Snapshot, c: SearchCriteria): ClauseSpec[] {
  const specs: ClauseSpec[] = [];
  let facet: FacetKey | undefined;
  const add = (key: string, make: ClauseSpec['make']) => specs.push({ key, make, facet });

  if (c.words.length) {
    // The spec's rule. One word: first name, last name, specialty, skills, organization or title
    // (partial). Several words: the first is the first name and the rest the last name, or the
    // reverse.
    const w = c.words[0];
    const rest = c.words.slice(1).join(' ');
    const specRule = () =>
      c.words.length === 1
        ? anyOf([
            scalarTerm(s, 'firstName', includes(w)),
            scalarTerm(s, 'lastName', includes(w)),
            scalarTerm(s, 'specialty', includes(w)),
            setTerm(s, 'skills', includes(w)),
            scalarTerm(s, 'organization', includes(w)),
            scalarTerm(s, 'title', includes(w)),
          ])
        : anyPair([
            [scalarTerm(s, 'firstName', includes(w)), scalarTerm(s, 'lastName', includes(rest))],
            [scalarTerm(s, 'firstName', includes(rest)), scalarTerm(s, 'lastName', includes(w))],
          ]);
    if (c.terms.length === 0) add(`word:${w}\u0000${rest}`, specRule);
    // Beyond it (ADR 020): every term matches one of the searched fields.
    else
      add(`query:${JSON.stringify([c.words, c.terms, c.stateTerm])}`, function* () {
        const rule = specRule();
        return eitherClause(rule, yield* everyTerm(s, c), s.cols.length);
      });
  }

  facet = 'specialty';
  if (c.specialty.length) {
    add(`specialty:${c.specialty.join('\u0000')}`, () =>
      anyOf([
        scalarTerm(s, 'specialty', (lower) => c.specialty.some((v) => specialtyMatches(lower.trim(), v))),
      ]),
    );
  }
  facet = 'skills';
  // Every skill must match (each partially, against any of the physician's skills).
  for (const skill of c.skills) add(`skill:${skill}`, () => anyOf([setTerm(s, 'skills', includes(skill))]));
  facet = 'education';
  if (c.education.length) {
    const wanted = new Set(c.education);
    add(`education:${c.education.join('\u0000')}`, () =>
      anyOf([setTerm(s, 'degrees', (lower) => wanted.has(normalizeCode(lower)))]),
    );
  }
  const anyEqual = (field: ScalarField, values: string[]) => {
    if (!values.length) return;
    const wanted = new Set(values);
    add(`${field}:${values.join('\u0000')}`, () =>
      anyOf([scalarTerm(s, field, (lower) => wanted.has(lower.trim()))]),
    );
  };
  facet = 'companySize';
  anyEqual('organizationSize', c.companySize);
  facet = 'companyRevenue';
  anyEqual('organizationRevenue', c.companyRevenue);
  facet = 'companyIndustry';
  anyEqual('organizationIndustry', c.companyIndustry);
  facet = 'state';
  if (c.state.length) {
    add(`state:${c.state.join('\u0000')}`, () =>
      anyOf([
        scalarTerm(s, 'state', (_l, value) => c.state.some((v) => stateMatches(value.trim(), v, 'exact'))),
      ]),
    );
  }
  facet = undefined;
  if (c.licenseState.length) {
    add(`license:${c.licenseState.join('\u0000')}`, () =>
      anyOf([
        setTerm(s, 'licenseStates', (_l, value) =>
          c.licenseState.some((v) => stateMatches(value.trim(), v, 'exact')),
        ),
      ]),
    );
  }
  facet = 'language';
  if (c.language.length) {
    const wanted = new Set(c.language);
    add(`language:${c.language.join('\u0000')}`, () =>
      anyOf([setTerm(s, 'languages', (lower) => wanted.has(lower.trim()))]),
    );
  }
  facet = 'credential';
  if (c.credential.length) {
    const wanted = new Set(c.credential);
    add(`credential:${c.credential.join('\u0000')}`, () =>
      anyOf([scalarTerm(s, 'credential', (lower) => wanted.has(normalizeCode(lower)))]),
    );
  }
  facet = 'gender';
  if (c.gender) {
    const wanted = c.gender.toLowerCase();
    add(`gender:${wanted}`, () => anyOf([scalarTerm(s, 'gender', (lower) => lower.trim() === wanted)]));
  }
  facet = 'subSpecialty';
  anyEqual('subSpecialty', c.subSpecialty);
  facet = 'secondarySpecialty';
  anyEqual('secondarySpecialty', c.secondarySpecialty);
  facet = 'source';
  anyEqual('source', c.source);

  facet = undefined;
  if (c.near) {
    const near = c.near;
    add(`near:${near.lat},${near.lon},${near.miles}`, () => nearClause(s, near));
  }
  if (c.zip) {
    // A prefix of k digits is the ZIP range [p * 10^(5-k), (p + 1) * 10^(5-k)), stored plus one.
    const scale = 10 ** (5 - c.zip.length);
    const low = Number(c.zip) * scale + 1;
    const high = low + scale;
    const zips = s.cols.zip;
    add(`zip:${c.zip}`, () =>
      rowClause((i) => zips[i] >= low && zips[i] < high, s.aliveCount / 10 ** Math.max(0, c.zip!.length - 1)),
    );
  }
  const since = (name: string, at: number | null, values: Float64Array) => {
    if (at !== null) add(`${name}>=${at}`, () => rowClause((i) => values[i] >= at, s.aliveCount / 2));
  };
  since('verified', c.verifiedSince, s.cols.verifiedAt);
  since('added', c.addedSince, s.cols.createdAt);
  if (c.changedSince !== null) {
    const at = c.changedSince;
    const values = s.cols.updatedAt;
    add(`changed>${at}`, () => rowClause((i) => values[i] > at, s.aliveCount / 20));
  }

  facet = undefined;
  if (c.location) {
    const { city, state, either } = c.location;
    if (either) {
      add(`location:${either}`, () =>
        anyOf([
          scalarTerm(s, 'city', includes(either)),
          scalarTerm(s, 'state', (_l, value) => stateMatches(value.trim(), either, 'partial')),
        ]),
      );
    } else {
      add(`cityPart:${city}`, () => anyOf([scalarTerm(s, 'city', includes(city!))]));
      add(`statePart:${state}`, () =>
        anyOf([scalarTerm(s, 'state', (_l, value) => stateMatches(value.trim(), state!, 'partial'))]),
      );
    }
  }
  const partial = (field: ScalarField, value: string | null) => {
    if (value) add(`${field}~${value}`, () => anyOf([scalarTerm(s, field, includes(value))]));
  };
  partial('title', c.title);
  partial('organization', c.organization);
  partial('city', c.city);
  partial('medicalSchool', c.medicalSchool);
  partial('hospitalAffiliation', c.hospitalAffiliation);

  if (c.npi) {
    // NPIs are 10 digits: a prefix of k digits is the range [p * 10^(10-k), (p + 1) * 10^(10-k)).
    const scale = 10 ** (10 - c.npi.length);
    const low = Number(c.npi) * scale;
    const high = low + scale;
    const npi = s.cols.npi;
    add(`npi:${c.npi}`, () =>
      rowClause((i) => npi[i] >= low && npi[i] < high, s.aliveCount / 10 ** Math.max(0, c.npi!.length - 1)),
    );
  }
  facet = 'graduationYear';
  if (c.graduationYearMin !== null || c.graduationYearMax !== null) {
    const low = c.graduationYearMin ?? 1;
    const high = c.graduationYearMax ?? 32766;
    const years = s.cols.graduationYear;
    add(`years:${low}-${high}`, () =>
      low > high
        ? NEVER
        : rowClause((i) => years[i] !== 0 && years[i] >= low && years[i] <= high, s.aliveCount / 2),
    );
  }
  facet = undefined;
  for (let f = 0; f < FLAG_FIELDS.length; f++) {
    const wanted = c[FLAG_FIELDS[f]];
    if (wanted === null) continue;
    const flags = s.cols.flags[f];
    const code = wanted ? 2 : 1;
    add(`${FLAG_FIELDS[f]}:${code}`, () => rowClause((i) => flags[i] === code, s.aliveCount / 2));
  }
  return specs;
}

// ------------------------------------------------------------------------------------------------
// Bitsets: bit (row & 31) of word (row >>> 5)

function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Packs a 0/1 byte per row into a bitset; returns it with its count. */
function pack(bytes: Uint8Array, n: number): { bits: Uint32Array; count: number } {
  const bits = new Uint32Array((n + 31) >>> 5);
  return { bits, count: packWords(bytes, n, bits, 0, bits.length) };
}

/** Packs words [fromWord, toWord) of `bits` from the bytes of rows below `n`; returns their bits set. */
function packWords(
  bytes: Uint8Array,
  n: number,
  bits: Uint32Array,
  fromWord: number,
  toWord: number,
): number {
  let count = 0;
  for (let w = fromWord, i = fromWord << 5; w < toWord; w++, i += 32) {
    let v = 0;
    const end = Math.min(32, n - i);
    for (let j = 0; j < end; j++) v |= bytes[i + j] << j;
    bits[w] = v;
    count += popcount(v);
  }
  return count;
}

/** The scratch buffers of the synchronous API (its runs never overlap; sliced runs bring their own). */
const SHARED = new Workspace();

// ------------------------------------------------------------------------------------------------
// The index

export type IndexSearchOptions = {
  sortKey: SortKey;
  sortDirection: SortDirection;
  offset: number;
  limit: number;
};
export type IndexSearchResult = { total: number; ids: number[] };

/** A clause's rows as a bitset, with their count. */
type ClauseResult = { bits: Uint32Array; count: number };

type CachedResult = {
  total: number;
  /** Matching row slots in sort order: all of them when `complete`, else a prefix. */
  ordered: Int32Array;
  complete: boolean;
};

/** Smallest prefix computed for a large result, so the next pages come from the cache. */
const MIN_PREFIX = 250;
/** Live facet answers kept (LRU). */
const FACET_CACHE_SIZE = 200;
/** Results longer than this keep only a prefix in the cache. */
const MAX_CACHED_ROWS = 20_000;

/** Changed rows for DirectoryIndex.matchesInWindow (its bitset is built on first use per snapshot). */
export type ChangeWindow = {
  readonly ids: ArrayLike<number>;
  readonly changedAt: ArrayLike<number>;
  built: { version: number; bits: Uint32Array; at: Float64Array } | null;
};

export class DirectoryIndex {
  private snapshot: Snapshot;
  private readonly cache = new Map<string, CachedResult>();
  private memo = new Map<string, unknown>();
  private readonly clauseCache = new Map<string, ClauseResult>();
  private clauseBytes = 0;
  /** Live facets of recent searches (dropped with the other caches). */
  private readonly facetCache = new Map<string, FacetsResponse>();
  /** Entries in the result cache (0 turns it off, e.g. to benchmark uncached searches). */
  cacheSize = 500;
  /** Bytes of clause bitsets kept (n / 8 bytes each; 0 turns the clause cache off). */
  clauseBudget = 48 * 1024 * 1024;

  private constructor(snapshot: Snapshot) {
    this.snapshot = snapshot;
  }

  static empty(): DirectoryIndex {
    const dicts = newDictionaries();
    return new DirectoryIndex(finalize(new ColumnsBuilder(dicts, 0).columns(), dicts, 0));
  }

  /** Builds a fresh index from batches of wire-format rows, read in id order. */
  static async build(batches: AsyncIterable<string>, expectedRows = 0): Promise<DirectoryIndex> {
    const index = DirectoryIndex.empty();
    await index.rebuild(batches, expectedRows);
    return index;
  }

  /** Physicians in the index. */
  get size(): number {
    return this.snapshot.aliveCount;
  }

  get version(): number {
    return this.snapshot.version;
  }

  /** Replaces the whole content (full reload); searches see the old content until the swap. */
  async rebuild(batches: AsyncIterable<string>, expectedRows = 0): Promise<void> {
    const dicts = newDictionaries();
    const builder = new ColumnsBuilder(dicts, expectedRows);
    for await (const batch of batches) builder.addBatch(batch);
    for (const set of dicts.sets) set.compact();
    this.swap(finalize(builder.columns(), dicts, this.snapshot.version + 1));
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
    this.swap(finalize(builder.columns(), old.dicts, old.version + 1));
  }

  /** Rows no longer alive but still holding a slot (patches leave them until the next rebuild). */
  get deadRows(): number {
    return this.snapshot.cols.length - this.snapshot.aliveCount;
  }

  private swap(next: Snapshot) {
    this.snapshot = next;
    this.clearCache();
  }

  /** Forgets cached results, counts and facets (the benchmark measures them uncached). */
  clearCache(): void {
    this.cache.clear();
    this.clauseCache.clear();
    this.facetCache.clear();
    this.clauseBytes = 0;
    this.memo = new Map();
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
    return runToEnd(this.filterIdsSteps(criteria, ids, sortKey, direction, SHARED));
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
      const matched = yield* this.evaluateSteps(s, specs, s.aliveBits, ws);
      // A clause that can match nothing returns early with `bits` untouched: trust the total.
      if (matched.total === 0) return [];
      bits = matched.bits;
    }
    const sort = s.sorts[sortKey];
    const { pos, nonNull, order } = sort;
    const last = order.length - 1;
    const flip = (p: number) => (p < nonNull ? nonNull - 1 - p : nonNull + last - p);
    const desc = direction === 'desc';
    const positions = new Int32Array(ids.length);
    let k = 0;
    for (const id of ids) {
      const slot = this.slotOf(s, id);
      if (slot < 0 || ((bits[slot >>> 5] >>> (slot & 31)) & 1) === 0 || pos[slot] < 0) continue;
      positions[k++] = desc ? flip(pos[slot]) : pos[slot];
    }
    const sorted = positions.subarray(0, k).sort();
    const out = new Array<number>(k);
    for (let j = 0; j < k; j++) out[j] = s.cols.ids[order[desc ? flip(sorted[j]) : sorted[j]]];
    return out;
  }

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
    if (window.built?.version !== s.version) {
      const bits = new Uint32Array(s.aliveBits.length);
      const at = new Float64Array(s.cols.length);
      for (let i = 0; i < window.ids.length; i++) {
        const slot = this.slotOf(s, window.ids[i]);
        if (slot < 0) continue;
        bits[slot >>> 5] |= 1 << (slot & 31);
        at[slot] = Math.max(at[slot], window.changedAt[i]);
      }
      window.built = { version: s.version, bits, at };
    }
    const { bits: changed, at } = window.built;
    // Evaluated from the window, not the directory: a clause not in the cache is then tested on
    // the window's rows alone (evaluate's row-by-row path), so an uncommon city or name costs
    // the window's size. evaluate() returns a shared scratch bitset: read synchronously below.
    const specs = buildClauses(s, criteria);
    let bits = changed;
    if (specs.length > 0) {
      const matched = this.evaluate(s, specs, changed);
      if (matched.total === 0) return { total: 0, ids: [] };
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
    return { total, ids: top.map((p) => s.cols.ids[order[p]]) };
  }

  /** The slot of an id (-1 when absent): binary search while slots are in id order, else a map. */
  private slotOf(s: Snapshot, id: number): number {
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

  /** The exact number of matches and the ids of rows [offset, offset + limit) in sort order. */
  search(criteria: SearchCriteria, options: IndexSearchOptions): IndexSearchResult {
    return runToEnd(this.searchSteps(criteria, options, SHARED));
  }

  /**
   * search() as a sliced computation (search-slices.ts: `runInSlices` pauses between chunks).
   * `ws`: the run's own scratch buffers. A change of the index during a pause leaves the run on
   * the snapshot it started with, and its results out of the caches.
   */
  *searchSteps(
    criteria: SearchCriteria,
    options: IndexSearchOptions,
    ws: Workspace = new Workspace(),
  ): Sliced<IndexSearchResult> {
    const s = this.snapshot;
    const want = options.offset + options.limit;
    const key = `${options.sortKey}:${options.sortDirection}:${JSON.stringify(criteria)}`;
    let entry = this.cache.get(key);
    if (entry && (entry.complete || entry.ordered.length >= want)) {
      this.cache.delete(key); // LRU: most recent last
      this.cache.set(key, entry);
    } else {
      entry = yield* this.compute(s, criteria, options.sortKey, options.sortDirection, want, ws);
      if (this.cacheSize > 0 && this.snapshot === s) {
        // Long results keep a prefix (the next pages); deeper pages are computed again.
        const keep = Math.max(want, MIN_PREFIX * 4);
        const stored =
          entry.ordered.length <= MAX_CACHED_ROWS
            ? entry
            : keep <= MAX_CACHED_ROWS
              ? { total: entry.total, ordered: entry.ordered.slice(0, keep), complete: false }
              : null;
        if (stored) {
          this.cache.delete(key);
          this.cache.set(key, stored);
          while (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
        }
      }
    }
    const ids: number[] = [];
    const end = Math.min(want, entry.ordered.length);
    for (let j = options.offset; j < end; j++) ids.push(s.cols.ids[entry.ordered[j]]);
    return { total: entry.total, ids };
  }

  private *compute(
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

    const { bits, total } = yield* this.evaluateSteps(s, specs, s.aliveBits, ws);
    if (total === 0) return { total: 0, ordered: new Int32Array(0), complete: true };
    const take = Math.min(total, Math.max(want, MIN_PREFIX));
    if (relevance && criteria.words.length)
      return yield* this.byRelevance(s, criteria, bits, total, take, ws);
    if (sortKey === 'distance' && criteria.near)
      return byDistance(s, criteria.near, bits, total, take, direction);
    const has = (row: number) => ((bits[row >>> 5] >>> (row & 31)) & 1) === 1;
    const ordered = new Int32Array(take);
    yield* placeInOrder(sort, direction, bits, has, total, take, ordered, 0, ws);
    return { total, ordered, complete: take === total };
  }

  /**
   * Relevance: each match gets its tier (one pass over the matches), then tier after tier the
   * first rows in name order; a tier before the wanted rows is only counted, never ordered.
   */
  private *byRelevance(
    s: Snapshot,
    criteria: SearchCriteria,
    bits: Uint32Array,
    total: number,
    take: number,
    ws: Workspace,
  ): Sliced<CachedResult> {
    const rank = relevanceRanker(s, criteria);
    const tiers = ws.tierBuffer(s.cols.length, NO_TIER);
    const counts = new Int32Array(RELEVANCE_TIERS);
    const rankWords = (from: number, to: number) => {
      for (let w = from; w < to; w++) {
        let v = bits[w];
        while (v !== 0) {
          const low = v & -v;
          const row = (w << 5) + (31 - Math.clz32(low));
          v ^= low;
          const tier = rank(row);
          tiers[row] = tier;
          counts[tier]++;
        }
      }
    };
    yield* ws.chunks(bits.length, rankWords, 32);
    const ordered = new Int32Array(take);
    let k = 0;
    for (let t = 0; t < RELEVANCE_TIERS && k < take; t++) {
      if (counts[t] === 0) continue;
      const has = (row: number) => ((bits[row >>> 5] >>> (row & 31)) & 1) === 1 && tiers[row] === t;
      const end = Math.min(take, k + counts[t]);
      k = yield* placeInOrder(s.sorts.name, 'asc', bits, has, counts[t], end, ordered, k, ws);
    }
    tiers.fill(NO_TIER, 0, s.cols.length);
    return { total, ordered, complete: take === total };
  }

  /**
   * The rows passing every clause (a bitset, valid until the next search) and their count.
   * Cached clauses are ANDed first (smallest first, stopping at an empty result). New clauses go
   * most selective first: each is computed over all rows and cached, until few candidates
   * remain; the rest are then checked on those rows only.
   */
  private evaluate(
    s: Snapshot,
    specs: ClauseSpec[],
    start: Uint32Array = s.aliveBits,
  ): { bits: Uint32Array; total: number } {
    return runToEnd(this.evaluateSteps(s, specs, start, SHARED));
  }

  /** evaluate() in slices; the bitset returned is `ws`'s (valid until its next search). */
  private *evaluateSteps(
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
    // After a change of the index (during a pause of a sliced run) the cache holds the new
    // snapshot's rows: this run computes its own.
    const current = this.snapshot === s;
    for (const spec of specs) {
      const hit = current ? this.clauseCache.get(spec.key) : undefined;
      if (!hit) {
        fresh.push(spec);
        continue;
      }
      this.clauseCache.delete(spec.key); // LRU: most recent last
      this.clauseCache.set(spec.key, hit);
      cached.push(hit);
    }
    cached.sort((a, b) => a.count - b.count);
    for (const { bits } of cached) if (!and(acc, bits)) return { bits: acc, total: 0 };

    const made: { key: string; clause: Clause }[] = [];
    for (const spec of fresh) {
      // Each clause first scans its field's distinct values (a pause between two clauses).
      if (made.length > 0) yield;
      const making = spec.make();
      const clause = isSliced(making) ? yield* making : making;
      if (clause === NEVER) {
        this.remember(s, spec.key, { bits: new Uint32Array(words), count: 0 });
        return { bits: acc, total: 0 };
      }
      made.push({ key: spec.key, clause });
    }
    made.sort((a, b) => a.clause.estimate - b.clause.estimate);
    for (let k = 0; k < made.length; k++) {
      let count = 0;
      for (let w = 0; w < words; w++) count += popcount(acc[w]);
      if (count <= n >> 5) {
        const tests = made.slice(k).map((m) => m.clause.test);
        const testWords = (from: number, to: number) => {
          for (let w = from; w < to; w++) {
            let v = acc[w];
            while (v !== 0) {
              const low = v & -v;
              const row = (w << 5) + (31 - Math.clz32(low));
              v ^= low;
              for (const test of tests) {
                if (!test(row)) {
                  acc[w] &= ~low;
                  count--;
                  break;
                }
              }
            }
          }
        };
        yield* ws.chunks(words, testWords, 32);
        return { bits: acc, total: count };
      }
      const { clause, key } = made[k];
      const bytes = ws.bytesBuffer(n);
      yield* ws.chunks(n, (from, to) => {
        bytes.fill(1, from, to);
        clause.narrow(bytes, from, to);
      });
      const result = { bits: new Uint32Array(words), count: 0 };
      yield* ws.chunks(words, (from, to) => (result.count += packWords(bytes, n, result.bits, from, to)), 32);
      this.remember(s, key, result);
      if (!and(acc, result.bits)) return { bits: acc, total: 0 };
    }
    let total = 0;
    for (let w = 0; w < words; w++) total += popcount(acc[w]);
    return { bits: acc, total };
  }

  private remember(s: Snapshot, key: string, result: ClauseResult) {
    if (this.clauseBudget <= 0 || this.snapshot !== s) return;
    // Two sliced runs may compute the same clause: the second replaces the first.
    const previous = this.clauseCache.get(key);
    if (previous) {
      this.clauseCache.delete(key);
      this.clauseBytes -= previous.bits.byteLength;
    }
    const size = result.bits.byteLength;
    while (this.clauseBytes + size > this.clauseBudget && this.clauseCache.size) {
      const [oldest, value] = this.clauseCache.entries().next().value!;
      this.clauseCache.delete(oldest);
      this.clauseBytes -= value.bits.byteLength;
    }
    if (size > this.clauseBudget) return;
    this.clauseCache.set(key, result);
    this.clauseBytes += size;
  }

  /** Specialty counts merged case-insensitively, formatted, most common first. */
  specialtyCounts(): SpecialtyCount[] {
    return this.memoized('specialties', () => {
      const s = this.snapshot;
      return mergedCounts(s.dicts.scalar[SCALAR_INDEX.specialty], s.counts.specialty, formatSpecialty).map(
        (f) => ({ specialty: f.value, count: f.count }),
      );
    });
  }

  /**
   * The options of every filter with live counts (disjunctive): each filter's values counted
   * over the rows matching the query and every other filter (its own selection left out), from
   * the clause bitsets. Every value found in the directory is listed (0 when none matches now);
   * most common first. Without any criteria: the directory's own counts, memoised.
   */
  facets(criteria?: SearchCriteria): FacetsResponse {
    return runToEnd(this.facetsSteps(criteria, SHARED));
  }

  /** facets() as a sliced computation (see searchSteps). */
  *facetsSteps(criteria?: SearchCriteria, ws: Workspace = new Workspace()): Sliced<FacetsResponse> {
    const s = this.snapshot;
    if (!criteria || isEmptyCriteria(criteria)) {
      const memo = this.memo;
      if (memo.has('facets')) return memo.get('facets') as FacetsResponse;
      const all = yield* this.countFacets(s, null, ws);
      if (this.snapshot === s) memo.set('facets', all);
      return all;
    }
    const key = JSON.stringify(criteria);
    const hit = this.facetCache.get(key);
    if (hit) {
      this.facetCache.delete(key); // LRU: most recent last
      this.facetCache.set(key, hit);
      return hit;
    }
    const result = yield* this.countFacets(s, criteria, ws);
    if (this.cacheSize > 0 && this.snapshot === s) {
      this.facetCache.set(key, result);
      while (this.facetCache.size > FACET_CACHE_SIZE)
        this.facetCache.delete(this.facetCache.keys().next().value!);
    }
    return result;
  }

  private *countFacets(s: Snapshot, criteria: SearchCriteria | null, ws: Workspace): Sliced<FacetsResponse> {
    const specs = criteria ? buildClauses(s, criteria) : [];
    const n = s.cols.length;
    // Facets whose own filter is not set share one row set (all the clauses); each set filter
    // gets the row set of the other clauses.
    const rowsFor = new Map<string, Uint32Array | null>();
    const evaluate = (own: ClauseSpec[]) => this.evaluateSteps(s, own, s.aliveBits, ws);
    const rowSet = function* (facet: FacetKey): Sliced<Uint32Array | null> {
      const own = specs.filter((spec) => spec.facet !== facet);
      const key = own.length === specs.length ? '' : facet;
      if (!rowsFor.has(key)) {
        if (own.length === 0) rowsFor.set(key, null);
        else {
          const { bits, total } = yield* evaluate(own);
          rowsFor.set(key, total === 0 ? new Uint32Array(bits.length) : bits.slice());
        }
      }
      return rowsFor.get(key)!;
    };
    // Every facet's counts over its row set. Facets sharing a row set (all of them but the ones
    // whose own filter is set) are counted in one walk of its bits: one bit scan, a count per
    // column per row.
    type FacetColumn = { facet: FacetKey; codes: Int32Array; size: number; all: Int32Array };
    const scalarColumn = (facet: FacetKey, f: ScalarField): FacetColumn => ({
      facet,
      codes: s.cols.scalar[SCALAR_INDEX[f]],
      size: s.dicts.scalar[SCALAR_INDEX[f]].size,
      all: s.counts[f],
    });
    const setColumn = (facet: FacetKey, f: SetField): FacetColumn => ({
      facet,
      codes: s.cols.sets[SET_INDEX[f]],
      size: s.dicts.sets[SET_INDEX[f]].size,
      all: s.counts[f],
    });
    const columns: FacetColumn[] = [
      scalarColumn('specialty', 'specialty'),
      scalarColumn('state', 'state'),
      scalarColumn('companySize', 'organizationSize'),
      scalarColumn('companyRevenue', 'organizationRevenue'),
      scalarColumn('companyIndustry', 'organizationIndustry'),
      setColumn('education', 'degrees'),
      setColumn('skills', 'skills'),
      setColumn('language', 'languages'),
      scalarColumn('credential', 'credential'),
      scalarColumn('gender', 'gender'),
      scalarColumn('subSpecialty', 'subSpecialty'),
      scalarColumn('secondarySpecialty', 'secondarySpecialty'),
      scalarColumn('source', 'source'),
    ];
    const countsOf = new Map<FacetKey, Int32Array>();
    const byRowSet = new Map<Uint32Array, FacetColumn[]>();
    for (const column of columns) {
      const bits = yield* rowSet(column.facet);
      if (!bits) countsOf.set(column.facet, column.all);
      else if (byRowSet.has(bits)) byRowSet.get(bits)!.push(column);
      else byRowSet.set(bits, [column]);
    }
    for (const [bits, group] of byRowSet) {
      const codes = group.map((column) => column.codes);
      const counts = group.map((column) => new Int32Array(column.size));
      const k = group.length;
      const countWords = (from: number, to: number) => {
        for (let w = from; w < to; w++) {
          let v = bits[w];
          while (v !== 0) {
            const low = v & -v;
            v ^= low;
            const row = (w << 5) + (31 - Math.clz32(low));
            for (let c = 0; c < k; c++) counts[c][codes[c][row]]++;
          }
        }
      };
      // Chunks of fewer rows when several columns are counted per row.
      yield* ws.chunks(bits.length, countWords, 32 * Math.max(1, k >> 2));
      group.forEach((column, c) => countsOf.set(column.facet, counts[c]));
    }
    const scalar = (
      facet: FacetKey,
      f: ScalarField,
      label?: (v: string) => string,
      key?: (v: string) => string,
    ) => mergedCounts(s.dicts.scalar[SCALAR_INDEX[f]], countsOf.get(facet)!, label, key, s.counts[f]);
    const items = (facet: FacetKey, f: SetField, key?: (v: string) => string) => {
      const dict = s.dicts.sets[SET_INDEX[f]];
      return mergedCounts(
        dict.items,
        itemCounts(dict, countsOf.get(facet)!),
        undefined,
        key,
        itemCounts(dict, s.counts[f]),
      );
    };
    let min: number | null = null;
    let max: number | null = null;
    const { graduationYear, alive } = s.cols;
    const years = yield* rowSet('graduationYear');
    const seeYear = (i: number) => {
      const y = graduationYear[i];
      if (y === 0) return;
      if (min === null || y < min) min = y;
      if (max === null || y > max) max = y;
    };
    if (!years) {
      yield* ws.chunks(n, (from, to) => {
        for (let i = from; i < to; i++) if (alive[i]) seeYear(i);
      });
    } else {
      // Only the matching rows (the row set holds live rows only).
      const seeWords = (from: number, to: number) => {
        for (let w = from; w < to; w++) {
          let v = years[w];
          while (v !== 0) {
            const low = v & -v;
            v ^= low;
            seeYear((w << 5) + (31 - Math.clz32(low)));
          }
        }
      };
      yield* ws.chunks(years.length, seeWords, 32);
    }
    return {
      specialty: scalar('specialty', 'specialty', formatSpecialty),
      state: scalar('state', 'state', stateCode),
      companySize: scalar('companySize', 'organizationSize'),
      companyRevenue: scalar('companyRevenue', 'organizationRevenue'),
      companyIndustry: scalar('companyIndustry', 'organizationIndustry'),
      education: items('education', 'degrees', normalizeCode),
      skills: items('skills', 'skills'),
      language: items('language', 'languages'),
      credential: scalar('credential', 'credential', undefined, normalizeCode),
      gender: scalar('gender', 'gender', (v) => v.toUpperCase()),
      subSpecialty: scalar('subSpecialty', 'subSpecialty'),
      secondarySpecialty: scalar('secondarySpecialty', 'secondarySpecialty', formatSpecialty),
      source: scalar('source', 'source', (v) => v.toLowerCase()),
      graduationYear: { min, max },
    };
  }

  private memoized<T>(key: string, compute: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, compute());
    return this.memo.get(key) as T;
  }
}

/**
 * Writes the rows of `bits` that pass `has` (`count` of them) into ordered[from, end) in sort
 * order, returning `end`. Walking the sort order visits about (end - from) * rows / count rows;
 * sorting the rows by their position costs about count * log(count): the cheaper is taken.
 */
function* placeInOrder(
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
  if (sortCost < walkCost) {
    const positions = new Int32Array(count);
    const { pos, nonNull } = sort;
    const last = rows - 1;
    // Descending reverses the order within each region (rows with a value, then rows without).
    const flip = (p: number) => (p < nonNull ? nonNull - 1 - p : nonNull + last - p);
    const desc = direction === 'desc';
    let j = 0;
    for (let w = 0; w < bits.length; w++) {
      let v = bits[w];
      while (v !== 0) {
        const low = v & -v;
        const row = (w << 5) + (31 - Math.clz32(low));
        v ^= low;
        if (has(row)) positions[j++] = desc ? flip(pos[row]) : pos[row];
      }
    }
    positions.sort();
    for (let q = 0; q < need; q++) ordered[k++] = sort.order[desc ? flip(positions[q]) : positions[q]];
    return k;
  }
  yield* walk(
    sort,
    direction,
    (row) => {
      if (has(row)) ordered[k++] = row;
      return k < end;
    },
    ws,
  );
  return k;
}

/**
 * Distance order (ADR 023): nearest first, equal distances (the same ZIP) by id; descending
 * reverses both. The matches' ZIPs are ranked by distance, then one counting sort of the
 * matches (taken in id order) by their ZIP's rank.
 */
function byDistance(
  s: Snapshot,
  near: NearCriterion,
  bits: Uint32Array,
  total: number,
  take: number,
  direction: SortDirection,
): CachedResult {
  const { distance, zips } = zipsWithin(near, near.miles);
  const order = Array.from(zips).sort((a, b) => distance[a] - distance[b]);
  const rankOf = new Int32Array(ZIP_SPACE + 1);
  let rank = -1;
  let previous = NaN;
  for (const z of order) {
    if (distance[z] !== previous) rank++;
    previous = distance[z];
    rankOf[z + 1] = rank;
  }
  // The matches in id order.
  const rows = new Int32Array(total);
  let k = 0;
  if (s.monotonic) {
    for (let w = 0; w < bits.length; w++) {
      let v = bits[w];
      while (v !== 0) {
        const low = v & -v;
        rows[k++] = (w << 5) + (31 - Math.clz32(low));
        v ^= low;
      }
    }
  } else {
    for (const row of s.byId) if (((bits[row >>> 5] >>> (row & 31)) & 1) === 1) rows[k++] = row;
  }
  const starts = new Int32Array(rank + 2);
  const zip = s.cols.zip;
  for (let j = 0; j < total; j++) starts[rankOf[zip[rows[j]]] + 1]++;
  for (let b = 1; b < starts.length; b++) starts[b] += starts[b - 1];
  const sorted = new Int32Array(total);
  for (let j = 0; j < total; j++) sorted[starts[rankOf[zip[rows[j]]]]++] = rows[j];
  if (direction === 'desc') sorted.reverse();
  return { total, ordered: take === total ? sorted : sorted.slice(0, take), complete: take === total };
}

/** A row's tier outside a relevance search (the workspace's tier buffer holds it between searches). */
const NO_TIER = 255;

/**
 * Visits rows in sort order, pausing every chunk of rows. Descending reverses values and id ties;
 * rows without a value stay last in both directions (like ORDER BY key DESC NULLS LAST, id DESC).
 */
function* walk(
  sort: SortOrder,
  direction: SortDirection,
  visit: (row: number) => boolean,
  ws: Workspace,
): Sliced<void> {
  const { order, nonNull } = sort;
  const chunk = ws.chunkRows;
  let seen = 0;
  if (direction === 'asc') {
    for (let j = 0; j < order.length; j++) {
      if (!visit(order[j])) return;
      if (++seen === chunk) {
        seen = 0;
        yield;
      }
    }
    return;
  }
  for (let j = nonNull - 1; j >= 0; j--) {
    if (!visit(order[j])) return;
    if (++seen === chunk) {
      seen = 0;
      yield;
    }
  }
  for (let j = order.length - 1; j >= nonNull; j--) {
    if (!visit(order[j])) return;
    if (++seen === chunk) {
      seen = 0;
      yield;
    }
  }
}

/** acc &= bits; false when nothing is left. */
function and(acc: Uint32Array, bits: Uint32Array): boolean {
  let any = 0;
  for (let w = 0; w < acc.length; w++) any |= acc[w] &= bits[w];
  return any !== 0;
}

/** Rows per item of a set field, from the rows per distinct set. */
function itemCounts(dict: SetDictionary, setCounts: Int32Array): Int32Array {
  const counts = new Int32Array(dict.items.size);
  for (let c = 1; c < setCounts.length; c++) {
    if (setCounts[c] === 0) continue;
    for (let k = dict.starts[c]; k < dict.starts[c + 1]; k++) counts[dict.flat[k]] += setCounts[c];
  }
  return counts;
}

/**
 * Counts per value, merged by label without regard to case; most common first. The first
 * spelling met names the merged entry.
 */
function mergedCounts(
  dict: Dictionary,
  counts: Int32Array,
  label: (value: string) => string = (v) => v,
  key: (label: string) => string = (v) => v.toLowerCase(),
  /** Values to list even when `counts` has 0 for them (the directory's own counts). */
  present: Int32Array = counts,
): FacetValue[] {
  const merged = new Map<string, FacetValue>();
  for (let c = 1; c < counts.length; c++) {
    if (counts[c] === 0 && present[c] === 0) continue;
    const value = dict.values[c].trim();
    if (!value) continue;
    const name = label(value);
    const existing = merged.get(key(name));
    if (existing) existing.count += counts[c];
    else merged.set(key(name), { value: name, count: counts[c] });
  }
  return [...merged.values()].sort(
    (a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
  );
}
