import { describe, expect, it } from 'vitest';
import { optionsFor, specialtyOptions, visibleOptions } from './filter-options';

describe('specialtyOptions', () => {
  it('merges without regard to case, sorts by count descending and keeps OBGYN upper-case', () => {
    const options = specialtyOptions([
      { specialty: 'cardiology', count: 10 },
      { specialty: 'Obgyn', count: 30 },
      { specialty: 'CARDIOLOGY', count: 25 },
      { specialty: 'family medicine', count: 12 },
      { specialty: '  ', count: 99 },
      // Not one of the 18: never listed (ADR 035).
      { specialty: 'Other', count: 40 },
      { specialty: 'Hyperbaric Medicine', count: 1 },
    ]);
    expect(options).toEqual([
      { value: 'Cardiology', label: 'Cardiology', count: 35 },
      { value: 'OBGYN', label: 'OBGYN', count: 30 },
      { value: 'Family Medicine', label: 'Family Medicine', count: 12 },
    ]);
  });
});

describe('optionsFor', () => {
  it("uses the spec's constants when there is no facet", () => {
    expect(optionsFor(['MD', 'PhD'], undefined)).toEqual([
      { value: 'MD', label: 'MD', count: null },
      { value: 'PhD', label: 'PhD', count: null },
    ]);
  });

  it('follows the facet order and counts', () => {
    expect(
      optionsFor(
        ['MD'],
        [
          { value: 'DO', count: 3 },
          { value: 'MD', count: 2 },
        ],
      ).map((o) => o.value),
    ).toEqual(['DO', 'MD']);
  });

  it('keeps the bucket order of ordered lists with the facet counts', () => {
    const options = optionsFor(
      ['1 to 19', '20 to 99', '5000+'],
      [
        { value: '5000+', count: 9 },
        { value: '1 to 19', count: 4 },
      ],
      {
        ordered: true,
      },
    );
    expect(options).toEqual([
      { value: '1 to 19', label: '1 to 19', count: 4 },
      { value: '20 to 99', label: '20 to 99', count: 0 },
      { value: '5000+', label: '5000+', count: 9 },
    ]);
  });
});

describe('visibleOptions', () => {
  const options = [
    { value: 'Surgery', label: 'Surgery', count: 3 },
    { value: 'Teaching', label: 'Teaching', count: 2 },
  ];

  it('filters by the search term but keeps ticked values', () => {
    expect(visibleOptions(options, ['teaching'], 'surg').map((o) => o.value)).toEqual([
      'Surgery',
      'Teaching',
    ]);
    expect(visibleOptions(options, [], 'surg').map((o) => o.value)).toEqual(['Surgery']);
  });

  it('shows a ticked value that is not among the options', () => {
    expect(visibleOptions(options, ['Robotics'], '').map((o) => o.value)).toEqual([
      'Robotics',
      'Surgery',
      'Teaching',
    ]);
  });
});
