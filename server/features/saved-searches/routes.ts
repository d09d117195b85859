import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  CreateSavedSearchRequest,
  ListSavedSearchesResponse,
  SavedSearch,
  UnsubscribeAlertRequest,
  UnsubscribeAlertResponse,
  UpdateSavedSearchRequest,
} from '../../../contract/saved-searches';
import type { AppEnv } from '../../lib/context';
import { errorResponse, json, jsonBody, publicAccess, signedIn } from '../../lib/openapi';
import { clientIp, enforceRateLimits } from '../../lib/rate-limit';
import { capabilityGuard } from '../../lib/guards';
import * as savedSearches from './service';

const guard = capabilityGuard('lists:use');
const unauthenticated = { 401: errorResponse('Not signed in') };
const rateLimited = { 429: errorResponse('Too many saved-search changes: wait (Retry-After) and try again') };

/** Every save and delete counts against the caller's allowance (saved-searches/rate-limits.ts). */
function limitWrites<E extends AppEnv>(c: Context<E>, userId: string): Promise<void> {
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
    400: errorResponse('A bad field (named in error.fields), or the saved-search limit reached (20 free, 500 paid; error.fields.name)'),
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

const updateSavedSearch = createRoute({
  method: 'patch',
  path: '/saved-searches/{id}',
  operationId: 'updateSavedSearch',
  middleware: guard,
  tags: ['saved-searches'],
  summary: 'Turn the new-match alert of one of the signed-in user’s saved searches on (daily, weekly) or off',
  security: signedIn,
  request: { params: z.object({ id: z.string().max(64) }), ...jsonBody(UpdateSavedSearchRequest) },
  responses: {
    200: { description: 'The saved search', ...json(SavedSearch) },
    400: errorResponse('A bad field (named in error.fields)'),
    ...unauthenticated,
    404: errorResponse('No such saved search among the caller’s own'),
    ...rateLimited,
  },
});

const unsubscribeAlert = createRoute({
  method: 'post',
  path: '/saved-searches/{id}/unsubscribe',
  operationId: 'unsubscribeSavedSearchAlert',
  tags: ['saved-searches'],
  summary: 'The one-click unsubscribe link of an alert digest: turns that saved search’s alert off (signed link, no sign-in)',
  security: publicAccess,
  request: { params: z.object({ id: z.string().max(64) }), ...jsonBody(UnsubscribeAlertRequest) },
  responses: {
    200: { description: 'The alert is off', ...json(UnsubscribeAlertResponse) },
    400: errorResponse('The signature is missing or not this link’s (error.fields.signature)'),
    404: errorResponse('The saved search no longer exists'),
    429: errorResponse('Too many attempts: wait (Retry-After) and try again'),
  },
});

/** Any signed-in user, free included, saves, applies and deletes their own searches. */
export const savedSearchesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listSavedSearches, async (c) => {
    const user = c.var.user;
    return c.json(
      { savedSearches: await savedSearches.listSavedSearches({ db: c.var.deps.db, userId: user.id }) },
      200,
    );
  })
  .openapi(createSavedSearch, async (c) => {
    const user = c.var.user;
    await limitWrites(c, user.id);
    const { name, params } = c.req.valid('json');
    return c.json(
      await savedSearches.createSavedSearch({
        db: c.var.deps.db,
        userId: user.id,
        capabilities: user.capabilities,
        name,
        params,
      }),
      201,
    );
  })
  .openapi(updateSavedSearch, async (c) => {
    const user = c.var.user;
    await limitWrites(c, user.id);
    return c.json(
      await savedSearches.setAlert({
        db: c.var.deps.db,
        userId: user.id,
        id: c.req.valid('param').id,
        alert: c.req.valid('json').alert,
      }),
      200,
    );
  })
  .openapi(unsubscribeAlert, async (c) => {
    await enforceRateLimits([[c.var.deps.services.savedSearchRateLimits.unsubscribesPerAddress, clientIp(c, c.var.deps.env.TRUST_PROXY)]]);
    return c.json(
      await savedSearches.unsubscribeAlert({
        db: c.var.deps.db,
        id: c.req.valid('param').id,
        signature: c.req.valid('json').signature,
      }),
      200,
    );
  })
  .openapi(deleteSavedSearch, async (c) => {
    const user = c.var.user;
    await limitWrites(c, user.id);
    await savedSearches.deleteSavedSearch({
      db: c.var.deps.db,
      userId: user.id,
      id: c.req.valid('param').id,
    });
    return c.body(null, 204);
  });
