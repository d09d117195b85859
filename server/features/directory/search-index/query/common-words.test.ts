import { describe, expect, it } from 'vitest';
import { commonWords } from './common-words';
import { ClauseCache, evaluate } from './evaluation';
import { INITIALS_RULE } from './initials';
import { buildClauses } from './filters';
import { termClauseKey } from './text-query';
import { withUpdatedRows, type Snapshot } from '../data/snapshot';
import { criteria, idsOf, snapshotOf, wireRow, type TestPhysician } from '../../../../test/support/directory/index-rows';

/** 16 physicians: 'hospital' in the names of four rows' hospitals and one organisation, 'clinic' in one row's. */
const ROWS: TestPhysician[] = Array.from({ length: 16 }, (_, i) => ({
  id: i + 1,
  lastName: `Name${i}`,
  specialty: 'Cardiology',
  city: i < 3 ? 'Hospital' : 'Boston',
  hospitals: i < 4 ? ['450001 Mercy Hospital'] : i === 4 ? ['450002 Clinic of Hope'] : null,
  organization: i === 5 ? 'Hospitalists Inc' : null,
}));

/** The rows a term's search finds with no rows held (its clause made and evaluated). */
function searched(s: Snapshot, term: string): number[] {
  const plain: Snapshot = { ...s, initials: new Map() };
  const specs = buildClauses(plain, criteria({ query: `${term} cardiology` })).filter((spec) => spec.key === termClauseKey(term));
  const { bits, total } = evaluate(new ClauseCache(() => plain), plain, specs);
  return total === 0 ? [] : idsOf(s, bits);
}

/** The rows a snapshot holds for a term (alive rows only), checking the count kept beside them. */
function held(s: Snapshot, term: string): number[] | undefined {
  const kept = s.initials.get(termClauseKey(term));
  if (!kept) return undefined;
  const ids = idsOf(
    s,
    kept.bits.map((word, w) => word & s.aliveBits[w]),
  );
  expect(kept.count, term).toBe(ids.length);
  return ids;
}

describe('common words (common-words.ts)', () => {
  it('holds the rows of the words an eighth of the rows hold, as their term finds them', () => {
    const s = snapshotOf(ROWS);
    const words = commonWords(s);
    // 'hospital': 4 hospital rows + 3 cities = 7 of 16; 'mercy' 4; 'clinic' 1 (under 2, an eighth).
    expect(words).toContain('hospital');
    expect(words).toContain('mercy');
    expect(words).not.toContain('clinic');
    // The term matches word prefixes in every field (the organisation 'Hospitalists Inc' too).
    expect(held(s, 'hospital')).toEqual([1, 2, 3, 4, 6]);
    expect(held(s, 'hospital')).toEqual(searched(s, 'hospital'));
    expect(held(s, 'mercy')).toEqual(searched(s, 'mercy'));
    expect(held(s, 'clinic')).toBeUndefined();
    // A search reads them: 'mercy hospital cardiology' finds the four rows.
    const specs = buildClauses(s, criteria({ query: 'mercy hospital cardiology' }));
    const { bits, total } = evaluate(new ClauseCache(() => s), s, specs);
    expect(total).toBe(4);
    expect(idsOf(s, bits)).toEqual([1, 2, 3, 4]);
  });

  it('follows a patch of a hospital, an organisation or a city, and keeps what it did not change', () => {
    const s = snapshotOf(ROWS);
    const patched = withUpdatedRows(
      s,
      [
        [0, wireRow({ ...ROWS[0], hospitals: ['450002 Clinic of Hope'], city: 'Boston' })],
        [7, wireRow({ ...ROWS[7], organization: 'Mercy Hospital Group' })],
      ],
      INITIALS_RULE,
    ).next;
    expect(held(patched, 'hospital')).toEqual([2, 3, 4, 6, 8]);
    expect(held(patched, 'hospital')).toEqual(searched(patched, 'hospital'));
    expect(held(patched, 'mercy')).toEqual(searched(patched, 'mercy'));
    // The old version answers as before; a word no changed row holds or held keeps its bitset.
    expect(held(s, 'hospital')).toEqual([1, 2, 3, 4, 6]);
    expect(patched.initials.get(termClauseKey('cardiology'))).toBe(s.initials.get(termClauseKey('cardiology')));
  });
});
