import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SearchPhysiciansQuery,
  type SearchPhysiciansQueryInput,
  type SortDirection,
  type SortKey,
} from '../../../contract/directory';
import { loadDemoDirectory } from '../../db/seed/demo';
import { createTestContext } from '../../test/harness';
import { insertPhysician } from '../../test/support/physicians';
import { toCriteria } from './search-index/query/criteria';
import { naiveSearch } from '../../test/support/directory/naive-search';

/*
 * The in-memory index against the reference SQL (naive-search.ts) on a generated directory large
 * enough to take every path of the index: few matches (sorted by position), many matches (walk
 * of the sort order), a selective first clause (per-row checks), deep offsets, patches.
 */

const ROWS = 6_000;
const ctx = await createTestContext();
afterAll(() => ctx.close());
beforeAll(async () => {
  await loadDemoDirectory(ctx.driver, { count: ROWS });
  await ctx.deps.services.directory.directoryChanged();
}, 120_000);

const CASES: SearchPhysiciansQueryInput[] = [
  {},
  { query: 'a' },
  { query: 'e' },
  { query: 'smith' },
  { query: 'card' },
  { query: 'john smith' },
  { query: 'smith john' },
  { query: 'mar' },
  { query: 'ann' },
  { specialty: 'Family Medicine,Internal Medicine' },
  { specialty: 'physician' },
  { specialty: 'Physician Assistant' },
  { location: 'TX' },
  { location: 'Texas' },
  { location: 'new' },
  { location: 'Houston, TX' },
  { skills: 'Patient Care' },
  { skills: 'Patient Care,Communication' },
  { query: 'a', skills: 'Leadership', state: 'CA,NY,TX' },
  { query: 'a', npi: '12' },
  { specialty: 'Cardiology', language: 'Spanish', boardCertified: 'true' },
  { education: 'MBA,PhD', companySize: '5000+' },
  { companyRevenue: '$1B+', companyIndustry: 'Hospital & Health Care', telehealth: 'false' },
  { credential: 'DO', gender: 'F', yearsInPracticeMin: '20' },
  { licenseState: 'CA', acceptingNewPatients: 'true', graduationYearMin: '2000', graduationYearMax: '2010' },
  { title: 'director', organization: 'health' },
  { city: 'san', medicalSchool: 'university', hospitalAffiliation: 'medical' },
  { query: 'zzzz-nothing' },
];
const SORTS: [SortKey, SortDirection][] = [
  ['name', 'asc'],
  ['name', 'desc'],
  ['specialty', 'asc'],
  ['specialty', 'desc'],
  ['location', 'asc'],
  ['location', 'desc'],
];

async function compare(
  input: SearchPhysiciansQueryInput,
  sortKey: SortKey,
  sortDirection: SortDirection,
  offset: number,
) {
  const criteria = toCriteria(SearchPhysiciansQuery.parse(input));
  const { index } = ctx.deps.services.directory;
  const fromIndex = index.search(criteria, { sortKey, sortDirection, offset, limit: 25 });
  const fromSql = await naiveSearch(ctx.db, criteria, { sortKey, sortDirection, offset, limit: 25 });
  expect(fromIndex, `${JSON.stringify(input)} ${sortKey} ${sortDirection} @${offset}`).toEqual(fromSql);
}

describe('the index agrees with the reference SQL', () => {
  it('on every case, sort and direction (pages 1 and 3)', async () => {
    ctx.deps.services.directory.index.cacheSize = 0;
    for (const input of CASES) {
      for (const [sortKey, sortDirection] of SORTS) {
        await compare(input, sortKey, sortDirection, 0);
        await compare(input, sortKey, sortDirection, 50);
      }
    }
    ctx.deps.services.directory.index.cacheSize = 500;
  }, 120_000);

  it('on deep pages, also through the result cache', async () => {
    for (const offset of [0, 25, 2_500, 5_975, 6_000]) {
      await compare({ query: 'a' }, 'location', 'desc', offset);
      await compare({}, 'name', 'asc', offset);
      await compare({ specialty: 'medicine' }, 'specialty', 'asc', offset);
    }
  });

  it('after patches (update, delete, insert with new values)', async () => {
    const { directory } = ctx.deps.services;
    await ctx.db.sql.query(
      "UPDATE physicians SET last_name = 'Aardvark', specialty = 'Space Medicine', city = 'Zzyzx', skills = '{Zero Gravity}' WHERE id IN (10, 20, 30)",
    );
    await ctx.db.sql.query('DELETE FROM physicians WHERE id IN (11, 21, 31)');
    await insertPhysician(ctx.db, {
      id: 100001,
      firstName: 'Ada',
      lastName: 'Aardvark',
      specialty: 'space medicine',
      city: 'Abbeville',
      state: 'SC',
      skills: ['Zero Gravity', 'Leadership'],
    });
    await directory.directoryChanged({ ids: [10, 20, 30, 11, 21, 31, 100001] });
    expect(directory.index.deadRows).toBe(3);
    for (const input of [
      { query: 'aardvark' },
      { specialty: 'space' },
      { skills: 'zero gravity' },
      { query: 'a' },
      {},
    ]) {
      for (const [sortKey, sortDirection] of SORTS) await compare(input, sortKey, sortDirection, 0);
    }
    expect(
      directory.index.search(toCriteria({}), { sortKey: 'name', sortDirection: 'asc', offset: 0, limit: 0 })
        .total,
    ).toBe(ROWS - 2);
  });
});
