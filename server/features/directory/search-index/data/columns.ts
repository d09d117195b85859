import { zipNumber } from '../../geo';
import type { Dictionaries } from './dictionary';
import {
  CREATED_AT,
  FIELD_SEP,
  FLAG_FIELDS,
  FLAGS_AT,
  INDEX_FIELD_COUNT,
  MOVED_ON,
  NULL_MARK,
  ROW_SEP,
  SCALAR_AT,
  SCALAR_FIELDS,
  SET_FIELDS,
  SETS_AT,
  UPDATED_AT,
  VERIFIED_AT,
  YEAR_AT,
  ZIP_AT,
} from './wire-format';

/**
 * A column of dictionary codes: as narrow as its dictionary allows (one byte up to 255 values, two
 * up to 65,535, else four), widened while a build or patch adds codes. At 1,500,000 rows this is
 * the difference between about 100 and 35 MB for the text fields.
 */
export type CodeArray = Uint8Array | Uint16Array | Int32Array;

/** The array that holds `code` and `column`'s values (`column` itself when it does). */
export function widened(column: CodeArray, code: number): CodeArray {
  if (column.BYTES_PER_ELEMENT === 4 || code < (column.BYTES_PER_ELEMENT === 1 ? 256 : 65_536)) return column;
  const wider = code < 65_536 ? new Uint16Array(column.length) : new Int32Array(column.length);
  wider.set(column);
  return wider;
}

/** An empty column like `like` (or the narrowest) of `size` slots, holding `like`'s first `length` codes. */
function codeColumn(size: number, like?: CodeArray, length = 0): CodeArray {
  const next = like ? new (like.constructor as new (n: number) => CodeArray)(size) : new Uint8Array(size);
  if (like) next.set(like.subarray(0, length));
  return next;
}

/** Row-aligned arrays; slots [0, length) are used, `alive` 0 marks a removed physician. */
export type Columns = {
  length: number;
  ids: Int32Array;
  alive: Uint8Array;
  /** Per SCALAR_FIELDS entry: the dictionary code of each row. */
  scalar: CodeArray[];
  /** Per SET_FIELDS entry: the set code of each row. */
  sets: CodeArray[];
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
  /**
   * The day of the latest move (days since 1970, UTC; 0: none), ADR 035. Two bytes a row: days
   * fit a Uint16 until 2149.
   */
  movedOn: Uint16Array;
};

/**
 * Reads wire-format rows into columns, encoding text through `dicts`. Started from `from`, it
 * copies that snapshot's columns first (a patch): the old snapshot keeps serving unchanged.
 */
export class ColumnsBuilder {
  private cols: Columns;
  constructor(
    private readonly dicts: Dictionaries,
    capacity: number,
    from?: Columns,
  ) {
    this.cols = ColumnsBuilder.allocate(Math.max(capacity, from?.length ?? 0, 16), from);
  }

  private static allocate(size: number, from?: Columns): Columns {
    const copy = <T extends Int32Array | Int16Array | Int8Array | Uint8Array | Uint16Array | Float64Array>(
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
      scalar: SCALAR_FIELDS.map((_, f) => codeColumn(size, from?.scalar[f], from?.length)),
      sets: SET_FIELDS.map((_, f) => codeColumn(size, from?.sets[f], from?.length)),
      graduationYear: copy(new Int16Array(size), from?.graduationYear),
      flags: FLAG_FIELDS.map((_, f) => copy(new Int8Array(size), from?.flags[f])),
      npi: copy(new Float64Array(size), from?.npi),
      zip: copy(new Int32Array(size), from?.zip),
      verifiedAt: copy(new Float64Array(size), from?.verifiedAt),
      createdAt: copy(new Float64Array(size), from?.createdAt),
      updatedAt: copy(new Float64Array(size), from?.updatedAt),
      movedOn: copy(new Uint16Array(size), from?.movedOn),
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
    for (let f = 0; f < scalar.length; f++) {
      const code = scalar[f].code(v[SCALAR_AT + f]);
      if (code > 255) c.scalar[f] = widened(c.scalar[f], code);
      c.scalar[f][slot] = code;
    }
    const year = v[YEAR_AT] === NULL_MARK ? 0 : Number(v[YEAR_AT]);
    c.graduationYear[slot] = year > 0 && year < 32767 ? year : 0;
    for (let f = 0; f < FLAG_FIELDS.length; f++) c.flags[f][slot] = Number(v[FLAGS_AT + f]) || 0;
    for (let f = 0; f < sets.length; f++) {
      const code = sets[f].code(v[SETS_AT + f]);
      if (code > 255) c.sets[f] = widened(c.sets[f], code);
      c.sets[f][slot] = code;
    }
    c.zip[slot] = v[ZIP_AT] === NULL_MARK ? 0 : zipNumber(v[ZIP_AT]) + 1;
    c.verifiedAt[slot] = v[VERIFIED_AT] === NULL_MARK ? NaN : Number(v[VERIFIED_AT]);
    c.createdAt[slot] = v[CREATED_AT] === NULL_MARK ? NaN : Number(v[CREATED_AT]);
    c.updatedAt[slot] = v[UPDATED_AT] === NULL_MARK ? NaN : Number(v[UPDATED_AT]);
    const moved = v[MOVED_ON] === NULL_MARK ? 0 : Number(v[MOVED_ON]);
    c.movedOn[slot] = moved > 0 && moved <= 0xffff ? moved : 0;
  }

  remove(slot: number): void {
    this.cols.alive[slot] = 0;
  }

  columns(): Columns {
    return this.cols;
  }
}
