import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestAgent } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';

/*
 * Words that name no field the directory holds (ADR 052, contract/unheld-words.ts) through the
 * API: left out of the search and said so; alone, they find nobody, and the facets, Select All and
 * a list's search agree.
 */

const ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
afterAll(() => ctx.close());
let premium: TestAgent;

beforeAll(async () => {
  await insertPhysicians(ctx.db, [
    { firstName: 'Erin', lastName: 'Moss', specialty: 'Emergency Medicine', city: 'Boston', state: 'MA' },
    { firstName: 'Ed', lastName: 'Kane', specialty: 'Emergency Medicine', city: 'Denver', state: 'CO' },
    { firstName: 'Ana', lastName: 'Ruiz', specialty: 'Anesthesiology', city: 'Boston', state: 'MA' },
    {
      firstName: 'Ned',
      lastName: 'Park',
      specialty: 'Family Medicine',
      organization: 'Boston Family Health',
      city: 'Salem',
      state: 'MA',
    },
  ]);
  await ctx.deps.services.directory.directoryChanged();
  premium = (await ctx.signedInAgent({ tier: 'premium' })).agent;
});

const search = (query: string) => premium.get(`/api/physicians?${new URLSearchParams({ query })}`);

describe('a word of no field we hold', () => {
  it('alone finds nobody, and says who CRNAs are and what the directory lists', async () => {
    const res = await search('CRNA');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ total: 0, results: [], correctedQuery: null });
    expect(res.body.unheldWords).toEqual([
      {
        text: 'CRNA',
        kind: 'clinician',
        message:
          'CRNAs are nurse anesthetists, not physicians: PhysicianDirect lists physicians and physician assistants.',
        instead: 'anesthesiologist',
      },
    ]);
    const facets = await premium.get('/api/directory/facets?query=CRNA');
    expect(facets.status, facets.text).toBe(200);
    expect(facets.body.specialty.every((f: { count: number }) => f.count === 0)).toBe(true);
    const all = await premium.get('/api/physicians/select-all?query=CRNA');
    expect(all.body).toMatchObject({ total: 0, ids: [] });
    expect(ctx.deps.services.directory.filterIds([1, 2, 3, 4], 'nurse practitioner')).toEqual([]);
  });

  it("beside other words is left out, and the page says so ('emergency medicine locum')", async () => {
    const plain = await search('emergency medicine');
    const res = await search('emergency medicine LOCUMS');
    expect(res.body.total).toBe(2);
    expect(res.body.results.map((r: { id: number }) => r.id)).toEqual(
      plain.body.results.map((r: { id: number }) => r.id),
    );
    expect(res.body.unheldWords).toEqual([
      {
        text: 'LOCUMS',
        kind: 'job',
        message:
          "'LOCUMS' is a kind of job, not a field: PhysicianDirect lists physicians by specialty and place, not the work they are looking for.",
        instead: null,
      },
    ]);
    expect(plain.body.unheldWords).toEqual([]);
  });

  it("is a piece of a several-word query: 'crna boston' looks for Boston as a city too", async () => {
    const res = await search('crna boston');
    expect(res.body.results.map((r: { lastName: string }) => r.lastName).sort()).toEqual([
      'Moss',
      'Park',
      'Ruiz',
    ]);
    expect(res.body.unheldWords.map((w: { text: string }) => w.text)).toEqual(['crna']);
  });

  it('is never read as a misspelling, and survives a corrected query', async () => {
    const res = await search('emergncy locum');
    expect(res.body.correctedQuery).toBe('emergency locum');
    expect(res.body.unheldWords.map((w: { text: string }) => w.text)).toEqual(['locum']);
    expect((await search('locums')).body.correctedQuery).toBeNull();
  });
});
