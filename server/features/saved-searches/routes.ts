import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  CreateSavedSearchRequest,
  FollowSavedSearchRequest,
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
const forbidden = { 403: errorResponse('A teammate’s shared search: only its creator or an owner or admin of the team may change or delete it') };
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
  summary: 'The signed-in user’s saved searches and those shared with their team, newest first',
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
  summary: 'Save the current search (query, every filter, sort) under a name, private or shared with the team',
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
  summary: 'Delete a saved search (its creator, or an owner or admin of the team it is shared with)',
  security: signedIn,
  request: { params: z.object({ id: z.string().max(64) }) },
  responses: {
    204: { description: 'Deleted' },
    ...unauthenticated,
    ...forbidden,
    404: errorResponse('No such saved search among those the caller sees'),
    ...rateLimited,
  },
});

const updateSavedSearch = createRoute({
  method: 'patch',
  path: '/saved-searches/{id}',
  operationId: 'updateSavedSearch',
  middleware: guard,
  tags: ['saved-searches'],
  summary: 'Turn a saved search’s new-match alert on (daily, weekly) or off; share it with the team or stop',
  security: signedIn,
  request: { params: z.object({ id: z.string().max(64) }), ...jsonBody(UpdateSavedSearchRequest) },
  responses: {
    200: { description: 'The saved search', ...json(SavedSearch) },
    400: errorResponse('A bad field (named in error.fields)'),
    ...unauthenticated,
    ...forbidden,
    404: errorResponse('No such saved search among those the caller sees'),
    ...rateLimited,
  },
});

const followSavedSearch = createRoute({
  method: 'put',
  path: '/saved-searches/{id}/following',
  operationId: 'followSavedSearch',
  middleware: guard,
  tags: ['saved-searches'],
  summary: 'Follow a saved search shared with the team (its alert’s digests come to the caller too) or stop',
  security: signedIn,
  request: { params: z.object({ id: z.string().max(64) }), ...jsonBody(FollowSavedSearchRequest) },
  responses: {
    200: { description: 'The saved search', ...json(SavedSearch) },
    400: errorResponse('A bad field (named in error.fields), or the caller created it (error.fields.following)'),
    ...unauthenticated,
    404: errorResponse('No such saved search among those the caller sees'),
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

/** Any signed-in user, free included, saves, applies and deletes their own searches (and, in a team, shared ones). */
export const savedSearchesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listSavedSearches, async (c) => {
    const user = c.var.user;
    return c.json(
      { savedSearches: await savedSearches.listSavedSearches({ db: c.var.deps.db, userId: user.id, teamId: user.teamId }) },
      200,
    );
  })
  .openapi(createSavedSearch, async (c) => {
    const user = c.var.user;
    await limitWrites(c, user.id);
    const { name, params, shared } = c.req.valid('json');
    return c.json(
      await savedSearches.createSavedSearch({
        db: c.var.deps.db,
        userId: user.id,
        teamId: user.teamId,
        capabilities: user.capabilities,
        name,
        params,
        shared,
      }),
      201,
    );
  })
  .openapi(updateSavedSearch, async (c) => {
    const user = c.var.user;
    await limitWrites(c, user.id);
    return c.json(
      await savedSearches.updateSavedSearch({
        db: c.var.deps.db,
        userId: user.id,
        teamId: user.teamId,
        id: c.req.valid('param').id,
        ...c.req.valid('json'),
      }),
      200,
    );
  })
  .openapi(followSavedSearch, async (c) => {
    const user = c.var.user;
    await limitWrites(c, user.id);
    return c.json(
      await savedSearches.setFollowing({
        db: c.var.deps.db,
        userId: user.id,
        teamId: user.teamId,
        id: c.req.valid('param').id,
        following: c.req.valid('json').following,
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
        ...c.req.valid('json'),
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
      teamId: user.teamId,
      id: c.req.valid('param').id,
    });
    return c.body(null, 204);
  });
