import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchPhysiciansQuery } from '../../../contract/directory';
import { loadDemoDirectory } from '../../db/seed/demo';
import { createTestContext, type TestAgent } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { resolveSort, toCriteria } from './search-index/query/criteria';
import { fixtureId, JUDGED_ROWS, judgedQueries, type JudgedKind, type JudgedRow } from '../../test/support/directory/judged-queries';
import { naiveSearch } from '../../test/support/directory/naive-search';

/*
 * The judged query set (judged-queries.ts) on 3,000 demo physicians and the fixture's own rows,
 * through the API (the in-memory index) and the reference SQL (naive-search.ts), which must give
 * the same first 25. Prints precision at 25 per kind.
 */

const DEMO_ROWS = 3000;
const ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
afterAll(() => ctx.close());
let premium: TestAgent;
const rows = new Map<number, JudgedRow>();

beforeAll(async () => {
  await loadDemoDirectory(ctx.driver, { count: DEMO_ROWS });
  await insertPhysicians(
    ctx.db,
    JUDGED_ROWS.map((r, k) => ({
      id: fixtureId(DEMO_ROWS, k),
      npi: r.npi,
      firstName: r.firstName,
      lastName: r.lastName,
      title: r.title,
      credential: r.credential,
      specialty: r.specialty,
      subSpecialty: r.subSpecialty,
      organization: r.organization,
      city: r.city,
      state: r.state,
      skills: r.skills,
      source: 'resume' as const,
    })),
  );
  await ctx.deps.services.directory.directoryChanged();
  premium = (await ctx.signedInAgent({ tier: 'premium' })).agent;
  const { rows: all } = await ctx.db.sql.query<JudgedRow>(
    `SELECT id, npi, first_name AS "firstName", last_name AS "lastName", title, credential, specialty,
       sub_specialty AS "subSpecialty", organization, city, state, skills FROM physicians`,
  );
  for (const r of all) rows.set(r.id, r);
}, 120_000);

const QUERIES = judgedQueries(DEMO_ROWS);
const TOP = 25;
const precision = new Map<JudgedKind, number[]>();

describe('the judged query set', () => {
  it('has at least 60 queries, of every kind', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(QUERIES.map((q) => q.kind)).size).toBe(12);
  });

  it.each(QUERIES.map((q) => [`${q.kind}: ${q.query}`, q] as const))('%s', async (_label, q) => {
    const res = await premium.get(`/api/physicians?${new URLSearchParams({ query: q.query })}`);
    expect(res.status, res.text).toBe(200);
    const ids: number[] = res.body.results.map((r: { id: number }) => r.id);
    expect(res.body.correctedQuery).toBe(q.corrected ?? null);
    expect(res.body.unheldWords.map((w: { message: string }) => w.message)).toEqual(q.unheld ?? []);

    // The reference SQL reads the query the search read, and gives the same first page.
    const request = SearchPhysiciansQuery.parse({ query: res.body.correctedQuery ?? q.query });
    const criteria = toCriteria(request);
    const naive = await naiveSearch(ctx.db, criteria, {
      ...resolveSort(request, criteria),
      offset: 0,
      limit: TOP,
    });
    expect({ total: res.body.total, ids }).toEqual(naive);

    const top = ids.slice(0, TOP);
    if (q.ids) {
      expect([...ids].sort((a, b) => a - b)).toEqual([...q.ids].sort((a, b) => a - b));
      expect(res.body.total).toBe(q.ids.length);
    }
    const all = q.includes || q.excludes ? await everyMatch(q.query) : [];
    for (const id of q.includes ?? []) expect(all, `includes ${id}`).toContain(id);
    for (const id of q.excludes ?? []) expect(all, `excludes ${id}`).not.toContain(id);

    if (q.first) {
      const has = top.map((id) => q.first!(rows.get(id)!));
      const firstWithout = has.indexOf(false);
      expect(firstWithout === -1 || !has.slice(firstWithout).includes(true), `order: ${JSON.stringify(has)}`).toBe(true);
      expect(has[0], 'the first result').toBe(true);
    }
    const good = q.ids
      ? top.filter((id) => q.ids!.includes(id)).length
      : top.filter((id) => q.property!(rows.get(id)!)).length;
    const score = top.length ? good / top.length : q.ids?.length === 0 ? 1 : 0;
    precision.set(q.kind, [...(precision.get(q.kind) ?? []), score]);
    const misses = q.property
      ? top.filter((id) => !q.property!(rows.get(id)!)).map((id) => rows.get(id))
      : [];
    expect(
      score,
      `precision at ${TOP}; misses: ${JSON.stringify(misses.slice(0, 3))}`,
    ).toBeGreaterThanOrEqual(q.minPrecision ?? 1);
  });

  it.each(QUERIES.filter((q) => q.corrected).map((q) => [q.query, q] as const))(
    "facets and Select All count what the corrected search '%s' shows",
    async (_label, q) => {
      const query = new URLSearchParams({ query: q.query });
      const search = await premium.get(`/api/physicians?${query}`);
      expect(search.body.total).toBeGreaterThan(0);
      const facets = await premium.get(`/api/directory/facets?${query}`);
      expect(facets.status, facets.text).toBe(200);
      const specialtyTotal = facets.body.specialty.reduce((sum: number, f: { count: number }) => sum + f.count, 0);
      expect(specialtyTotal).toBe(search.body.total);
      const all = await premium.get(`/api/physicians/select-all?${query}`);
      expect(all.status, all.text).toBe(200);
      expect(all.body.total).toBe(search.body.total);
      expect(all.body.ids.slice(0, search.body.results.length)).toEqual(
        search.body.results.map((r: { id: number }) => r.id),
      );
      // Spelling as typed: the typo finds nothing, and its facets and Select All say so.
      const exact = new URLSearchParams({ query: q.query, spelling: 'exact' });
      const exactFacets = await premium.get(`/api/directory/facets?${exact}`);
      expect(exactFacets.body.specialty.every((f: { count: number }) => f.count === 0)).toBe(true);
      expect((await premium.get(`/api/physicians/select-all?${exact}`)).body.total).toBe(0);
    },
  );

  it('prints precision at 25 per kind', () => {
    const table = [...precision].map(([kind, scores]) => ({
      kind,
      queries: scores.length,
      'precision@25': Number((scores.reduce((a, b) => a + b, 0) / scores.length).toFixed(3)),
      worst: Number(Math.min(...scores).toFixed(3)),
    }));
    console.log(`judged query set (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}):`);
    console.table(table);
    expect(table.length).toBe(12);
  });
});

/** Every match of a query (all pages), as ids. */
async function everyMatch(query: string): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; ; page++) {
    const res = await premium.get(`/api/physicians?${new URLSearchParams({ query, page: String(page) })}`);
    out.push(...res.body.results.map((r: { id: number }) => r.id));
    if (page >= res.body.pageCount) return out;
  }
}
