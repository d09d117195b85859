import { describe, expect, it } from 'vitest';
import { unlistedCodesText } from './progress';

const notes = (unlistedTaxonomy: number, unlistedCodes?: Record<string, number>) =>
  ({ inTraining: 0, unknownSpecialty: 0, unlistedTaxonomy, unlistedCodes }) as Parameters<
    typeof unlistedCodesText
  >[0];

describe('unlistedCodesText', () => {
  it('names each code with its count, most frequent first', () => {
    expect(unlistedCodesText(notes(4, { '2084X0001X': 1, '207WX0199X': 3 }))).toBe(
      "2 physician taxonomy codes are not in the table: 207WX0199X (3), 2084X0001X (1): filed under their classification's specialty (add them to contract/taxonomy-map.ts)",
    );
    expect(unlistedCodesText(notes(1, { '207WX0199X': 1 }))).toMatch(
      /^1 physician taxonomy code is not in the table: 207WX0199X \(1\):/,
    );
  });

  it('counts the records past the codes it names, and reads an old checkpoint without codes', () => {
    expect(unlistedCodesText(notes(10, { '207WX0199X': 3 }))).toMatch(
      /^physician taxonomy codes of 10 records are not in the table: 207WX0199X \(3\), other codes \(7\):/,
    );
    expect(unlistedCodesText(notes(5))).toMatch(
      /^physician taxonomy codes of 5 records are not in the table: codes not recorded \(5\):/,
    );
    expect(unlistedCodesText(notes(0, {}))).toBeNull();
  });
});
