import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_KEYS, SearchPhysiciansQuery, TEAM_FILTER_KEYS, VIEW_KEYS } from '../../../contract/directory';
import { PLANS } from '../../../contract/billing';
import { loadDemoDirectory } from '../../db/seed/demo';
import { createTestContext, type TestAgent } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { resolveSort, toCriteria } from './search-index/query/criteria';
import { EARTH_RADIUS_MILES, haversineMiles, resolveNear, zipTable } from './geo';
import { naiveSearch } from '../../test/support/directory/naive-search';
import { stateCode } from './search-index/query/criteria';

/*
 * Radius search (ADR 023): the great-circle distance against known pairs, and every
 * radius search's total and order against a brute-force distance filter over the whole fixture
 * (each physician's ZIP centroid, no bounding box), through the API and the reference SQL.
 */

describe('great-circle distance (haversine, R = 3958.8 mi)', () => {
  // Reference values: the same formula and radius worked by hand (spherical Earth); published
  // "as the crow flies" figures for these city pairs agree within about 0.5%.
  const PAIRS: [string, [number, number], [number, number], number, number][] = [
    // name, from, to, miles, tolerance (miles)
    ['New York - Los Angeles', [40.7128, -74.006], [34.0522, -118.2437], 2445.6, 1],
    ['London - Paris', [51.5074, -0.1278], [48.8566, 2.3522], 213.5, 0.5],
    ['Boston - Houston (city halls)', [42.3601, -71.0589], [29.7604, -95.3698], 1603.1, 1],
    ['one degree of latitude', [0, 0], [1, 0], (Math.PI * EARTH_RADIUS_MILES) / 180, 1e-9],
    ['antipodes', [0, 0], [0, 180], Math.PI * EARTH_RADIUS_MILES, 1e-6],
    ['same point', [35.5, -97.5], [35.5, -97.5], 0, 0],
  ];
  for (const [name, [lat1, lon1], [lat2, lon2], miles, tolerance] of PAIRS) {
    it(`${name}: ${miles.toFixed(1)} mi (± ${tolerance})`, () => {
      expect(Math.abs(haversineMiles(lat1, lon1, lat2, lon2) - miles)).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(haversineMiles(lat2, lon2, lat1, lon1) - miles)).toBeLessThanOrEqual(tolerance);
    });
  }

  it('ZIP centroids: 10001 (Manhattan) to 90012 (downtown Los Angeles) is about 2,450 mi', () => {
    const { lat, lon } = zipTable();
    const d = haversineMiles(lat[10001], lon[10001], lat[90012], lon[90012]);
    expect(d).toBeGreaterThan(2440);
    expect(d).toBeLessThan(2455);
  });

  it("resolves a ZIP, a ZIP+4 and 'City, ST' (state code or name), and not an unknown one", () => {
    const houston = resolveNear('Houston, TX', stateCode)!;
    expect(houston.lat).toBeCloseTo(29.8, 0);
    expect(houston.lon).toBeCloseTo(-95.4, 0);
    expect(resolveNear('houston, texas', stateCode)).toEqual(houston);
    expect(resolveNear('St. Louis, MO', stateCode)).not.toBeNull();
    expect(resolveNear('77030', stateCode)).toEqual(resolveNear('77030-1234', stateCode));
    expect(resolveNear('00000', stateCode)).toBeNull();
    expect(resolveNear('Atlantis, TX', stateCode)).toBeNull();
    expect(resolveNear('Houston', stateCode)).toBeNull();
  });
});

const ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
afterAll(() => ctx.close());

const ROWS = 2000;
let premium: TestAgent;
/** id -> the ZIP centroid of every physician (null without a ZIP the package knows). */
let points: { id: number; lat: number; lon: number; specialty: string | null }[];

beforeAll(async () => {
  await loadDemoDirectory(ctx.driver, { count: ROWS });
  // Odd ZIPs beside the demo's real ones: ZIP+4, padded, unknown, missing.
  const odd: [string | null, string][] = [
    ['77030-1234', 'ZipPlusFour'],
    [' 77030 ', 'Padded'],
    ['00000', 'Unknown'],
    [null, 'Missing'],
  ];
  await insertPhysicians(
    ctx.db,
    odd.map(([zip, last], k) => ({
      id: ROWS + 1 + k,
      firstName: 'Zip',
      lastName: last,
      specialty: 'Cardiology',
      city: 'Houston',
      state: 'TX',
      zip,
    })),
  );
  await ctx.deps.services.directory.directoryChanged();
  premium = (await ctx.signedInAgent({ tier: 'premium' })).agent;
  const { lat, lon } = zipTable();
  const { rows } = await ctx.db.sql.query<{ id: number; zip: string | null; specialty: string | null }>(
    'SELECT id, zip, specialty FROM physicians ORDER BY id',
  );
  points = rows.flatMap((r) => {
    const five = r.zip?.trim().slice(0, 5) ?? '';
    if (!/^\d{5}$/.test(five) || Number.isNaN(lat[Number(five)])) return [];
    return [{ id: r.id, lat: lat[Number(five)], lon: lon[Number(five)], specialty: r.specialty }];
  });
});

/** Every physician within `miles` of the centre, nearest first (ties by id): computed row by row. */
function bruteForce(near: string, miles: number, keep: (p: (typeof points)[number]) => boolean = () => true) {
  const centre = resolveNear(near, stateCode)!;
  return points
    .map((p) => ({ id: p.id, d: haversineMiles(centre.lat, centre.lon, p.lat, p.lon), p }))
    .filter((x) => x.d <= miles && keep(x.p))
    .sort((a, b) => a.d - b.d || a.id - b.id)
    .map((x) => x.id);
}

const CENTRES = ['77030', 'Houston, TX', 'New York, NY', '60611', 'Kansas City, MO', '99501', 'Denver, CO'];
const RADII = [10, 25, 50, 100, 250] as const;

describe('radius search equals a brute-force distance filter', () => {
  it(`${CENTRES.length} centres x ${RADII.length} radii: totals and the whole distance order, API, index and SQL`, async () => {
    let nonEmpty = 0;
    for (const near of CENTRES) {
      for (const miles of RADII) {
        const expected = bruteForce(near, miles);
        if (expected.length > 0) nonEmpty++;
        const label = `${near} within ${miles}`;
        // The API: distance is the default order with a radius and no query.
        const res = await premium.get(
          `/api/physicians?${new URLSearchParams({ near, radius: String(miles) })}`,
        );
        expect(res.status, label).toBe(200);
        expect(res.body.total, label).toBe(expected.length);
        expect(
          res.body.results.map((r: { id: number }) => r.id),
          label,
        ).toEqual(expected.slice(0, 25));
        // The whole order, from the index and from the reference SQL.
        const request = SearchPhysiciansQuery.parse({ near, radius: String(miles) });
        const criteria = toCriteria(request);
        const sort = resolveSort(request, criteria);
        expect(sort.sortKey).toBe('distance');
        const all = { ...sort, offset: 0, limit: 5000 };
        expect(ctx.deps.services.directory.index.search(criteria, all), label).toEqual({
          total: expected.length,
          ids: expected,
        });
        expect(await naiveSearch(ctx.db, criteria, all), label).toEqual({
          total: expected.length,
          ids: expected,
        });
        // Farthest first reverses the order (ties by id descending too).
        const desc = ctx.deps.services.directory.index.search(criteria, { ...all, sortDirection: 'desc' });
        expect(desc.ids, label).toEqual([...expected].reverse());
      }
    }
    expect(nonEmpty).toBeGreaterThan(20);
  });

  it('combines with the other filters and a query, with the exact count', async () => {
    const expected = bruteForce('Houston, TX', 100, (p) => p.specialty === 'Cardiology');
    expect(expected.length).toBeGreaterThan(0);
    const res = await premium.get(
      '/api/physicians?near=Houston%2C%20TX&radius=100&specialty=Cardiology&sortKey=distance',
    );
    expect(res.body.total).toBe(expected.length);
    expect(res.body.results.map((r: { id: number }) => r.id)).toEqual(expected.slice(0, 25));
    // The ZIP+4 and padded ZIP rows are at 77030's centroid; the unknown and missing ones nowhere.
    const ids = bruteForce('77030', 10);
    expect(ids).toEqual(expect.arrayContaining([ROWS + 1, ROWS + 2]));
    expect(ids).not.toContain(ROWS + 3);
    expect(ids).not.toContain(ROWS + 4);
    // With a query the default order stays relevance; the count is the same filter's.
    const query = await premium.get('/api/physicians?near=77030&radius=10&query=zip');
    expect(query.body.total).toBe(2);
  });

  it('400s: an unknown ZIP or city names near; a radius without near names radius; distance without near', async () => {
    const cases: [string, string][] = [
      ['near=00000&radius=25', 'near'],
      ['near=Atlantis%2C%20TX&radius=25', 'near'],
      ['near=Houston&radius=25', 'near'],
      ['radius=25', 'radius'],
      ['near=77030&radius=30', 'radius'],
      ['sortKey=distance', 'sortKey'],
      ['zip=7703x', 'zip'],
      ['verifiedWithinMonths=5', 'verifiedWithinMonths'],
      ['addedSince=2026-02-30', 'addedSince'],
    ];
    for (const [qs, field] of cases) {
      const res = await premium.get(`/api/physicians?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {}), qs).toContain(field);
      if (field === 'sortKey') continue; // the facets take no sort
      const facets = await premium.get(`/api/directory/facets?${qs}`);
      expect(facets.status, `facets ${qs}`).toBe(400);
    }
    // near alone uses 25 miles.
    const alone = await premium.get('/api/physicians?near=77030');
    expect(alone.body.total).toBe(bruteForce('77030', 25).length);
  });
});

describe('the searchable parameters', () => {
  it('the OpenAPI document lists as many filtering query parameters as the pricing page promises', async () => {
    const doc = (await ctx.agent().get('/api/openapi.json')).body;
    const params: { name: string; in: string }[] = doc.paths['/api/physicians'].get.parameters;
    // The team's own filter (ADR 061) is about the team's work, not the directory's data.
    const notData: readonly string[] = [...VIEW_KEYS, ...TEAM_FILTER_KEYS];
    const filters = params.filter((p) => p.in === 'query' && !notData.includes(p.name)).map((p) => p.name);
    expect(params.map((p) => p.name)).toEqual(expect.arrayContaining([...TEAM_FILTER_KEYS]));
    const promised = PLANS.flatMap((plan) => plan.features)
      .map((feature) => /^(\d+) searchable parameters$/.exec(feature)?.[1])
      .filter(Boolean);
    expect(promised.length).toBeGreaterThan(0);
    for (const n of promised) expect(filters).toHaveLength(Number(n));
    expect(new Set(filters)).toEqual(new Set(FILTER_KEYS));
  });
});
