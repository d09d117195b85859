/*
 * Bitsets over row slots: bit (row & 31) of word (row >>> 5). The loops that visit a bitset's
 * rows stay written out where they run (`v & -v` for the lowest bit): a callback per row would
 * cost more than the visit.
 */

export function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Packs a 0/1 byte per row into a bitset; returns it with its count. */
export function pack(bytes: Uint8Array, n: number): { bits: Uint32Array; count: number } {
  const bits = new Uint32Array((n + 31) >>> 5);
  return { bits, count: packWords(bytes, n, bits, 0, bits.length) };
}

/** Whether a Uint32Array reads bytes lowest first (every platform Node.js runs on, but checked). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/** A 4-byte view of each byte buffer packed, made once per buffer (the workspace reuses its buffer). */
const quadViews = new WeakMap<ArrayBuffer, Uint32Array>();

function quadsOf(bytes: Uint8Array): Uint32Array | null {
  if (!LITTLE_ENDIAN || bytes.byteOffset % 4 !== 0 || !(bytes.buffer instanceof ArrayBuffer)) return null;
  let quads = quadViews.get(bytes.buffer);
  if (!quads) {
    quads = new Uint32Array(bytes.buffer, 0, bytes.buffer.byteLength >>> 2);
    quadViews.set(bytes.buffer, quads);
  }
  return quads;
}

/**
 * Packs words [fromWord, toWord) of `bits` from the bytes (each 0 or 1) of rows below `n`; returns
 * their bits set. Four rows are read at once where the bytes allow it: a byte's bit lands at 0, 8,
 * 16 and 24 of the 4-byte word, and three shifts bring them together.
 */
export function packWords(
  bytes: Uint8Array,
  n: number,
  bits: Uint32Array,
  fromWord: number,
  toWord: number,
): number {
  const quads = quadsOf(bytes);
  const base = bytes.byteOffset >>> 2;
  let count = 0;
  for (let w = fromWord, i = fromWord << 5; w < toWord; w++, i += 32) {
    let v = 0;
    if (quads !== null && i + 32 <= n) {
      for (let k = 0, q = base + (i >>> 2); k < 8; k++, q++) {
        const x = quads[q];
        v |= ((x | (x >>> 7) | (x >>> 14) | (x >>> 21)) & 0xf) << (k << 2);
      }
    } else {
      const end = Math.min(32, n - i);
      for (let j = 0; j < end; j++) v |= bytes[i + j] << j;
    }
    bits[w] = v;
    count += popcount(v);
  }
  return count;
}

/** The bits set in `bits`. */
export function countBits(bits: Uint32Array): number {
  let count = 0;
  for (let w = 0; w < bits.length; w++) count += popcount(bits[w]);
  return count;
}

/** acc &= bits; false when nothing is left. */
export function and(acc: Uint32Array, bits: Uint32Array): boolean {
  let any = 0;
  for (let w = 0; w < acc.length; w++) any |= acc[w] &= bits[w];
  return any !== 0;
}

/** Whether `row`'s bit is set. */
export function hasBit(bits: Uint32Array, row: number): boolean {
  return ((bits[row >>> 5] >>> (row & 31)) & 1) === 1;
}
