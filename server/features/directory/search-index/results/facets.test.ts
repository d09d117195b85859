import { describe, expect, it } from 'vitest';
import { runToEnd, Workspace } from '../data/slices';
import { Dictionary, SetDictionary } from '../data/dictionary';
import { ClauseCache } from '../query/evaluation';
import { countFacets, mergedCounts, specialtyCounts } from './facets';
import { itemCounts } from '../data/dictionary';
import { criteria, PEOPLE, snapshotOf } from '../../../../test/support/directory/index-rows';
import { ITEM_SEP } from '../data/wire-format';

const s = snapshotOf(PEOPLE);
const facets = (request: Parameters<typeof criteria>[0] | null) =>
  runToEnd(countFacets(new ClauseCache(() => s), s, request ? criteria(request) : null, new Workspace(4)));

describe('facets', () => {
  it('answers the same on a workspace lent again (its row sets and counts reused)', () => {
    const requests: Parameters<typeof criteria>[0][] = [
      { specialty: ['Pediatrics'], state: ['MA'] },
      { query: 'c' },
      { query: 'smith', skills: ['Research'] },
      { state: ['TX'], education: ['MD'] },
    ];
    const lent = new Workspace(4);
    for (const request of [...requests, ...requests.reverse()])
      expect(runToEnd(countFacets(new ClauseCache(() => s), s, criteria(request), lent))).toEqual(facets(request));
  });

  it('counts the whole directory without criteria, values merged without regard to case', () => {
    const all = facets(null);
    expect(all.specialty).toEqual([
      { value: 'Cardiology', count: 2 },
      { value: 'Interventional Cardiology', count: 1 },
      { value: 'Pediatrics', count: 1 },
    ]);
    expect(all.state).toEqual([
      { value: 'MA', count: 2 },
      { value: 'TX', count: 2 }, // 'Texas' and 'TX'
    ]);
    expect(all.skills).toEqual([
      { value: 'Leadership', count: 2 },
      { value: 'Research', count: 2 },
      { value: 'Cardiac Imaging', count: 1 },
    ]);
    expect(all.education.map((v) => v.value)).toEqual(['DO', 'MBA', 'MD']);
    expect(all.graduationYear).toEqual({ min: 1990, max: 2010 });
  });

  it('counts each filter over the rows of the others, leaving its own selection out (0 for values that no longer match)', () => {
    const live = facets({ specialty: ['Pediatrics'], state: ['MA'] });
    // The specialty facet sees state MA only: ids 1 and 3.
    expect(live.specialty).toEqual([
      { value: 'Cardiology', count: 1 },
      { value: 'Interventional Cardiology', count: 1 },
      { value: 'Pediatrics', count: 0 },
    ]);
    // The state facet sees Pediatrics only: id 2.
    expect(live.state).toEqual([
      { value: 'TX', count: 1 },
      { value: 'MA', count: 0 },
    ]);
    // The others see both filters: nothing.
    expect(live.skills.every((v) => v.count === 0)).toBe(true);
    expect(live.graduationYear).toEqual({ min: null, max: null });
    expect(facets({ query: 'smith' }).graduationYear).toEqual({ min: 1990, max: 2001 });
    // Most rows match ('c': ids 1, 3, 4): those that do not are taken off the directory's counts.
    expect(facets({ query: 'c' }).graduationYear).toEqual({ min: 1990, max: 2001 });
    expect(facets({ query: 'c', state: ['TX'] }).graduationYear).toEqual({ min: null, max: null });
  });

  it('counts the sub-specialties under each specialty apart, over the sub-specialty filter\'s rows (ADR 052)', () => {
    const t = snapshotOf([
      { id: 1, firstName: 'A', lastName: 'A', specialty: 'Family Medicine', subSpecialty: 'Sports Medicine', state: 'MA' },
      { id: 2, firstName: 'B', lastName: 'B', specialty: 'Orthopedic Surgery', subSpecialty: 'Sports Medicine', state: 'MA' },
      { id: 3, firstName: 'C', lastName: 'C', specialty: 'orthopedic surgery', subSpecialty: 'sports medicine', state: 'TX' },
      { id: 4, firstName: 'D', lastName: 'D', specialty: 'General Surgery', subSpecialty: 'Otolaryngology', state: 'MA' },
      { id: 5, firstName: 'E', lastName: 'E', specialty: 'General Surgery', state: 'MA' },
    ]);
    const pairs = (request: Parameters<typeof criteria>[0] | null) =>
      runToEnd(countFacets(new ClauseCache(() => t), t, request ? criteria(request) : null, new Workspace(4)))
        .subSpecialtyBySpecialty;
    expect(pairs(null)).toEqual([
      { specialty: 'Orthopedic Surgery', value: 'Sports Medicine', count: 2 },
      { specialty: 'General Surgery', value: 'Otolaryngology', count: 1 },
      { specialty: 'Family Medicine', value: 'Sports Medicine', count: 1 },
    ]);
    // The sub-specialty filter's own selection is left out; the others count (state MA).
    expect(pairs({ subSpecialty: ['Otolaryngology'], state: ['MA'] })).toEqual([
      { specialty: 'General Surgery', value: 'Otolaryngology', count: 1 },
      { specialty: 'Family Medicine', value: 'Sports Medicine', count: 1 },
      { specialty: 'Orthopedic Surgery', value: 'Sports Medicine', count: 1 },
    ]);
    expect(pairs({ specialty: ['General Surgery'] })).toEqual([
      { specialty: 'General Surgery', value: 'Otolaryngology', count: 1 },
      { specialty: 'Family Medicine', value: 'Sports Medicine', count: 0 },
      { specialty: 'Orthopedic Surgery', value: 'Sports Medicine', count: 0 },
    ]);
  });

  it('lists the specialties of the directory, formatted, most common first', () => {
    expect(specialtyCounts(s)).toEqual([
      { specialty: 'Cardiology', count: 2 },
      { specialty: 'Interventional Cardiology', count: 1 },
      { specialty: 'Pediatrics', count: 1 },
    ]);
  });

  it('counts the items of sets, and merges values under one label', () => {
    const sets = new SetDictionary();
    const ab = sets.code(['a', 'b'].join(ITEM_SEP));
    const b = sets.code('b');
    const counts = new Int32Array(sets.size);
    counts[ab] = 3;
    counts[b] = 2;
    const items = itemCounts(sets, counts);
    expect([items[sets.items.code('a')], items[sets.items.code('b')]]).toEqual([3, 5]);
    const dict = new Dictionary();
    const codes = ['md', ' M.D. ', 'MD', 'do'].map((v) => dict.code(v));
    const perCode = new Int32Array(dict.size);
    codes.forEach((c, i) => (perCode[c] = i + 1));
    expect(
      mergedCounts(
        dict,
        perCode,
        (v) => v.toUpperCase(),
        (v) => v.replace(/\./g, ''),
      ),
    ).toEqual([
      { value: 'MD', count: 1 + 2 + 3 }, // the first spelling met names it
      { value: 'DO', count: 4 },
    ]);
  });
});

describe('set facets counted per distinct set or straight per item', () => {
  // 300 physicians, each with a subset of six skills (about 60 distinct sets). The years take each
  // way (seen with a print): 2019 (8 rows) item by item; 2018 and 1993 per set; 1988 per set and
  // 1961 item by item, both off the directory's counts (more than half the rows match).
  const SKILLS = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const rows = Array.from({ length: 300 }, (_, i) => ({
    id: i + 1,
    lastName: `Name${i}`,
    graduationYear: 1960 + Math.floor(random() * 60),
    skills: SKILLS.filter(() => random() < 0.5),
  }));
  const many = snapshotOf(rows);
  const counted = (min: number) =>
    runToEnd(countFacets(new ClauseCache(() => many), many, criteria({ graduationYearMin: min }), new Workspace(4)))
      .skills;
  const expected = (min: number) => {
    const counts = new Map<string, number>();
    for (const row of rows) if (row.graduationYear >= min) for (const k of row.skills) counts.set(k, (counts.get(k) ?? 0) + 1);
    return new Map(SKILLS.map((k) => [k, counts.get(k) ?? 0]));
  };
  it.each([2019, 2018, 1993, 1988, 1961])('graduated in %i or later: every skill counted as the rows say', (min) => {
    const got = counted(min);
    expect(new Map(got.map((v) => [v.value, v.count]))).toEqual(expected(min));
  });

  it.each([2019, 1961])(
    'with a skill chosen too, the skills counted over the rows of the years alone (graduated in %i or later)',
    (min) => {
      // The skills' own row set leaves the skill out: one column counted where its bits are found,
      // off the directory's counts when more than half the rows match (1961).
      const got = runToEnd(
        countFacets(new ClauseCache(() => many), many, criteria({ graduationYearMin: min, skills: ['Alpha'] }), new Workspace(4)),
      ).skills;
      expect(new Map(got.map((v) => [v.value, v.count]))).toEqual(expected(min));
    },
  );
});
