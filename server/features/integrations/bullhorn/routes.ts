import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  BullhornCallbackQuery,
  BullhornConnection,
  ConnectBullhornRequest,
  ConnectBullhornResponse,
  CreatePushRequest,
  Push,
  PushDetail,
  PushesResponse,
  PushParams,
} from '../../../../contract/integrations';
import type { AppDeps, AppEnv } from '../../../lib/context';
import { capabilityGuard } from '../../../lib/guards';
import { csrfRefused, errorResponse, json, jsonBody, signedIn, signedInOrApiKey } from '../../../lib/openapi';
import { clientIp } from '../../../lib/rate-limit';
import * as bullhorn from './service';

/*
 * Bullhorn (docs/decisions/064-ats-integrations.md). Connecting is a session's business (the OAuth
 * flow runs in the browser); pushing and reading pushes also take an API key, so an in-house tool
 * can push what it chose.
 */

const deps = ({ db, env, logger, services }: AppDeps): bullhorn.BullhornDeps => ({
  db,
  env,
  logger,
  wakePushes: () => services.jobs.wake('bullhorn'),
});

const guard = { middleware: capabilityGuard('integrations:use'), tags: ['integrations'] };
const errors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Needs a Monthly or Annual Plan; connecting needs a team owner or admin'),
};
const unavailable = {
  409: errorResponse('Bullhorn is not set up on this server (the message says so)'),
  503: errorResponse('Bullhorn could not be reached, or INTEGRATIONS_KEY is not set in production'),
};

const getConnection = createRoute({
  method: 'get',
  path: '/integrations/bullhorn',
  operationId: 'getBullhornConnection',
  summary: 'The caller’s Bullhorn connection (their team’s, or their own): status, who connected it, how many directory physicians it holds',
  ...guard,
  security: signedIn,
  responses: { 200: { description: 'The connection (status none when not connected)', ...json(BullhornConnection) }, ...errors },
});

const connect = createRoute({
  method: 'post',
  path: '/integrations/bullhorn/connection',
  operationId: 'connectBullhorn',
  summary: 'Start connecting Bullhorn (team owners and admins, or a recruiter in no team): answers the Bullhorn sign-in address to send the browser to',
  ...guard,
  security: signedIn,
  request: jsonBody(ConnectBullhornRequest, { username: 'jane.recruiter' }),
  responses: {
    200: { description: 'Where the browser goes next', ...json(ConnectBullhornResponse) },
    400: errorResponse('A bad or unknown Bullhorn user name (error.fields.username)'),
    ...errors,
    ...csrfRefused,
    ...unavailable,
  },
});

const callback = createRoute({
  method: 'get',
  path: '/integrations/bullhorn/callback',
  operationId: 'completeBullhornConnection',
  summary: 'Bullhorn sends the browser back here with a code: the connection is completed and the browser goes to the Integrations tab',
  ...guard,
  security: signedIn,
  request: { query: BullhornCallbackQuery },
  responses: {
    302: { description: 'To /account?tab=integrations&bullhorn=connected|denied|error' },
    ...errors,
  },
});

const disconnect = createRoute({
  method: 'delete',
  path: '/integrations/bullhorn/connection',
  operationId: 'disconnectBullhorn',
  summary: 'Disconnect Bullhorn: its tokens, its In your ATS flags and its pushes are deleted (audited)',
  ...guard,
  security: signedIn,
  responses: { 204: { description: 'Disconnected' }, ...errors, ...csrfRefused, 404: errorResponse('Bullhorn is not connected') },
});

const createPush = createRoute({
  method: 'post',
  path: '/integrations/bullhorn/pushes',
  operationId: 'createBullhornPush',
  summary: 'Push a selection, a list or one profile to Bullhorn: each physician looked up (NPI, email, name and phone) and created when absent; runs in the background',
  ...guard,
  security: signedInOrApiKey,
  request: jsonBody(CreatePushRequest, { source: 'list', listId: '5f0c8c1e-2d1b-4f7e-9a51-3c1c0e6b8a10', updateExisting: false }),
  responses: {
    202: { description: 'The push, queued', ...json(Push) },
    400: errorResponse('A bad field, named in error.fields'),
    ...errors,
    ...csrfRefused,
    404: errorResponse('No such list of the caller’s'),
    ...unavailable,
    409: errorResponse('Bullhorn is not connected, or not set up on this server'),
  },
});

const listPushes = createRoute({
  method: 'get',
  path: '/integrations/bullhorn/pushes',
  operationId: 'listBullhornPushes',
  summary: 'The latest 20 pushes of the caller’s Bullhorn, with their outcome counts',
  ...guard,
  security: signedInOrApiKey,
  responses: { 200: { description: 'Newest first', ...json(PushesResponse) }, ...errors },
});

const getPush = createRoute({
  method: 'get',
  path: '/integrations/bullhorn/pushes/{id}',
  operationId: 'getBullhornPush',
  summary: 'A push: its progress and the outcome of each physician (created, updated, already there, skipped, failed with the reason)',
  ...guard,
  security: signedInOrApiKey,
  request: { params: PushParams },
  responses: { 200: { description: 'The push', ...json(PushDetail) }, 400: errorResponse('A bad id'), ...errors, 404: errorResponse('No such push of the caller’s') },
});

export const bullhornRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getConnection, async (c) => c.json(await bullhorn.getConnection(deps(c.var.deps), { user: c.var.user }), 200))
  .openapi(connect, async (c) => {
    const answer = await bullhorn.connect(deps(c.var.deps), { user: c.var.user, username: c.req.valid('json').username });
    c.header('Cache-Control', 'private, no-store');
    return c.json(answer, 200);
  })
  .openapi(callback, async (c) => {
    const query = c.req.valid('query');
    const to = await bullhorn.completeConnection(deps(c.var.deps), { user: c.var.user, ...query, ip: clientIp(c, c.var.deps.env.TRUST_PROXY) });
    c.header('Cache-Control', 'private, no-store');
    return c.redirect(to, 302);
  })
  .openapi(disconnect, async (c) => {
    await bullhorn.disconnect(deps(c.var.deps), { user: c.var.user, ip: clientIp(c, c.var.deps.env.TRUST_PROXY) });
    return c.body(null, 204);
  })
  .openapi(createPush, async (c) => {
    const push = await bullhorn.createPush(deps(c.var.deps), { user: c.var.user, request: c.req.valid('json'), ip: clientIp(c, c.var.deps.env.TRUST_PROXY) });
    return c.json(push, 202);
  })
  .openapi(listPushes, async (c) => c.json(await bullhorn.listPushes(deps(c.var.deps), { user: c.var.user }), 200))
  .openapi(getPush, async (c) => c.json(await bullhorn.getPush(deps(c.var.deps), { user: c.var.user, id: c.req.valid('param').id }), 200));
