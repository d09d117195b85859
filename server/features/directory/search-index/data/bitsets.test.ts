import { describe, expect, it } from 'vitest';
import { and, countBits, hasBit, pack, packWords, popcount } from './bitsets';

describe('bitsets', () => {
  it('counts the bits of a word', () => {
    for (const v of [0, 1, 0xff, 0x80000000, 0xffffffff, 0x12345678])
      expect(popcount(v)).toBe([...(v >>> 0).toString(2)].filter((b) => b === '1').length);
  });

  it('packs a byte per row into words, and reads them back', () => {
    const bytes = new Uint8Array(70);
    for (const row of [0, 31, 32, 69]) bytes[row] = 1;
    const { bits, count } = pack(bytes, 70);
    expect(bits).toHaveLength(3);
    expect(count).toBe(4);
    expect([0, 31, 32, 69].every((row) => hasBit(bits, row))).toBe(true);
    expect(hasBit(bits, 1)).toBe(false);
    expect(countBits(bits)).toBe(4);
    const part = new Uint32Array(3);
    expect(packWords(bytes, 70, part, 1, 3)).toBe(2);
    expect([...part]).toEqual([0, bits[1], bits[2]]);
  });

  it('packs four rows at a time as it packs one at a time (random rows, a buffer at an offset, a short tail)', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (const n of [1, 31, 32, 33, 64, 100, 1000, 1027]) {
      for (const offset of [0, 4, 1]) {
        const buffer = new ArrayBuffer(offset + n + 8);
        const bytes = new Uint8Array(buffer, offset, n);
        for (let i = 0; i < n; i++) bytes[i] = random() < 0.3 ? 1 : 0;
        const { bits, count } = pack(bytes, n);
        const rows = [...bytes.keys()].filter((i) => bytes[i] === 1);
        expect(count, `n ${n} offset ${offset}`).toBe(rows.length);
        expect([...Array(n).keys()].filter((i) => hasBit(bits, i)), `n ${n} offset ${offset}`).toEqual(rows);
      }
    }
  });

  it('ANDs in place and says whether anything is left', () => {
    const acc = Uint32Array.of(0b1100, 0b1);
    expect(and(acc, Uint32Array.of(0b0100, 0))).toBe(true);
    expect([...acc]).toEqual([0b0100, 0]);
    expect(and(acc, Uint32Array.of(0b1000, 1))).toBe(false);
  });
});
