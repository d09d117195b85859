import type { CodeArray } from '../data/columns';
import {
  formatSpecialty,
  type FacetsResponse,
  type FacetValue,
  type SpecialtyCount,
  type SubSpecialtyFacetValue,
} from '../../../../../contract/directory';
import { normalizeCode, stateCode, type SearchCriteria } from '../query/criteria';
import type { Sliced, Workspace } from '../data/slices';
import type { ClauseSpec, FacetKey } from '../query/clause';
import { directoryItemCounts, itemCounts, type Dictionary, type SetDictionary } from '../data/dictionary';
import { countBits } from '../data/bitsets';
import { hasWordPrefix } from '../data/search-words';
import { evaluateSteps, type ClauseCache } from '../query/evaluation';
import { buildClauses } from '../query/filters';
import type { Snapshot } from '../data/snapshot';
import { SCALAR_INDEX, SET_INDEX, type ScalarField, type SetField } from '../data/wire-format';

/*
 * Live facet counts (disjunctive, ADR 020): each filter's values counted over the rows matching
 * the query and every other filter, its own selection left out.
 */

/** What reading a row's set items at random costs, in sequential reads of the sets and their items. */
const RANDOM_ITEM_READ = 30;

/** Live facet answers kept (LRU). */
export const FACET_CACHE_SIZE = 200;

/**
 * A facet's column: the codes counted per row, and the directory's own counts. A set column
 * (`set`) is counted per distinct set, then per item (itemCounts), or straight per item when
 * its matching rows hold fewer items than the dictionary has sets (hundreds of thousands of
 * skill sets at 1,500,000 physicians, of which a narrow search matches a few thousand).
 */
type FacetColumn = {
  facet: FacetKey;
  /** The facet whose row set it is counted over (its own filter left out): `facet` unless said. */
  rowsOf?: FacetKey;
  codes: CodeArray | Int16Array | Int32Array;
  size: number;
  all: Int32Array;
  set?: SetDictionary;
};

/** Alive rows per graduation year (index: the year; 0, none), per snapshot. */
const yearCounts = new WeakMap<Snapshot, Int32Array>();

/** The graduation years' column, counted like a facet's: its range is the lowest and highest year counted. */
function yearColumn(s: Snapshot): FacetColumn {
  const { graduationYear: years, alive, length } = s.cols;
  let all = yearCounts.get(s);
  if (!all) {
    let top = 0;
    for (let i = 0; i < length; i++) if (years[i] > top) top = years[i];
    all = new Int32Array(top + 1);
    for (let i = 0; i < length; i++) if (alive[i]) all[years[i]]++;
    yearCounts.set(s, all);
  }
  return { facet: 'graduationYear', codes: years, size: all.length, all };
}

/**
 * The (specialty, sub-specialty) pairs of a snapshot's rows (ADR 052): a code per row (0: no
 * sub-specialty), each code's specialty and sub-specialty codes, and the directory's own rows per
 * pair. Made once per version of the two columns and of the alive rows (a patch of other columns,
 * the re-verification job's, keeps it).
 */
type PairColumn = {
  specialtyCodes: CodeArray;
  alive: Uint8Array;
  codes: CodeArray;
  specialty: Int32Array;
  sub: Int32Array;
  all: Int32Array;
};
const pairColumns = new WeakMap<CodeArray, PairColumn>();

function pairColumn(s: Snapshot): PairColumn {
  const specialty = s.cols.scalar[SCALAR_INDEX.specialty];
  const sub = s.cols.scalar[SCALAR_INDEX.subSpecialty];
  const { alive, length } = s.cols;
  const found = pairColumns.get(sub);
  if (found && found.specialtyCodes === specialty && found.alive === alive) return found;
  const subSize = s.dicts.scalar[SCALAR_INDEX.subSpecialty].size;
  const byPair = new Map<number, number>();
  const specialtyOf = [0];
  const subOf = [0];
  const codes = new Int32Array(length);
  for (let i = 0; i < length; i++) {
    if (sub[i] === 0) continue;
    const key = specialty[i] * subSize + sub[i];
    let code = byPair.get(key);
    if (code === undefined) {
      code = specialtyOf.length;
      byPair.set(key, code);
      specialtyOf.push(specialty[i]);
      subOf.push(sub[i]);
    }
    codes[i] = code;
  }
  const all = new Int32Array(specialtyOf.length);
  for (let i = 0; i < length; i++) if (alive[i]) all[codes[i]]++;
  const made = {
    specialtyCodes: specialty,
    alive,
    // A byte a row while the pairs are few (a tenth of the time of four bytes to count 32,000 rows).
    codes: specialtyOf.length <= 256 ? Uint8Array.from(codes) : specialtyOf.length <= 65_536 ? Uint16Array.from(codes) : codes,
    specialty: Int32Array.from(specialtyOf),
    sub: Int32Array.from(subOf),
    all,
  };
  pairColumns.set(sub, made);
  return made;
}

function facetColumns(s: Snapshot): FacetColumn[] {
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
    set: s.dicts.sets[SET_INDEX[f]],
  });
  return [
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
    // The sub-specialties under each specialty: counted over the sub-specialty facet's rows.
    (() => {
      const pairs = pairColumn(s);
      return { facet: 'subSpecialtyBySpecialty', rowsOf: 'subSpecialty', codes: pairs.codes, size: pairs.all.length, all: pairs.all };
    })() satisfies FacetColumn,
    scalarColumn('secondarySpecialty', 'secondarySpecialty'),
    scalarColumn('source', 'source'),
    setColumn('facilityType', 'facilityTypes'),
    yearColumn(s),
  ];
}

/**
 * The options of every filter with their counts over the rows of `criteria` (null: the whole
 * directory), each filter's own selection left out. Every value found in the directory is listed
 * (0 when none matches now); most common first.
 */
export function* countFacets(
  clauses: ClauseCache,
  s: Snapshot,
  criteria: SearchCriteria | null,
  ws: Workspace,
): Sliced<FacetsResponse> {
  const specs = criteria ? buildClauses(s, criteria) : [];
  // Facets whose own filter is not set share one row set (all the clauses); each set filter
  // gets the row set of the other clauses.
  const rowsFor = new Map<string, Uint32Array | null>();
  const evaluate = (own: ClauseSpec[]) => evaluateSteps(clauses, s, own, s.aliveBits, ws);
  const rowSet = function* (facet: FacetKey): Sliced<Uint32Array | null> {
    const own = specs.filter((spec) => spec.facet !== facet);
    const key = own.length === specs.length ? '' : facet;
    if (!rowsFor.has(key)) {
      if (own.length === 0) rowsFor.set(key, null);
      else {
        const { bits, total } = yield* evaluate(own);
        // The workspace's own bitsets (a run's, lent again to the next: no garbage per row set).
        const kept = ws.bitset(rowsFor.size, bits.length);
        if (total === 0) kept.fill(0);
        else kept.set(bits);
        rowsFor.set(key, kept);
      }
    }
    return rowsFor.get(key)!;
  };
  // The row sets that leave a filter out come first: their clauses meet more candidates, so they
  // are computed over every row and kept, and the row set of every clause then ANDs kept bitsets
  // instead of testing its candidates against them again.
  const columns = facetColumns(s);
  const counted = new Set(columns.map((column) => column.rowsOf ?? column.facet));
  for (const spec of specs) if (spec.facet && counted.has(spec.facet)) yield* rowSet(spec.facet);
  // Every facet's counts over its row set. Facets sharing a row set (all of them but the ones
  // whose own filter is set) are counted in one walk of its bits: one bit scan, a count per
  // column per row.
  // Counts per code, or per item for a set column counted item by item (`perItem`).
  const countsOf = new Map<FacetKey, Int32Array>();
  const perItem = new Set<FacetKey>();
  const byRowSet = new Map<Uint32Array, FacetColumn[]>();
  let countArrays = 0;
  for (const column of columns) {
    const bits = yield* rowSet(column.rowsOf ?? column.facet);
    if (!bits) countsOf.set(column.facet, column.all);
    else if (byRowSet.has(bits)) byRowSet.get(bits)!.push(column);
    else byRowSet.set(bits, [column]);
  }
  for (const [bits, all] of byRowSet) {
    // More than half the directory matches: the rows that do not are counted off the directory's
    // own counts (fewer rows to visit; the same counts).
    const matching = countBits(bits);
    const complement = matching * 2 > s.aliveCount;
    const visited = complement ? s.aliveCount - matching : matching;
    // Item by item reads a row's items at random (three cache misses a row: its set, the set's
    // start, its items; measured about 30 times a sequential read at 1,500,000 rows, 7.9 ms for the
    // skills of 32,000 rows against 2.4 ms by set): worth it only for rows few beside the sets and
    // their items, read in order per set.
    const byItem = all.filter(({ set }) => set && visited * (set.flatLength / set.size) * RANDOM_ITEM_READ < set.size + set.flatLength);
    const group = all.filter((column) => !byItem.includes(column));
    const codes = group.map((column) => column.codes);
    const k = group.length;
    const counts = group.map((column) => {
      const out = ws.counts(countArrays++, column.size);
      if (complement) out.set(column.all.subarray(0, column.size));
      return out;
    });
    const items = byItem.map((column) => {
      const dict = column.set!;
      const out = new Int32Array(dict.items.size);
      if (complement) out.set(directoryItemCounts(dict, column.all));
      return { sets: column.codes, starts: dict.starts, flat: dict.flat, out };
    });
    const alive = s.aliveBits;
    const step = complement ? -1 : 1;
    // The chunk's rows are listed once, then each column counted over the list: one counts
    // array and one column at a time (the counts of 343,000 skill sets stay in cache while
    // they are counted).
    const perChunk = 32 * Math.max(1, (k + 4 * items.length) >> 2);
    // One column and no items (a set filter's own facet, counted over the other filters' rows):
    // each row counted where its bit is found, with no list (and no list made).
    const single = k === 1 && items.length === 0 ? { codes: codes[0], counts: counts[0] } : null;
    const listed = single ? new Int32Array(0) : new Int32Array(Math.max(32, Math.floor(ws.chunkRows / perChunk) * 32));
    const countWords = (from: number, to: number) => {
      if (single) {
        const { codes: only, counts: out } = single;
        for (let w = from; w < to; w++) {
          let v = complement ? alive[w] & ~bits[w] : bits[w];
          while (v !== 0) {
            const low = v & -v;
            v ^= low;
            out[only[(w << 5) + (31 - Math.clz32(low))]] += step;
          }
        }
        return;
      }
      let m = 0;
      for (let w = from; w < to; w++) {
        let v = complement ? alive[w] & ~bits[w] : bits[w];
        while (v !== 0) {
          const low = v & -v;
          v ^= low;
          listed[m++] = (w << 5) + (31 - Math.clz32(low));
        }
      }
      for (let c = 0; c < k; c++) countRows(codes[c], counts[c], listed, m, step);
      for (const { sets, starts, flat, out } of items) {
        for (let j = 0; j < m; j++) {
          const set = sets[listed[j]];
          for (let at = starts[set]; at < starts[set + 1]; at++) out[flat[at]] += step;
        }
      }
    };
    // Chunks of fewer rows when several columns are counted per row.
    yield* ws.chunks(bits.length, countWords, perChunk);
    group.forEach((column, c) => countsOf.set(column.facet, counts[c]));
    byItem.forEach((column, c) => {
      countsOf.set(column.facet, items[c].out);
      perItem.add(column.facet);
    });
  }
  const scalar = (
    facet: FacetKey,
    f: ScalarField,
    label?: (v: string) => string,
    key?: (v: string) => string,
  ) => mergedCounts(s.dicts.scalar[SCALAR_INDEX[f]], countsOf.get(facet)!, label, key, s.counts[f]);
  const items = (facet: FacetKey, f: SetField, key?: (v: string) => string) => {
    const dict = s.dicts.sets[SET_INDEX[f]];
    const counts = countsOf.get(facet)!;
    return mergedCounts(
      dict.items,
      perItem.has(facet)
        ? counts
        : counts === s.counts[f]
          ? directoryItemCounts(dict, counts)
          : itemCounts(dict, counts),
      undefined,
      key,
      directoryItemCounts(dict, s.counts[f]),
    );
  };
  // The lowest and highest year with a row counted (0: none given).
  const years = countsOf.get('graduationYear')!;
  let min: number | null = null;
  let max: number | null = null;
  for (let y = 1; y < years.length; y++) {
    if (years[y] === 0) continue;
    min ??= y;
    max = y;
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
    subSpecialtyBySpecialty: pairCounts(s, countsOf.get('subSpecialtyBySpecialty')!),
    secondarySpecialty: scalar('secondarySpecialty', 'secondarySpecialty', formatSpecialty),
    source: scalar('source', 'source', (v) => v.toLowerCase()),
    facilityType: items('facilityType', 'facilityTypes'),
    graduationYear: { min, max },
  };
}

/**
 * The sub-specialties under each specialty with their counts (`counts` per pair code), merged by
 * specialty (as the specialty facet labels it) and sub-specialty without regard to case; every
 * pair the directory holds is listed, most common first.
 */
function pairCounts(s: Snapshot, counts: Int32Array): SubSpecialtyFacetValue[] {
  const pairs = pairColumn(s);
  const specialties = s.dicts.scalar[SCALAR_INDEX.specialty];
  const subs = s.dicts.scalar[SCALAR_INDEX.subSpecialty];
  const merged = new Map<string, SubSpecialtyFacetValue>();
  for (let c = 1; c < pairs.all.length; c++) {
    if (counts[c] === 0 && pairs.all[c] === 0) continue;
    const specialty = specialties.values[pairs.specialty[c]].trim();
    const value = subs.values[pairs.sub[c]].trim();
    if (!specialty || !value) continue;
    const label = formatSpecialty(specialty);
    const key = `${label.toLowerCase()}\u0000${value.toLowerCase()}`;
    const existing = merged.get(key);
    if (existing) existing.count += counts[c];
    else merged.set(key, { specialty: label, value, count: counts[c] });
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...merged.values()].sort(
    (a, b) => b.count - a.count || order(a.value, b.value) || order(a.specialty, b.specialty),
  );
}

/** counts[codes[row]] += step for each of the first `m` rows listed. */
function countRows(codes: CodeArray | Int16Array | Int32Array, counts: Int32Array, rows: Int32Array, m: number, step: number): void {
  // Four rows a step (in order: two rows of one code add up as one at a time would).
  let j = 0;
  for (; j + 4 <= m; j += 4) {
    counts[codes[rows[j]]] += step;
    counts[codes[rows[j + 1]]] += step;
    counts[codes[rows[j + 2]]] += step;
    counts[codes[rows[j + 3]]] += step;
  }
  for (; j < m; j++) counts[codes[rows[j]]] += step;
}

/** Specialty counts merged case-insensitively, formatted, most common first. */
export function specialtyCounts(s: Snapshot): SpecialtyCount[] {
  return mergedCounts(s.dicts.scalar[SCALAR_INDEX.specialty], s.counts.specialty, formatSpecialty).map(
    (f) => ({
      specialty: f.value,
      count: f.count,
    }),
  );
}

/**
 * Counts per value, merged by label without regard to case; most common first. The first
 * spelling met names the merged entry.
 */
export function mergedCounts(
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

/** A hospital item of the index (wire-format.ts): its CCN and, when the hospitals file holds it, its name. */
export type HospitalCount = { ccn: string; name: string | null; count: number };

/**
 * The 'Affiliated with' type-ahead (ADR 063): the facilities whose names hold every word of
 * `words` (each the start of a word: searchWords form; none: any), counted over the rows of
 * `criteria` without its own 'Affiliated with', most common first, at most `limit`; the chosen
 * ones (criteria.affiliatedWith) always listed.
 */
export function* countHospitals(
  clauses: ClauseCache,
  s: Snapshot,
  criteria: SearchCriteria | null,
  words: string[],
  limit: number,
  ws: Workspace,
): Sliced<HospitalCount[]> {
  const dict = s.dicts.sets[SET_INDEX.hospitals];
  const specs = criteria ? buildClauses(s, criteria).filter((spec) => spec.facet !== 'hospital') : [];
  let counts: Int32Array;
  if (specs.length === 0) counts = directoryItemCounts(dict, s.counts.hospitals);
  else {
    const { bits, total } = yield* evaluateSteps(clauses, s, specs, s.aliveBits, ws);
    counts = new Int32Array(dict.items.size);
    if (total > 0) {
      const sets = s.cols.sets[SET_INDEX.hospitals];
      const { starts, flat } = dict;
      yield* ws.chunks(
        bits.length,
        (from, to) => {
          for (let w = from; w < to; w++) {
            let v = bits[w];
            while (v !== 0) {
              const low = v & -v;
              v ^= low;
              const set = sets[(w << 5) + (31 - Math.clz32(low))];
              for (let at = starts[set]; at < starts[set + 1]; at++) counts[flat[at]]++;
            }
          }
        },
        32,
      );
    }
  }
  const chosen = new Set((criteria?.affiliatedWith ?? []).map((ccn) => ccn.toLowerCase()));
  const found: HospitalCount[] = [];
  const items = dict.items;
  for (let c = 1; c < items.size && c < counts.length; c++) {
    const lower = items.lower[c];
    const picked = chosen.has(lower.slice(0, 6));
    if (!picked && (counts[c] === 0 || !words.every((w) => hasWordPrefix(items.words(c), w)))) continue;
    const value = items.values[c];
    found.push({ ccn: value.slice(0, 6), name: value.length > 7 ? value.slice(7) : null, count: counts[c] });
  }
  // Most common first; then named before numbered, by name, by CCN.
  const text = (h: HospitalCount) => (h.name === null ? '\uffff' : h.name.toLowerCase()) + '\u0000' + h.ccn;
  found.sort((a, b) => b.count - a.count || (text(a) < text(b) ? -1 : 1));
  const top = found.filter((h) => !chosen.has(h.ccn.toLowerCase())).slice(0, limit);
  return [...found.filter((h) => chosen.has(h.ccn.toLowerCase())), ...top];
}
