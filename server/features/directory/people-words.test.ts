import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchPhysiciansQuery } from '../../../contract/directory';
import { createTestContext } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { resolveSort, toCriteria } from '.';
import { naiveSearch } from '../../test/support/directory/naive-search';
import { readQuery } from './search-index/query/reading';

/*
 * Recruiters' words about people (ADR 020): 'Dr' before a name is no word to find, 'PhD' and
 * 'MD PhD' are credentials (a stored 'MD, PHD' holds both), 'resident', 'fellow' and 'in
 * training' mean the in-training status; in the index and the reference SQL alike.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

beforeAll(async () => {
  const base = { firstName: 'Rowan', specialty: 'Neurology', city: 'Denver', state: 'CO' };
  await insertPhysicians(ctx.db, [
    { id: 1, lastName: 'Eller', credential: 'MD', ...base },
    { id: 2, lastName: 'Okafor', credential: 'MD, PHD', ...base },
    { id: 3, lastName: 'Lindgren', credential: 'M.D./Ph.D.', ...base },
    { id: 4, lastName: 'Abara', credential: 'PhD', ...base },
    { id: 5, lastName: 'Tanaka', credential: 'DO', inTraining: true, ...base },
    { id: 6, lastName: 'Drummond', credential: 'MD', inTraining: true, ...base },
  ]);
  await ctx.deps.services.directory.directoryChanged();
});

async function found(query: string, more: Record<string, string> = {}): Promise<number[]> {
  const request = SearchPhysiciansQuery.parse({ query, ...more });
  const criteria = toCriteria(request);
  const sort = { ...resolveSort(request, criteria), offset: 0, limit: 100 };
  const index = ctx.deps.services.directory.index.search(criteria, sort);
  expect(index, query).toEqual(await naiveSearch(ctx.db, criteria, sort));
  return [...index.ids].sort((a, b) => a - b);
}

describe('words about people', () => {
  it("'Dr', 'Dr.' and 'Doctor' before a name are not searched; alone they are a word like any", async () => {
    expect(await found('dr eller')).toEqual([1]);
    expect(await found('Dr. Eller')).toEqual([1]);
    expect(await found('doctor eller')).toEqual([1]);
    expect(await found('dr')).toEqual([6]); // Drummond: 'dr' alone is the start of a name
  });

  it("'PhD' and 'MD PhD' find the credentials that hold them", async () => {
    expect(await found('phd')).toEqual([2, 3, 4]);
    expect(await found('md phd')).toEqual([2, 3]);
    expect(await found('MD')).toEqual([1, 2, 3, 6]);
    expect(await found('neurology phd')).toEqual([2, 3, 4]);
  });

  it("'resident', 'fellow' and 'in training' mean the in-training status; a filter saying otherwise wins", async () => {
    expect(await found('resident')).toEqual([5, 6]);
    expect(await found('neurology fellows')).toEqual([5, 6]);
    expect(await found('in training')).toEqual([5, 6]);
    expect(await found('md resident')).toEqual([6]);
    expect(readQuery('resident', { inTraining: false })).toMatchObject({ inTraining: false, words: ['resident'] });
    expect(await found('resident', { inTraining: 'false' })).toEqual([]);
  });
});
