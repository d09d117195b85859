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

/** Packs words [fromWord, toWord) of `bits` from the bytes of rows below `n`; returns their bits set. */
export function packWords(
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
