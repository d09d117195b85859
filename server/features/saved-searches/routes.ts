import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  CreateSavedSearchRequest,
  ListSavedSearchesResponse,
  SavedSearch,
} from '../../../contract/saved-searches';
import type { AppEnv } from '../../lib/context';
import { errorResponse, json, jsonBody, signedIn } from '../../lib/openapi';
import { enforceRateLimits } from '../../lib/rate-limit';
import { capabilityGuard, requireCapability } from '../auth/session';
import * as savedSearches from './service';

const guard = capabilityGuard('lists:use');
const unauthenticated = { 401: errorResponse('Not signed in') };
const rateLimited = { 429: errorResponse('Too many saved-search changes: wait (Retry-After) and try again') };

/** Every save and delete counts against the caller's allowance (saved-searches/rate-limits.ts). */
function limitWrites(c: Context<AppEnv>, userId: string): Promise<void> {
  return enforceRateLimits([[c.var.deps.services.savedSearchRateLimits.writesPerUser, userId]]);
}

const listSavedSearches = createRoute({
  method: 'get',
  path: '/saved-searches',
  operationId: 'listSavedSearches',
  middleware: guard,
  tags: ['saved-searches'],
  summary: 'The signed-in user’s saved searches, newest first',
  security: signedIn,
  responses: {
    200: { description: 'Saved searches', ...json(ListSavedSearchesResponse) },
    ...unauthenticated,
  },
});

const createSavedSearch = createRoute({
  method: 'post',
  path: '/saved-searches',
  operationId: 'createSavedSearch',
  middleware: guard,
  tags: ['saved-searches'],
  summary: 'Save the current search (query, every filter, sort) under a name',
  security: signedIn,
  request: jsonBody(CreateSavedSearchRequest),
  responses: {
    201: { description: 'The saved search', ...json(SavedSearch) },
    400: errorResponse('A bad field (named in error.fields)'),
    ...unauthenticated,
    ...rateLimited,
  },
});

const deleteSavedSearch = createRoute({
  method: 'delete',
  path: '/saved-searches/{id}',
  operationId: 'deleteSavedSearch',
  middleware: guard,
  tags: ['saved-searches'],
  summary: 'Delete one of the signed-in user’s saved searches',
  security: signedIn,
  request: { params: z.object({ id: z.string().max(64) }) },
  responses: {
    204: { description: 'Deleted' },
    ...unauthenticated,
    404: errorResponse('No such saved search among the caller’s own'),
    ...rateLimited,
  },
});

/** Any signed-in user, free included, saves, applies and deletes their own searches. */
export const savedSearchesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listSavedSearches, async (c) => {
    const user = requireCapability(c, 'lists:use');
    return c.json(
      { savedSearches: await savedSearches.listSavedSearches({ db: c.var.deps.db, userId: user.id }) },
      200,
    );
  })
  .openapi(createSavedSearch, async (c) => {
    const user = requireCapability(c, 'lists:use');
    await limitWrites(c, user.id);
    const { name, params } = c.req.valid('json');
    return c.json(
      await savedSearches.createSavedSearch({ db: c.var.deps.db, userId: user.id, name, params }),
      201,
    );
  })
  .openapi(deleteSavedSearch, async (c) => {
    const user = requireCapability(c, 'lists:use');
    await limitWrites(c, user.id);
    await savedSearches.deleteSavedSearch({
      db: c.var.deps.db,
      userId: user.id,
      id: c.req.valid('param').id,
    });
    return c.body(null, 204);
  });
