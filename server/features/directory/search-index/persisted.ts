import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ColumnsBuilder, type Columns } from './columns';
import { Dictionary, newDictionaries, SetDictionary, type Dictionaries } from './dictionary';
import { finalize, type Snapshot } from './snapshot';
import { FLAG_FIELDS, SCALAR_FIELDS, SET_FIELDS } from './wire-format';

/*
 * The index kept on disk (ADR 038): the columns and dictionaries of a snapshot, written after a
 * build and read back at the next start instead of every row of the database. The stamp it is
 * written with says what the database was when the rows were read (the service decides from it
 * which physicians changed since). Everything derived (counts, sort orders, the alive bitset) is
 * computed again by `finalize`, as after a build.
 *
 * Layout: 'PDIX1\n', the header's length (uint32, little-endian), the header (JSON), then each
 * section padded to 8 bytes: typed arrays as their bytes (so they are read back as views of the
 * file, without a copy), string lists as UTF-8 separated by NUL (which PostgreSQL text never holds).
 */

const MAGIC = Buffer.from('PDIX1\n');
/** Raised when what the file holds changes shape (the format key covers the fields and columns). */
const LAYOUT_VERSION = 1;

type ArrayType = 'Int32Array' | 'Int16Array' | 'Int8Array' | 'Uint8Array' | 'Uint16Array' | 'Float64Array';
type TypedArray = Int32Array | Int16Array | Int8Array | Uint8Array | Uint16Array | Float64Array;
const ARRAY_TYPES: Record<ArrayType, { new (buffer: ArrayBufferLike, offset: number, length: number): TypedArray; BYTES_PER_ELEMENT: number }> = {
  Int32Array,
  Int16Array,
  Int8Array,
  Uint8Array,
  Uint16Array,
  Float64Array,
};

type Section = { name: string; kind: ArrayType | 'strings'; count: number; bytes: number };
type Header = { format: string; stamp: SnapshotStamp; length: number; sections: Section[] };

/**
 * What the database was when the rows were read: its identity, the database snapshot the read
 * began under (`pg_current_snapshot()`), and when.
 */
export type SnapshotStamp = { identity: string; snapshot: string; at: number };

/**
 * The key of what a file holds: the index's fields, the columns' names and types and the SQL that
 * reads the rows (`source`). Code that reads or stores rows differently never loads an old file.
 */
export function snapshotFormat(source: string): string {
  const shape = Object.entries(new ColumnsBuilder(newDictionaries(), 0).columns()).map(([name, value]) =>
    Array.isArray(value) ? [name, value.length, value[0]?.constructor.name] : [name, value?.constructor.name],
  );
  return createHash('sha256')
    .update(JSON.stringify({ LAYOUT_VERSION, SCALAR_FIELDS, SET_FIELDS, FLAG_FIELDS, shape, source }))
    .digest('hex')
    .slice(0, 32);
}

const pad = (bytes: number) => (8 - (bytes % 8)) % 8;

/** Writes the snapshot's columns and dictionaries to `path` (a temporary file renamed over it). */
export async function saveSnapshot(path: string, s: Snapshot, format: string, stamp: SnapshotStamp): Promise<number> {
  const sections: Section[] = [];
  const parts: Buffer[] = [];
  const add = (name: string, part: Buffer, kind: Section['kind'], count: number) => {
    sections.push({ name, kind, count, bytes: part.byteLength });
    parts.push(part);
    if (pad(part.byteLength)) parts.push(Buffer.alloc(pad(part.byteLength)));
  };
  const addArray = (name: string, array: TypedArray, count: number) =>
    add(
      name,
      Buffer.from(array.buffer, array.byteOffset, count * array.BYTES_PER_ELEMENT),
      array.constructor.name as ArrayType,
      count,
    );
  const addStrings = (name: string, values: readonly string[]) =>
    add(name, Buffer.from(values.join('\0'), 'utf8'), 'strings', values.length);

  const { cols, dicts } = s;
  for (const [name, value] of Object.entries(cols) as [string, unknown][]) {
    if (name === 'length') continue;
    if (Array.isArray(value)) value.forEach((array: TypedArray, i) => addArray(`${name}.${i}`, array, cols.length));
    else addArray(name, value as TypedArray, cols.length);
  }
  dicts.scalar.forEach((d, i) => addStrings(`dict.${i}`, d.values));
  dicts.sets.forEach((d, i) => {
    addStrings(`set.${i}.items`, d.items.values);
    addArray(`set.${i}.starts`, d.starts.subarray(0, d.size + 1), d.size + 1);
    addArray(`set.${i}.flat`, d.flat.subarray(0, d.flatLength), d.flatLength);
  });

  const header: Header = { format, stamp, length: cols.length, sections };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.byteLength);
  const prefix = Buffer.concat([MAGIC, length, headerBytes]);
  const first = [prefix, Buffer.alloc(pad(prefix.byteLength))];

  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await pipeline(Readable.from([...first, ...parts]), createWriteStream(temporary, { mode: 0o600 }));
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return [...first, ...parts].reduce((sum, part) => sum + part.byteLength, 0);
}

/** What `loadSnapshot` found: the columns and dictionaries, or why the file cannot be used. */
export type LoadedSnapshot =
  | { ok: true; columns: Columns; dicts: Dictionaries; bytes: number; stamp: SnapshotStamp }
  | { ok: false; reason: string };

/**
 * Reads a file `saveSnapshot` wrote, when it holds `format`, with the stamp it was written with;
 * otherwise says why not (missing, another format, damaged). Never throws for a bad file.
 */
export async function loadSnapshot(path: string, format: string): Promise<LoadedSnapshot> {
  let file: Buffer;
  try {
    file = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ENOENT' ? 'no snapshot file' : `cannot read the snapshot (${code})` };
  }
  try {
    if (!file.subarray(0, MAGIC.length).equals(MAGIC)) return { ok: false, reason: 'not a snapshot file' };
    const headerLength = file.readUInt32LE(MAGIC.length);
    const headerEnd = MAGIC.length + 4 + headerLength;
    const header = JSON.parse(file.subarray(MAGIC.length + 4, headerEnd).toString('utf8')) as Header;
    if (header.format !== format) return { ok: false, reason: 'written by another version of the index' };

    // A copy of the bytes into a buffer of its own when the file's is shared or misaligned.
    let bytes = file;
    if (file.byteOffset % 8 !== 0) bytes = Buffer.from(new Uint8Array(file));
    let at = headerEnd + pad(headerEnd);
    const read = new Map<string, TypedArray | string[]>();
    for (const section of header.sections) {
      if (at + section.bytes > bytes.byteLength) return { ok: false, reason: 'the file is cut short' };
      if (section.kind === 'strings') {
        const text = bytes.toString('utf8', at, at + section.bytes);
        read.set(section.name, section.count === 0 ? [] : text.split('\0'));
      } else {
        const type = ARRAY_TYPES[section.kind];
        if (!type || section.count * type.BYTES_PER_ELEMENT !== section.bytes)
          return { ok: false, reason: `section ${section.name} is damaged` };
        read.set(section.name, new type(bytes.buffer, bytes.byteOffset + at, section.count));
      }
      at += section.bytes + pad(section.bytes);
    }

    const array = <T extends TypedArray>(name: string): T => {
      const value = read.get(name);
      if (!value || Array.isArray(value)) throw new Error(`section ${name} is missing`);
      return value as T;
    };
    const strings = (name: string): string[] => {
      const value = read.get(name);
      if (!Array.isArray(value)) throw new Error(`section ${name} is missing`);
      return value;
    };
    // The columns in the shape an empty builder has (the format key guarantees the same names).
    const template = new ColumnsBuilder(newDictionaries(), 0).columns();
    const columns = { length: header.length } as Record<string, unknown>;
    for (const [name, value] of Object.entries(template) as [string, unknown][]) {
      if (name === 'length') continue;
      columns[name] = Array.isArray(value) ? value.map((_, i) => array(`${name}.${i}`)) : array(name);
    }
    const dicts: Dictionaries = {
      scalar: SCALAR_FIELDS.map((_, i) => Dictionary.fromValues(strings(`dict.${i}`))),
      sets: SET_FIELDS.map((_, i) =>
        SetDictionary.fromParts(
          Dictionary.fromValues(strings(`set.${i}.items`)),
          array<Int32Array>(`set.${i}.starts`),
          array<Int32Array>(`set.${i}.flat`),
        ),
      ),
    };
    return { ok: true, columns: columns as Columns, dicts, bytes: file.byteLength, stamp: header.stamp };
  } catch (error) {
    return { ok: false, reason: `the file is damaged (${(error as Error).message})` };
  }
}

/** The snapshot of what `loadSnapshot` read (counts, sort orders and bitsets computed again). */
export function snapshotOf(loaded: { columns: Columns; dicts: Dictionaries }, version: number): Snapshot {
  return finalize(loaded.columns, loaded.dicts, version);
}
