import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, rm, unlink, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ColumnsBuilder, type Columns } from './columns';
import { Dictionary, newDictionaries, SetDictionary, type Dictionaries } from './dictionary';
import { finalize, type InitialsRule, type Snapshot } from './snapshot';
import { FLAG_FIELDS, SCALAR_FIELDS, SET_FIELDS } from './wire-format';

/*
 * The index kept on disk (ADR 038): the columns and dictionaries of a snapshot, written after a
 * build and read back at the next start instead of every row of the database. The stamp it is
 * written with says what the database was when the rows were read (the service decides from it
 * which physicians changed since). Everything derived (counts, sort orders, the alive bitset) is
 * computed again by `finalize`, as after a build.
 *
 * Layout: 'PDIX2\n', a MAC (32 bytes), the header's length (uint32, little-endian), the header
 * (JSON), then each section padded to 8 bytes: typed arrays as their bytes (so they are read back
 * as views of the file, without a copy), string lists as UTF-8 separated by NUL (which PostgreSQL
 * text never holds).
 *
 * Trust (ADR 049): the header carries the SHA-256 of everything after it (the body), and the MAC is
 * an HMAC-SHA256 of the magic, the length and the header under a key only the database holds. A
 * file edited anywhere, cut short, or made for another database (or by anyone who cannot read the
 * database) is refused, and the start reads the rows.
 */

const MAGIC = Buffer.from('PDIX2\n');
/** The start of every version's magic: a file of an earlier layout is another version's, not garbage. */
const MAGIC_FAMILY = Buffer.from('PDIX');
const MAC_BYTES = 32;
/** Where the header's length is (after the magic and the MAC), and where the header starts. */
const LENGTH_AT = MAGIC.length + MAC_BYTES;
const HEADER_AT = LENGTH_AT + 4;
/** Raised when what the file holds changes shape (the format key covers the fields and columns). */
const LAYOUT_VERSION = 2;

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
type Header = {
  format: string;
  stamp: SnapshotStamp;
  length: number;
  sections: Section[];
  /** The body (every byte after the header's padding): its length and SHA-256 (hex). */
  body: { bytes: number; sha256: string };
};

/**
 * What the database was when the rows were read: its identity, the database snapshot the read
 * began under (`pg_current_snapshot()`), and when.
 */
export type SnapshotStamp = { identity: string; snapshot: string; at: number };

const MAX_XID8 = 2n ** 64n - 1n;

/**
 * Whether `text` is a `pg_snapshot` PostgreSQL accepts ('xmin:xmax:xip,xip,...': xmin 1 or more,
 * xmax not before it, the in-progress ids ascending within [xmin, xmax)), the rules of its input
 * function. Checked before a stamp reaches SQL: a malformed one would fail the query (ADR 049).
 */
export function isPgSnapshotText(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  const match = /^(\d{1,20}):(\d{1,20}):(\d{1,20}(?:,\d{1,20})*)?$/.exec(text);
  if (!match) return false;
  const xmin = BigInt(match[1]);
  const xmax = BigInt(match[2]);
  if (xmin < 1n || xmax > MAX_XID8 || xmax < xmin) return false;
  let last = xmin;
  for (const item of match[3]?.split(',') ?? []) {
    const xid = BigInt(item);
    if (xid < last || xid >= xmax) return false;
    last = xid;
  }
  return true;
}

/** Whether a stamp read from a file has the shape `SnapshotStamp` promises. */
function isStamp(value: unknown): value is SnapshotStamp {
  const stamp = value as Partial<SnapshotStamp> | null;
  return (
    typeof stamp === 'object' &&
    stamp !== null &&
    typeof stamp.identity === 'string' &&
    /^[\w-]{1,100}$/.test(stamp.identity) &&
    isPgSnapshotText(stamp.snapshot) &&
    Number.isFinite(stamp.at)
  );
}

const macOf = (key: Uint8Array, headerPart: Buffer) =>
  createHmac('sha256', key).update(MAGIC).update(headerPart).digest();

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

/**
 * Writes the snapshot's columns and dictionaries to `path`, signed with `key` (the database's):
 * to `<path>.<pid>.tmp`, created exclusively and never through a link, then renamed over `path`.
 * Something already at the temporary name (a crashed write, or a link planted there) is removed,
 * not written through: `removed` says so, for a warning.
 */
export async function saveSnapshot(
  path: string,
  s: Snapshot,
  format: string,
  stamp: SnapshotStamp,
  key: Uint8Array,
): Promise<{ bytes: number; removed: boolean }> {
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

  const body = createHash('sha256');
  for (const part of parts) body.update(part);
  const bodyBytes = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const header: Header = { format, stamp, length: cols.length, sections, body: { bytes: bodyBytes, sha256: body.digest('hex') } };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.byteLength);
  const signed = Buffer.concat([length, headerBytes]);
  const prefix = Buffer.concat([MAGIC, macOf(key, signed), signed]);
  const first = [prefix, Buffer.alloc(pad(prefix.byteLength))];

  const temporary = `${path}.${process.pid}.tmp`;
  const { handle, removed } = await createExclusive(temporary);
  try {
    await pipeline(Readable.from([...first, ...parts]), handle.createWriteStream());
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  } finally {
    await handle.close().catch(() => undefined); // closed by the stream already, normally
  }
  return { bytes: prefix.byteLength + pad(prefix.byteLength) + bodyBytes, removed };
}

const CREATE_EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * A new file at `path` for this user only (0600). O_EXCL fails on anything already there, a
 * symbolic link included (never followed), so nothing at the name is ever written through; what
 * was there is removed (the link itself, not what it points to) and the file made once more.
 */
async function createExclusive(path: string): Promise<{ handle: FileHandle; removed: boolean }> {
  try {
    return { handle: await open(path, CREATE_EXCLUSIVE, 0o600), removed: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  await unlink(path);
  return { handle: await open(path, CREATE_EXCLUSIVE, 0o600), removed: true };
}

/** What `loadSnapshot` found: the columns and dictionaries, or why the file cannot be used. */
export type LoadedSnapshot =
  | { ok: true; columns: Columns; dicts: Dictionaries; bytes: number; stamp: SnapshotStamp }
  /** `expected`: no file yet, or another version's (an upgrade); anything else deserves a warning. */
  | { ok: false; reason: string; expected: boolean };

const refused = (reason: string, expected = false): LoadedSnapshot => ({ ok: false, reason, expected });

/**
 * Reads a file `saveSnapshot` wrote, when it holds `format` and is signed with `key`, with the
 * stamp it was written with; otherwise says why not (missing, a link, another format, signed with
 * another key or edited, damaged). Never throws for a bad file.
 */
export async function loadSnapshot(path: string, format: string, key: Uint8Array): Promise<LoadedSnapshot> {
  let file: Buffer;
  try {
    const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      if (!(await handle.stat()).isFile()) return refused('the snapshot is not a regular file');
      file = await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return refused('no snapshot file', true);
    return refused(code === 'ELOOP' ? 'the snapshot is a symbolic link' : `cannot read the snapshot (${code})`);
  }
  try {
    if (!file.subarray(0, MAGIC.length).equals(MAGIC))
      return file.subarray(0, MAGIC_FAMILY.length).equals(MAGIC_FAMILY)
        ? refused('written by another version of the index', true)
        : refused('not a snapshot file');
    if (file.byteLength < HEADER_AT) return refused('the file is cut short');
    const headerEnd = HEADER_AT + file.readUInt32LE(LENGTH_AT);
    if (headerEnd > file.byteLength) return refused('the file is cut short');
    const mac = file.subarray(MAGIC.length, LENGTH_AT);
    if (!timingSafeEqual(mac, macOf(key, file.subarray(LENGTH_AT, headerEnd))))
      return refused("not signed with this database's key (written for another database, or edited)");
    const header = JSON.parse(file.subarray(HEADER_AT, headerEnd).toString('utf8')) as Header;
    if (header.format !== format) return refused('written by another version of the index', true);
    if (!isStamp(header.stamp)) return refused('its stamp is not a database snapshot');
    const bodyAt = headerEnd + pad(headerEnd);
    if (file.byteLength !== bodyAt + header.body.bytes) return refused('the file is cut short or too long');
    if (createHash('sha256').update(file.subarray(bodyAt)).digest('hex') !== header.body.sha256)
      return refused('its content does not match its checksum (edited or damaged)');

    // A copy of the bytes into a buffer of its own when the file's is shared or misaligned.
    let bytes = file;
    if (file.byteOffset % 8 !== 0) bytes = Buffer.from(new Uint8Array(file));
    let at = bodyAt;
    const read = new Map<string, TypedArray | string[]>();
    for (const section of header.sections) {
      if (at + section.bytes > bytes.byteLength) return refused('the file is cut short');
      if (section.kind === 'strings') {
        const text = bytes.toString('utf8', at, at + section.bytes);
        read.set(section.name, section.count === 0 ? [] : text.split('\0'));
      } else {
        const type = ARRAY_TYPES[section.kind];
        if (!type || section.count * type.BYTES_PER_ELEMENT !== section.bytes)
          return refused(`section ${section.name} is damaged`);
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
    return refused(`the file is damaged (${(error as Error).message})`);
  }
}

/** The snapshot of what `loadSnapshot` read (counts, sort orders and bitsets computed again). */
export function snapshotOf(
  loaded: { columns: Columns; dicts: Dictionaries },
  version: number,
  initials: InitialsRule,
): Snapshot {
  return finalize(loaded.columns, loaded.dicts, version, initials);
}
