import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ApiKeyParams,
  ApiKeysResponse,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
} from '../../../contract/api-keys';
import type { AppEnv } from '../../lib/context';
import { csrfRefused, errorResponse, json, jsonBody, signedIn } from '../../lib/openapi';
import { clientIp } from '../../lib/rate-limit';
import { capabilityGuard, signedInGuard } from '../../lib/guards';
import * as apiKeys from './service';

/*
 * Managing API keys is a session's business only: these calls refuse a key (ADR 022), so a leaked
 * key cannot mint more keys or revoke the owner's.
 */

const errors = {
  401: errorResponse('Not signed in (an API key is not accepted here)'),
  403: errorResponse('Needs the Annual Plan (or an admin account)'),
};

const EXAMPLE_KEY = {
  id: '5f0c8c1e-2d1b-4f7e-9a51-3c1c0e6b8a10',
  name: 'ATS integration',
  prefix: 'pd_live_Ab12',
  createdAt: '2026-11-23T18:00:00.000Z',
  lastUsedAt: null,
};

const createApiKey = createRoute({
  method: 'post',
  path: '/account/api-keys',
  operationId: 'createApiKey',
  middleware: capabilityGuard('api-keys:manage'),
  tags: ['api-keys'],
  summary: 'Create a named API key (Annual Plan and admins); the key is in this answer only',
  security: signedIn,
  request: jsonBody(CreateApiKeyRequest, { name: 'ATS integration' }),
  responses: {
    201: {
      description: 'The key, shown this once (only its hash is kept)',
      ...json(CreateApiKeyResponse, { ...EXAMPLE_KEY, key: 'pd_live_Ab12cD34eF56gH78iJ90kL12mN34oP56qR78sT90uV1' }),
    },
    400: errorResponse('A bad name, naming the field'),
    ...errors,
    ...csrfRefused,
    409: errorResponse('The user already holds the most keys allowed'),
  },
});

const listApiKeys = createRoute({
  method: 'get',
  path: '/account/api-keys',
  operationId: 'listApiKeys',
  middleware: signedInGuard,
  tags: ['api-keys'],
  summary: "The signed-in user's active API keys (name, first characters, created, last used)",
  security: signedIn,
  responses: {
    200: { description: 'Active keys, newest first', ...json(ApiKeysResponse, { keys: [EXAMPLE_KEY] }) },
    401: errors[401],
  },
});

const revokeApiKey = createRoute({
  method: 'delete',
  path: '/account/api-keys/{id}',
  operationId: 'revokeApiKey',
  middleware: signedInGuard,
  tags: ['api-keys'],
  summary: 'Revoke an API key: it stops working at once (audited)',
  security: signedIn,
  request: { params: ApiKeyParams },
  responses: {
    204: { description: 'Revoked' },
    400: errorResponse('A bad key id'),
    401: errors[401],
    ...csrfRefused,
    404: errorResponse('No such active key of this user'),
  },
});

export const apiKeysRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createApiKey, async (c) => {
    const user = c.var.user;
    const { db, env } = c.var.deps;
    const created = await apiKeys.createApiKey({
      db,
      userId: user.id,
      name: c.req.valid('json').name,
      ip: clientIp(c, env.TRUST_PROXY),
    });
    c.header('Cache-Control', 'private, no-store');
    return c.json(created, 201);
  })
  // Listing and revoking stay open to a user who is no longer premium: they can still see and
  // revoke the keys they made (which now work with their current, lower capabilities).
  .openapi(listApiKeys, async (c) => {
    const user = c.var.user;
    return c.json(await apiKeys.listApiKeys({ db: c.var.deps.db, userId: user.id }), 200);
  })
  .openapi(revokeApiKey, async (c) => {
    const user = c.var.user;
    const { db, env } = c.var.deps;
    await apiKeys.revokeApiKey({ db, userId: user.id, id: c.req.valid('param').id, ip: clientIp(c, env.TRUST_PROXY) });
    return c.body(null, 204);
  });
