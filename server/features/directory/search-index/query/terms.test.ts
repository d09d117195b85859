import { describe, expect, it, onTestFinished } from 'vitest';
import { anchored, anchoredAny, codeMask, scalarTerm, SET_TERMS, setTerm, wordPrefix } from './terms';
import { anyOf, type Clause } from './clause';
import { hasBit } from '../data/bitsets';
import { SCALAR_INDEX } from '../data/wire-format';
import { PEOPLE, snapshotOf } from '../../../../test/support/directory/index-rows';

describe('terms', () => {
  const s = snapshotOf(PEOPLE);

  it('masks the codes of the values that match, with the rows they hold as the estimate', () => {
    const term = scalarTerm(s, 'specialty', wordPrefix('cardio'))!;
    expect(term.estimate).toBe(3);
    const rows = [0, 1, 2, 3, 4].filter((row) => term.mask[term.codes[row]] === 1);
    expect(rows.map((row) => s.cols.ids[row])).toEqual([1, 3, 4]);
    expect(scalarTerm(s, 'specialty', wordPrefix('dermatology'))).toBeNull();
  });

  it('matches a set when any of its items matches', () => {
    const term = setTerm(s, 'skills', wordPrefix('leader'))!;
    const rows = [0, 1, 2, 3, 4].filter((row) => term.mask[term.codes[row]] === 1);
    expect(rows.map((row) => s.cols.ids[row])).toEqual([1, 4]);
    expect(term.estimate).toBe(2);
    expect(setTerm(s, 'skills', wordPrefix('surgery'))).toBeNull();
  });

  it('finds the same values from a large dictionary\'s word index as by testing every value', () => {
    // 3,000 organisations (past the size that reads the word index), rows holding each.
    const orgs = Array.from({ length: 3000 }, (_, i) =>
      i % 7 === 0 ? `Card Care ${i}` : i % 11 === 0 ? `St. Mary's Cardiology ${i}` : `Clinic ${i} Health`,
    );
    const big = snapshotOf(orgs.map((organization, i) => ({ id: i + 1, organization })));
    for (const text of ['card', 'cardiology', 'clinic 12', "mary's", 'st mary', 'health', 'zzz', '7']) {
      const term = scalarTerm(big, 'organization', wordPrefix(text));
      const dict = big.dicts.scalar[SCALAR_INDEX.organization];
      const scan = codeMask(big, 'organization', (_l, _v, words) => wordPrefix(text)('', '', words));
      expect(term?.mask ?? new Uint8Array(scan.length), text).toEqual(scan.subarray(0, term?.mask.length ?? scan.length));
      expect(dict.size).toBeGreaterThan(2048);
    }
    // An anchored test that is not decided by its word alone is still tested on each value listed.
    const careSeven = (_l: string, _v: string, w: string) => (w + ' ').includes(' care 7 ');
    const listed = codeMask(big, 'organization', anchored(careSeven, 'care 7', true));
    expect(listed).toEqual(codeMask(big, 'organization', careSeven));
    expect(listed.reduce((a, b) => a + b, 0)).toBe(1); // 'Card Care 7' only
  });

  it('masks every code of a field, whether rows hold it or not', () => {
    const mask = codeMask(s, 'lastName', (lower) => lower.startsWith('sm'));
    expect(mask).toHaveLength(s.dicts.scalar[1].size);
    expect(mask.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('tests a set term by its items until its mask is made, and lists the hospitals by item (ADR 068)', () => {
    const MERCY = '450001 Mercy Hospital';
    const MEMORIAL = '450002 Memorial Hospital';
    const CLINIC = '123456 Clinic 450001';
    const rows = [
      { id: 1, hospitals: [MERCY] },
      { id: 2, hospitals: [MEMORIAL, MERCY] },
      { id: 3, hospitals: [CLINIC] },
      { id: 4, hospitals: null },
      { id: 5, hospitals: [MEMORIAL] },
      { id: 6, hospitals: ['450003 Mercy Medical Center', MERCY] },
    ];
    const hs = snapshotOf(rows);
    const ids = (keep: (row: number) => boolean) => rows.map((_, row) => row).filter(keep).map((row) => hs.cols.ids[row]);
    const all = () => Uint32Array.of(0b111111);
    // A field of few sets makes its mask at once; here the test takes these few for many.
    expect(setTerm(hs, 'hospitals', wordPrefix('mercy'))!.items!.masked()).toBe(true);
    const eager = SET_TERMS.eagerUpTo;
    SET_TERMS.eagerUpTo = 0;
    onTestFinished(() => void (SET_TERMS.eagerUpTo = eager));
    // 'mercy': items Mercy Hospital (3 rows) and Mercy Medical Center (1): 4, row 6 counted twice.
    const mercy = setTerm(hs, 'hospitals', wordPrefix('mercy'))!;
    expect(mercy.estimate).toBe(4);
    expect(mercy.items!.masked()).toBe(false);
    const clause = anyOf([mercy]) as Clause;
    const sieved = all();
    expect(clause.sieve(sieved, 0, 1)).toBe(3);
    expect(ids((row) => hasBit(sieved, row))).toEqual([1, 2, 6]);
    expect(mercy.items!.masked()).toBe(false);
    // Listed from the postings by item: no mask over the sets made either.
    expect(hs.postings.hospitals.byItem).toBe(true);
    const listed = new Uint32Array(1);
    clause.gather!(listed);
    expect(ids((row) => hasBit(listed, row))).toEqual([1, 2, 6]);
    expect(mercy.items!.masked()).toBe(false);
    // A pass makes the mask; the test then reads it, with the same rows.
    const passed = new Uint32Array(1);
    expect(clause.pass(passed, 0, 1)).toBe(3);
    expect(mercy.items!.masked()).toBe(true);
    expect(ids((row) => clause.test(row))).toEqual([1, 2, 6]);
    const again = all();
    clause.sieve(again, 0, 1);
    expect(again[0]).toBe(passed[0]);
    // 'Affiliated with' 450001: the items holding the word, tested (the clinic's name holds it too).
    const ccn = setTerm(hs, 'hospitals', anchoredAny((lower) => lower.slice(0, 6) === '450001', ['450001']))!;
    expect(ids((row) => (anyOf([ccn]) as Clause).test(row))).toEqual([1, 2, 6]);
    expect(setTerm(hs, 'hospitals', wordPrefix('nowhere'))).toBeNull();
  });
});
