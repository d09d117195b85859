import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchPhysiciansQuery } from '../../../contract/directory';
import { createTestContext } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { resolveSort, toCriteria } from '.';
import { naiveSearch } from '../../test/support/directory/naive-search';

/*
 * Recruiters' words about places (ADR 020): a city's short and long spellings find each other in
 * the search box ('st louis' and 'saint louis', 'ft wayne' and 'fort wayne'), in the index and in
 * the reference SQL alike, ranked alike.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

const CITIES: Array<[number, string, string]> = [
  [1, 'SAINT LOUIS', 'MO'],
  [2, 'ST LOUIS', 'MO'],
  [3, 'St. Louis', 'MO'],
  [4, 'ST LOUIS PARK', 'MN'],
  [5, 'FORT WAYNE', 'IN'],
  [6, 'FT WAYNE', 'IN'],
  [7, 'STAMFORD', 'CT'],
  [8, 'MOUNT VERNON', 'IL'],
  [9, 'MT. VERNON', 'IL'],
  [10, 'LOUISVILLE', 'KY'],
];

beforeAll(async () => {
  await insertPhysicians(
    ctx.db,
    CITIES.map(([id, city, state]) => ({
      id,
      npi: String(1_300_000_000 + id),
      firstName: 'Dana',
      // St Louis Park's physician first by name: the order below is the city's, not the name's.
      lastName: id === 4 ? 'Placeword0' : `Placeword${String.fromCharCode(96 + id)}`,
      specialty: 'Cardiology',
      city,
      state,
    })),
  );
  await ctx.deps.services.directory.directoryChanged();
});

/** The ids a query finds in the index, checked against the reference SQL (same rows, same order). */
async function found(query: string): Promise<number[]> {
  const request = SearchPhysiciansQuery.parse({ query });
  const criteria = toCriteria(request);
  const sort = { ...resolveSort(request, criteria), offset: 0, limit: 100 };
  const index = ctx.deps.services.directory.index.search(criteria, sort);
  expect(index, query).toEqual(await naiveSearch(ctx.db, criteria, sort));
  return index.ids;
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe("a city's spellings", () => {
  it("'st louis', 'saint louis' and 'st. louis' find the same physicians", async () => {
    const stLouis = await found('cardiology st louis');
    expect(sorted(stLouis)).toEqual([1, 2, 3, 4]);
    // The whole city named ranks above a city that only begins with it (St Louis Park).
    expect(stLouis.slice(3)).toEqual([4]);
    expect((await found('saint louis')).slice(3)).toEqual([4]);
    expect(sorted(await found('cardiology saint louis'))).toEqual([1, 2, 3, 4]);
    expect(sorted(await found('cardiology st. louis'))).toEqual([1, 2, 3, 4]);
    expect(sorted(await found('st louis mo'))).toEqual([1, 2, 3]);
  });

  it("'ft wayne' finds Fort Wayne, 'mount vernon' Mt. Vernon, and 'st' still begins Stamford", async () => {
    expect(sorted(await found('cardiology ft wayne'))).toEqual([5, 6]);
    expect(sorted(await found('cardiology fort wayne'))).toEqual([5, 6]);
    expect(sorted(await found('cardiology mount vernon'))).toEqual([8, 9]);
    expect(sorted(await found('cardiology mt vernon'))).toEqual([8, 9]);
    expect(await found('cardiology stam')).toEqual([7]);
    // 'louis' alone begins Louisville too: only the place words are spelled both ways.
    expect(sorted(await found('cardiology louis'))).toEqual([1, 2, 3, 4, 10]);
  });
});
