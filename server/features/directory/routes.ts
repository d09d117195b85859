import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  FacetsResponse,
  PhysicianProfile,
  SearchPhysiciansQuery,
  SEARCH_TYPING_HEADER,
  SearchPhysiciansResponse,
  SearchTypingHeaders,
  SearchTypingResponseHeaders,
  SelectAllPhysiciansResponse,
  SpecialtyCountsResponse,
} from '../../../contract/directory';
import { HospitalOptionsQuery, HospitalOptionsResponse } from '../../../contract/affiliations';
import { SELECT_ALL_MAX } from '../../../contract/limits';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context';
import { clientIp, enforceRateLimits, rateLimitedError, type RateLimiter } from '../../lib/rate-limit';
import {
  anyClientError,
  errorResponse,
  json,
  publicAccess,
  publicOrApiKey,
  signedInOrApiKey,
} from '../../lib/openapi';
import { capabilityGuard } from '../../lib/guards';
import { searchUpfrontCost, searchWorkCharge, typingWorkCharge } from './rate-limits';
import type { WorkMeter } from './service';
import { continuedTyping, filtersKey, typingToken } from './typing';

const searchPhysicians = createRoute({
  method: 'get',
  path: '/physicians',
  operationId: 'searchPhysicians',
  tags: ['directory'],
  // Anyone may search; the session or API key, when present, decides the cap (free and anonymous: 20 rows).
  security: publicOrApiKey,
  summary:
    'Search the directory: 25 per page with the exact total (free and anonymous callers: the first 20 rows only)',
  request: { query: SearchPhysiciansQuery, headers: SearchTypingHeaders },
  responses: {
    200: { description: 'One page of results', headers: SearchTypingResponseHeaders, ...json(SearchPhysiciansResponse) },
    400: errorResponse('A bad parameter (a query of more than 200 characters or 10 words names query)'),
    401: errorResponse('An invalid or revoked API key (without one the call is anonymous)'),
    429: errorResponse(
      'Too many searches (an allowance per user, or per address when anonymous, shared with the facets and counted by cost; the keys of a typed query have their own, ADR 051): wait (Retry-After) and try again',
    ),
  },
});

const selectAllPhysicians = createRoute({
  method: 'get',
  path: '/physicians/select-all',
  operationId: 'selectAllPhysicians',
  middleware: capabilityGuard('selection:all'),
  tags: ['directory'],
  summary:
    'Select All: the ids of up to 500 matches of the whole search (query, every filter, sort); premium or admin',
  security: signedInOrApiKey,
  request: { query: SearchPhysiciansQuery },
  responses: {
    200: {
      description: 'The ids in the search order, and how many matched',
      ...json(SelectAllPhysiciansResponse),
    },
    400: errorResponse('A bad parameter'),
    401: errorResponse('Not signed in'),
    403: errorResponse('The plan does not include Select All (premium or admin)'),
    429: errorResponse('Too many searches (shared with the search and its facets): wait (Retry-After)'),
  },
});

const getPhysician = createRoute({
  method: 'get',
  path: '/physicians/{id}',
  operationId: 'getPhysician',
  tags: ['directory'],
  security: publicOrApiKey,
  summary: 'One physician profile (no contact values: those come only from the reveal call)',
  request: { params: z.object({ id: z.string().max(20) }) },
  responses: {
    200: { description: 'The profile', ...json(PhysicianProfile) },
    400: errorResponse('The id is longer than 20 characters'),
    401: errorResponse('An invalid or revoked API key (without one the call is anonymous)'),
    404: errorResponse('Physician Not Found'),
    429: errorResponse('Too many profile reads: wait (Retry-After) and try again'),
  },
});

const getSpecialties = createRoute({
  method: 'get',
  path: '/specialties',
  operationId: 'listSpecialties',
  tags: ['directory'],
  security: publicAccess,
  summary: 'Physicians per specialty, merged case-insensitively, most common first',
  responses: {
    200: { description: 'Specialty counts', ...json(SpecialtyCountsResponse) },
    ...anyClientError,
  },
});

const getFacets = createRoute({
  method: 'get',
  path: '/directory/facets',
  operationId: 'getDirectoryFacets',
  tags: ['directory'],
  security: publicAccess,
  summary:
    "The values behind each search filter, counted over the current search (the same query string) without that filter's own selection",
  request: { query: SearchPhysiciansQuery, headers: SearchTypingHeaders },
  responses: {
    200: { description: 'Facets', headers: SearchTypingResponseHeaders, ...json(FacetsResponse) },
    400: errorResponse('A bad parameter (a query of more than 200 characters or 10 words names query)'),
    429: errorResponse(
      'Too many searches (the allowance of the search, shared): wait (Retry-After) and try again',
    ),
  },
});

const getHospitalOptions = createRoute({
  method: 'get',
  path: '/directory/hospitals',
  operationId: 'listHospitalOptions',
  tags: ['directory'],
  security: publicAccess,
  summary:
    "The 'Affiliated with' type-ahead: hospitals and other CMS facilities whose names start words with those of q, counted over the current search (the same query string) without its own affiliatedWith, most common first (20, plus those chosen)",
  request: { query: SearchPhysiciansQuery.extend(HospitalOptionsQuery.shape), headers: SearchTypingHeaders },
  responses: {
    200: { description: 'Facilities with counts', headers: SearchTypingResponseHeaders, ...json(HospitalOptionsResponse) },
    400: errorResponse('A bad parameter (q of more than 100 characters, or a bad filter)'),
    429: errorResponse('Too many searches (the allowance of the search, shared): wait (Retry-After) and try again'),
  },
});

/**
 * Directory reads are limited per user when signed in, per IP otherwise, so the free cap cannot
 * be walked around by sheer volume.
 */
function limitReads(c: Context<AppEnv>, perUser: RateLimiter, perIp: RateLimiter): Promise<void> {
  const user = c.var.currentUser;
  if (user) return enforceRateLimits([[perUser, user.id]]);
  return enforceRateLimits([[perIp, clientIp(c, c.var.deps.env.TRUST_PROXY)]]);
}

/**
 * Runs one search-like call (search, facets, Select All) within the caller's search allowance
 * (ADR 027): its query's words are paid before, the index work it caused beyond that after. A
 * search or facets call (`typing`) that continues the typed query of the caller's last answer
 * pays the typing allowance instead, and only its work beyond TYPING_FREE_WORK_MS from the search
 * allowance; its answer carries the next typing token (ADR 051).
 */
async function withinSearchAllowance<T, E extends AppEnv>(
  c: Context<E>,
  query: Record<string, unknown> & { query?: string },
  work: (meter: WorkMeter) => Promise<T>,
  typing?: { token: string | undefined; countSearch?: boolean },
): Promise<T> {
  const { db, services, env } = c.var.deps;
  const limits = services.directoryRateLimits;
  const user = c.var.currentUser;
  const key = user ? user.id : clientIp(c, env.TRUST_PROXY);
  const [limiter, typingLimiter] = user
    ? [limits.searchPerUser, limits.typingPerUser]
    : [limits.searchPerIp, limits.typingPerIp];
  const call = { caller: `${user ? 'user' : 'ip'}:${key}`, filters: filtersKey(query), query: query.query, now: Date.now() };
  const hops = typing ? await continuedTyping(db, typing.token, call) : null;
  const upfront = hops === null ? searchUpfrontCost(query.query) : 0;
  const result = hops === null ? await limiter.consume(key, upfront) : await typingLimiter.consume(key);
  if (!result.allowed) throw rateLimitedError(result.retryAfterMs);
  const meter: WorkMeter = { busyMs: 0 };
  const value = await work(meter);
  await limiter.charge(key, hops === null ? searchWorkCharge(meter.busyMs, upfront) : typingWorkCharge(meter.busyMs));
  if (typing) {
    c.header(SEARCH_TYPING_HEADER, await typingToken(db, { ...call, issuedAt: call.now, hops: (hops ?? -1) + 1 }));
  }
  // A team's usage page counts searches: a new one, not each key of a typed query (ADR 061).
  if (typing?.countSearch && hops === null && user?.teamId) services.searchCounts.add({ userId: user.id, teamId: user.teamId });
  return value;
}

export const directoryRoutes = new OpenAPIHono<AppEnv>()
  // Before /physicians/{id}, which would otherwise take 'select-all' for an id.
  .openapi(selectAllPhysicians, async (c) => {
    const query = c.req.valid('query');
    const { ids, total } = await withinSearchAllowance(c, query, (meter) =>
      c.var.deps.services.directory.selectAllIdsInSlices(query, meter, c.var.currentUser),
    );
    c.header('Cache-Control', 'private, no-store');
    return c.json({ ids, total, limit: SELECT_ALL_MAX }, 200);
  })
  .openapi(searchPhysicians, async (c) => {
    const query = c.req.valid('query');
    const response = await withinSearchAllowance(
      c,
      query,
      (meter) => c.var.deps.services.directory.search(query, c.var.currentUser, meter),
      { token: c.req.valid('header')[SEARCH_TYPING_HEADER], countSearch: true },
    );
    // The rows depend on who asks (free callers see 20), so no shared cache may keep them.
    c.header('Cache-Control', 'private, no-store');
    return c.json(response, 200);
  })
  .openapi(getPhysician, async (c) => {
    const limits = c.var.deps.services.directoryRateLimits;
    await limitReads(c, limits.profilePerUser, limits.profilePerIp);
    const raw = c.req.valid('param').id;
    // A non-numeric id names no physician: the same 404 as an unknown one.
    const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    const profile = await c.var.deps.services.directory.getProfile(id, c.var.currentUser);
    return c.json(profile, 200);
  })
  .openapi(getSpecialties, (c) => c.json(c.var.deps.services.directory.specialtyCounts(), 200))
  .openapi(getHospitalOptions, async (c) => {
    const { q, ...query } = c.req.valid('query');
    const hospitals = await withinSearchAllowance(
      c,
      query,
      (meter) => c.var.deps.services.directory.hospitalOptions(query, q, c.var.currentUser, meter),
      { token: c.req.valid('header')[SEARCH_TYPING_HEADER] },
    );
    return c.json(hospitals, 200);
  })
  .openapi(getFacets, async (c) => {
    const query = c.req.valid('query');
    const facets = await withinSearchAllowance(
      c,
      query,
      (meter) => c.var.deps.services.directory.facetsInSlices(query, c.var.currentUser, meter),
      { token: c.req.valid('header')[SEARCH_TYPING_HEADER] },
    );
    return c.json(facets, 200);
  });
