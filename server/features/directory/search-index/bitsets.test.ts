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

  it('ANDs in place and says whether anything is left', () => {
    const acc = Uint32Array.of(0b1100, 0b1);
    expect(and(acc, Uint32Array.of(0b0100, 0))).toBe(true);
    expect([...acc]).toEqual([0b0100, 0]);
    expect(and(acc, Uint32Array.of(0b1000, 1))).toBe(false);
  });
});
