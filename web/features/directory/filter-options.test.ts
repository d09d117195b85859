import { describe, expect, it } from 'vitest';
import { degreeRank, optionsFor, specialtyOptions, specialtyTree, visibleOptions, visibleSpecialtyTree } from './filter-options';

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

  it('Education: medical doctorates first, then other doctorates, masters, bachelors; by count within each', () => {
    const facet = [
      // As the API sends a facet: most common first.
      { value: 'BS', count: 900 },
      { value: 'MD', count: 700 },
      { value: 'MS', count: 400 },
      { value: 'MBA', count: 300 },
      { value: 'PhD', count: 200 },
      { value: 'DO', count: 150 },
      { value: 'Certificate', count: 5 },
    ];
    expect(optionsFor(['MD'], facet, { rank: degreeRank }).map((o) => o.value)).toEqual(['MD', 'DO', 'PhD', 'MS', 'MBA', 'BS', 'Certificate']);
  });

  it('Skills: values no physician of the search has are left out; none at all leaves an empty list', () => {
    const facet = [
      { value: 'Leadership', count: 4 },
      { value: 'Hernia Repair', count: 0 },
    ];
    expect(optionsFor(['Leadership'], facet, { hideEmpty: true }).map((o) => o.value)).toEqual(['Leadership']);
    expect(optionsFor(['Leadership'], [{ value: 'Hernia Repair', count: 0 }], { hideEmpty: true })).toEqual([]);
    expect(optionsFor(['Leadership'], facet).map((o) => o.value)).toEqual(['Leadership', 'Hernia Repair']);
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

describe('specialtyTree (ADR 052)', () => {
  const specialties = specialtyOptions([
    { specialty: 'General Surgery', count: 50 },
    { specialty: 'Orthopedic Surgery', count: 30 },
    { specialty: 'Family Medicine', count: 90 },
  ]);
  const pairs = [
    { specialty: 'General Surgery', value: 'Otolaryngology', count: 7 },
    { specialty: 'General Surgery', value: 'Ophthalmology', count: 12 },
    { specialty: 'Orthopedic Surgery', value: 'Sports Medicine', count: 4 },
    { specialty: 'Family Medicine', value: 'Sports Medicine', count: 5 },
    // Under a specialty outside the 18: not in the tree.
    { specialty: 'Other', value: 'Hyperbaric Medicine', count: 1 },
  ];

  it('puts each sub-specialty under its specialty, counted apart, most common first', () => {
    const tree = specialtyTree(specialties, pairs, []);
    expect(tree.map((n) => [n.label, n.count, n.children.map((c) => [c.label, c.count])])).toEqual([
      ['Family Medicine', 90, [['Sports Medicine', 5]]],
      ['General Surgery', 50, [['Ophthalmology', 12], ['Otolaryngology', 7]]],
      ['Orthopedic Surgery', 30, [['Sports Medicine', 4]]],
    ]);
  });

  it('lists the known sub-specialties, without counts, until the facets arrive', () => {
    const tree = specialtyTree(specialties, undefined, [
      { specialty: 'General Surgery', name: 'Otolaryngology' },
      { specialty: 'General Surgery', name: 'Neurological Surgery' },
    ]);
    expect(tree[1].children).toEqual([
      { value: 'Neurological Surgery', label: 'Neurological Surgery', count: null },
      { value: 'Otolaryngology', label: 'Otolaryngology', count: null },
    ]);
  });

  it('finds a sub-specialty by its name and opens its specialty; keeps ticked values; lists a ticked one it does not hold', () => {
    const tree = specialtyTree(specialties, pairs, []);
    const found = visibleSpecialtyTree(tree, [], [], 'otol');
    expect(found.map((n) => [n.label, n.shownChildren.map((c) => c.label), n.opensItself])).toEqual([
      ['General Surgery', ['Otolaryngology'], true],
    ]);
    // A specialty found by its own name shows all its children, closed.
    expect(visibleSpecialtyTree(tree, [], [], 'general').map((n) => [n.shownChildren.length, n.opensItself])).toEqual([
      [2, false],
    ]);
    // Ticked: kept whatever the search, and its specialty opens.
    const ticked = visibleSpecialtyTree(tree, ['Family Medicine'], ['Ophthalmology', 'Hyperbaric Medicine'], 'ortho');
    expect(ticked.map((n) => [n.label, n.shownChildren.map((c) => c.label), n.opensItself])).toEqual([
      ['Hyperbaric Medicine', [], false],
      ['Family Medicine', [], false],
      ['General Surgery', ['Ophthalmology'], true],
      ['Orthopedic Surgery', ['Sports Medicine'], false],
    ]);
  });
});
