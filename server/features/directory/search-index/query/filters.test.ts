import { describe, expect, it } from 'vitest';
import type { SearchPhysiciansRequest } from '../../../../../contract/directory';
import { ClauseCache, evaluate } from './evaluation';
import type { Clause } from './clause';
import { buildClauses } from './filters';
import { IdSet, type SearchCriteria } from './criteria';
import { criteria, idsOf, PEOPLE, snapshotOf } from '../../../../test/support/directory/index-rows';

const s = snapshotOf(PEOPLE);
function search(request: Partial<SearchPhysiciansRequest>, sets: Pick<SearchCriteria, 'excludedIds' | 'includedIds'> = {}): number[] {
  const specs = buildClauses(s, { ...criteria(request), ...sets });
  if (specs.length === 0) return idsOf(s, s.aliveBits);
  const { bits, total } = evaluate(new ClauseCache(() => s), s, specs);
  return total === 0 ? [] : idsOf(s, bits);
}

describe('the filter table', () => {
  it('names each clause for the cache and tags it with its facet, in a fixed order', () => {
    const specs = buildClauses(
      s,
      criteria({
        query: 'smith',
        telehealth: true,
        graduationYearMin: 1990,
        npi: '123',
        movedWithinDays: 90,
        inTraining: true,
        city: 'bos',
        location: 'Boston, MA',
        zip: '021',
        source: ['npi'],
        gender: 'M',
        language: ['English'],
        licenseState: ['MA'],
        state: ['MA'],
        companySize: ['5000+'],
        education: ['MBA'],
        skills: ['Research', 'Leadership'],
        specialty: ['Cardiology'],
      } as Partial<SearchPhysiciansRequest>),
    );
    expect(specs.map((spec) => [spec.key, spec.facet])).toEqual([
      ['word:smith\u0000', undefined],
      ['specialty:cardiology', 'specialty'],
      ['skill:leadership', 'skills'], // toCriteria sorts a list: one key whatever the order asked
      ['skill:research', 'skills'],
      ['education:mba', 'education'],
      ['organizationSize:5000+', 'companySize'],
      ['state:ma', 'state'],
      ['license:ma', undefined],
      ['language:english', 'language'],
      ['gender:m', 'gender'],
      ['source:npi', 'source'],
      ['zip:021', undefined],
      [`moved>=${Date.UTC(2026, 5, 15) / 86_400_000 - 90}`, undefined],
      ['cityPart:boston', undefined],
      ['statePart:ma', undefined],
      ['city~bos', undefined],
      ['npi:123', undefined],
      ['years:1990-32766', 'graduationYear'],
      ['telehealth:2', undefined],
      ['inTraining:2', undefined],
    ]);
  });

  it('matches each filter on its own rule', () => {
    expect(search({})).toEqual([1, 2, 3, 4, 5]);
    expect(search({ specialty: ['cardiology'] })).toEqual([1, 3, 4]); // partial, any case
    expect(search({ specialty: ['Cardiology', 'Pediatrics'] })).toEqual([1, 2, 3, 4]);
    expect(search({ specialty: ['physician'] })).toEqual([]); // 'physician' alone is exact
    expect(search({ skills: ['research', 'lead'] })).toEqual([1]); // every skill, each partial
    expect(search({ education: ['m.b.a.'] })).toEqual([1]);
    expect(search({ companySize: ['1 to 10', '5000+'] })).toEqual([1, 2]);
    expect(search({ state: ['TX'] })).toEqual([2, 4]); // a code matches the name 'Texas'
    expect(search({ licenseState: ['New York'] })).toEqual([1]);
    expect(search({ language: ['spanish'] })).toEqual([1]);
    expect(search({ credential: ['MD'] })).toEqual([1]); // 'M.D.' normalised
    expect(search({ gender: 'F' })).toEqual([2]);
    expect(search({ location: 'Boston, MA' })).toEqual([1]);
    expect(search({ location: 'texas' })).toEqual([2, 4]); // city or state
    expect(search({ title: 'cardio' })).toEqual([3]);
    expect(search({ npi: '12345' })).toEqual([1, 2]);
    expect(search({ npi: '1234567' })).toEqual([1]);
    expect(search({ graduationYearMin: 1995, graduationYearMax: 2005 })).toEqual([3]);
    expect(search({ graduationYearMin: 2005, graduationYearMax: 1995 })).toEqual([]);
    expect(search({ boardCertified: false })).toEqual([2]); // unknown matches neither
    expect(search({ verifiedWithinMonths: 6 })).toEqual([1]);
    expect(search({ addedSince: '2024-12-31' })).toEqual([2]);
    expect(search({ changedSince: '2026-05-01T00:00:00Z' })).toEqual([1]); // strictly after
    // ADR 035 (today is 2026-06-15): moved on 2026-06-01 and 2026-01-10; never moved never matches.
    expect(search({ movedWithinDays: 14 })).toEqual([2]);
    expect(search({ movedWithinDays: 30 })).toEqual([2]);
    expect(search({ movedWithinDays: 90 })).toEqual([2]);
    expect(search({ movedWithinDays: 180 })).toEqual([2, 3]);
    expect(search({ movedWithinDays: 13 })).toEqual([]);
    expect(search({ inTraining: true })).toEqual([2]);
    expect(search({ inTraining: false })).toEqual([1]); // unknown matches neither
    expect(search({ query: 'smith', state: ['MA'], specialty: ['Cardiology'] })).toEqual([1, 3]);
    expect(search({ query: 'smith', state: ['MA'], title: 'director' })).toEqual([1]);
  });

  it('keeps only, or leaves out, the physicians of an id set (the service reads them: ADR 061, 066)', () => {
    const set = (...ids: number[]) => new IdSet(Int32Array.from(ids));
    expect(search({}, { includedIds: set(4, 2, 99) })).toEqual([2, 4]); // an id the index lacks changes nothing
    expect(search({}, { includedIds: set() })).toEqual([]); // nobody said so: nobody
    expect(search({}, { excludedIds: set(2, 4) })).toEqual([1, 3, 5]);
    expect(search({}, { excludedIds: set() })).toEqual([1, 2, 3, 4, 5]);
    expect(search({ specialty: ['Cardiology'] }, { includedIds: set(1, 2, 3), excludedIds: set(3) })).toEqual([1]);
    // The cache key holds the digest: equal sets in any order give one key, other sets another.
    const keys = (sets: Pick<SearchCriteria, 'excludedIds' | 'includedIds'>) => buildClauses(s, { ...criteria({}), ...sets }).map((spec) => spec.key);
    expect(keys({ includedIds: set(3, 1) })).toEqual(keys({ includedIds: set(1, 3) }));
    expect(keys({ includedIds: set(1, 3) })).not.toEqual(keys({ includedIds: set(1, 4) }));
    expect(keys({ includedIds: set(1, 3) })).not.toEqual(keys({ excludedIds: set(1, 3) }));
    // Its rows listed by id (few of them) are those a pass over every row finds.
    const [spec] = buildClauses(s, { ...criteria({}), includedIds: set(5, 2, 99) });
    const clause = spec.make() as Clause;
    const passed = new Uint32Array(Math.ceil(s.cols.length / 32));
    clause.pass(passed, 0, passed.length);
    const gathered = new Uint32Array(passed.length);
    clause.gather!(gathered);
    expect(idsOf(s, gathered)).toEqual([2, 5]);
    expect(idsOf(s, gathered)).toEqual(idsOf(s, passed));
  });
});
