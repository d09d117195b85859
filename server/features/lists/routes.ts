import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  CreateListRequest,
  GetListQuery,
  ListChangeResponse,
  ListDetailResponse,
  ListListsResponse,
  ListMembersRequest,
  PhysicianList,
  RemoveMembersResponse,
  UpdateListRequest,
} from '../../../contract/lists';
import type { AppDeps, AppEnv } from '../../lib/context';
import { errorResponse, json, jsonBody, signedInOrApiKey } from '../../lib/openapi';
import { clientIp, enforceRateLimits } from '../../lib/rate-limit';
import { capabilityGuard } from '../../lib/guards';
import { WEBHOOKS_JOB } from '../integrations';
import * as lists from './service';

const listParams = z.object({ listId: z.string().max(64) });

const errors = {
  badRequest: { 400: errorResponse('A bad field (named in error.fields)') },
  unauthenticated: { 401: errorResponse('Not signed in') },
  forbidden: { 403: errorResponse('The plan does not include adding to lists (basic, premium or admin)') },
  notFound: { 404: errorResponse('No such list among the caller’s own') },
  rateLimited: { 429: errorResponse('Too many list changes: wait (Retry-After) and try again') },
};

/** Every list write counts against the caller's allowance (lists/rate-limits.ts). */
function limitWrites<E extends AppEnv>(c: Context<E>, userId: string): Promise<void> {
  return enforceRateLimits([[c.var.deps.services.listRateLimits.writesPerUser, userId]]);
}

const listLists = createRoute({
  method: 'get',
  path: '/lists',
  operationId: 'listLists',
  middleware: capabilityGuard('lists:use'),
  tags: ['lists'],
  summary: 'The signed-in user’s lists, newest first, with their physician counts',
  security: signedInOrApiKey,
  responses: { 200: { description: 'Lists', ...json(ListListsResponse) }, ...errors.unauthenticated },
});

const createList = createRoute({
  method: 'post',
  path: '/lists',
  operationId: 'createList',
  middleware: capabilityGuard('lists:add'),
  tags: ['lists'],
  summary: 'Create a list, optionally with physicians (Create New List); needs basic, premium or admin',
  security: signedInOrApiKey,
  request: jsonBody(CreateListRequest),
  responses: {
    201: { description: 'The new list and how many physicians it holds', ...json(ListChangeResponse) },
    ...errors.badRequest,
    ...errors.unauthenticated,
    ...errors.forbidden,
    ...errors.rateLimited,
  },
});

const getList = createRoute({
  method: 'get',
  path: '/lists/{listId}',
  operationId: 'getList',
  middleware: capabilityGuard('lists:use'),
  tags: ['lists'],
  summary: 'One list: its members by name, 25 a page, narrowed by a search within the list',
  security: signedInOrApiKey,
  request: { params: listParams, query: GetListQuery },
  responses: {
    200: { description: 'The list and one page of members', ...json(ListDetailResponse) },
    ...errors.badRequest,
    ...errors.unauthenticated,
    ...errors.notFound,
  },
});

const updateList = createRoute({
  method: 'patch',
  path: '/lists/{listId}',
  operationId: 'updateList',
  middleware: capabilityGuard('lists:use'),
  tags: ['lists'],
  summary: "Rename a list, edit its description, or share it with the team or stop (the creator, the team's owners and admins)",
  security: signedInOrApiKey,
  request: { params: listParams, ...jsonBody(UpdateListRequest) },
  responses: {
    200: { description: 'The list', ...json(PhysicianList) },
    ...errors.badRequest,
    ...errors.unauthenticated,
    ...errors.forbidden,
    ...errors.notFound,
    ...errors.rateLimited,
  },
});

const deleteList = createRoute({
  method: 'delete',
  path: '/lists/{listId}',
  operationId: 'deleteList',
  middleware: capabilityGuard('lists:use'),
  tags: ['lists'],
  summary: "Delete a list and its memberships (one transaction; the creator, the team's owners and admins)",
  security: signedInOrApiKey,
  request: { params: listParams },
  responses: {
    204: { description: 'Deleted' },
    ...errors.unauthenticated,
    ...errors.forbidden,
    ...errors.notFound,
    ...errors.rateLimited,
  },
});

const addListMembers = createRoute({
  method: 'post',
  path: '/lists/{listId}/members',
  operationId: 'addListMembers',
  middleware: capabilityGuard('lists:add'),
  tags: ['lists'],
  summary: 'Add physicians (1-500; ones already in the list are skipped); needs basic, premium or admin',
  security: signedInOrApiKey,
  request: { params: listParams, ...jsonBody(ListMembersRequest) },
  responses: {
    200: { description: 'The list and how many physicians were really added', ...json(ListChangeResponse) },
    ...errors.badRequest,
    ...errors.unauthenticated,
    ...errors.forbidden,
    ...errors.notFound,
    ...errors.rateLimited,
  },
});

const removeListMembers = createRoute({
  method: 'delete',
  path: '/lists/{listId}/members',
  operationId: 'removeListMembers',
  middleware: capabilityGuard('lists:use'),
  tags: ['lists'],
  summary: 'Remove physicians from a list (1-500)',
  security: signedInOrApiKey,
  request: { params: listParams, ...jsonBody(ListMembersRequest) },
  responses: {
    200: { description: 'The list and how many physicians were removed', ...json(RemoveMembersResponse) },
    ...errors.badRequest,
    ...errors.unauthenticated,
    ...errors.notFound,
    ...errors.rateLimited,
  },
});

/*
 * Any signed-in user (free included) sees, edits and deletes their own lists and removes
 * members (a plan that lapsed keeps its lists tidy); creating a list and adding physicians
 * needs 'lists:add' (basic, premium, admin).
 */
/** Wakes this process's webhook delivery job (an add queued deliveries, ADR 065). */
const wakeWebhooks = (c: { var: { deps: AppDeps } }) => () => c.var.deps.services.jobs.wake(WEBHOOKS_JOB);

export const listsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listLists, async (c) => {
    const user = c.var.user;
    return c.json({ lists: await lists.listLists({ db: c.var.deps.db, userId: user.id, teamId: user.teamId }) }, 200);
  })
  .openapi(createList, async (c) => {
    const user = c.var.user;
    await limitWrites(c, user.id);
    const body = c.req.valid('json');
    const result = await lists.createList({ db: c.var.deps.db, userId: user.id, teamId: user.teamId, ...body, webhooksQueued: wakeWebhooks(c) });
    return c.json(result, 201);
  })
  .openapi(getList, async (c) => {
    const user = c.var.user;
    const { query, page } = c.req.valid('query');
    const detail = await lists.getList({
      db: c.var.deps.db,
      directory: c.var.deps.services.directory,
      userId: user.id,
      teamId: user.teamId,
      listId: c.req.valid('param').listId,
      query,
      page,
    });
    c.header('Cache-Control', 'private, no-store');
    return c.json(detail, 200);
  })
  .openapi(updateList, async (c) => {
    const user = c.var.user;
    await limitWrites(c, user.id);
    const list = await lists.updateList({
      db: c.var.deps.db,
      userId: user.id,
      teamId: user.teamId,
      listId: c.req.valid('param').listId,
      ...c.req.valid('json'),
    });
    return c.json(list, 200);
  })
  .openapi(deleteList, async (c) => {
    const user = c.var.user;
    await limitWrites(c, user.id);
    await lists.deleteList({
      db: c.var.deps.db,
      userId: user.id,
      teamId: user.teamId,
      listId: c.req.valid('param').listId,
      ip: clientIp(c, c.var.deps.env.TRUST_PROXY),
    });
    return c.body(null, 204);
  })
  .openapi(addListMembers, async (c) => {
    const user = c.var.user;
    await limitWrites(c, user.id);
    const result = await lists.addMembers({
      db: c.var.deps.db,
      userId: user.id,
      teamId: user.teamId,
      listId: c.req.valid('param').listId,
      physicianIds: c.req.valid('json').physicianIds,
      webhooksQueued: wakeWebhooks(c),
    });
    return c.json(result, 200);
  })
  .openapi(removeListMembers, async (c) => {
    const user = c.var.user;
    await limitWrites(c, user.id);
    const result = await lists.removeMembers({
      db: c.var.deps.db,
      userId: user.id,
      teamId: user.teamId,
      listId: c.req.valid('param').listId,
      physicianIds: c.req.valid('json').physicianIds,
    });
    return c.json(result, 200);
  });
