import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ConfirmRemovalRequest,
  ConfirmRemovalResponse,
  CreateRemovalRequest,
  RemovalRequestResponse,
} from '../../../contract/removal';
import type { AppDeps, AppEnv } from '../../lib/context';
import { errorResponse, json, jsonBody, publicAccess } from '../../lib/openapi';
import { clientIp, enforceRateLimits } from '../../lib/rate-limit';
import { confirmRemoval, requestRemoval, type RemovalDeps } from './service';

/** What a removal uses of the app (ADR 060), handed in here. */
const removalDeps = ({ db, env, services }: AppDeps): RemovalDeps => ({ db, env, directory: services.directory });

const createRemovalRequest = createRoute({
  method: 'post',
  path: '/removal-requests',
  operationId: 'createRemovalRequest',
  tags: ['removal'],
  summary: 'Ask for removal: emails a confirmation link if the directory holds the address (the same answer either way)',
  security: publicAccess,
  request: jsonBody(CreateRemovalRequest),
  responses: {
    202: { description: 'Accepted (a link is emailed when the address is known)', ...json(RemovalRequestResponse) },
    400: errorResponse('The email is not valid'),
    429: errorResponse('Too many requests'),
  },
});

const confirmRemovalRequest = createRoute({
  method: 'post',
  path: '/removal-requests/confirm',
  operationId: 'confirmRemovalRequest',
  tags: ['removal'],
  summary: 'Use an emailed removal token (single use, 24 hours): deletes the records and suppresses the address',
  security: publicAccess,
  request: jsonBody(ConfirmRemovalRequest),
  responses: {
    200: { description: 'Removed', ...json(ConfirmRemovalResponse) },
    400: errorResponse('The token is missing, invalid, used or expired'),
    429: errorResponse('Too many attempts'),
  },
});

export const removalRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createRemovalRequest, async (c) => {
    const { deps } = c.var;
    const ip = clientIp(c, deps.env.TRUST_PROXY);
    const { email } = c.req.valid('json');
    const limits = deps.services.removalRateLimits;
    await enforceRateLimits([
      [limits.requestPerIp, ip],
      [limits.requestPerEmail, email],
    ]);
    await requestRemoval({ deps: removalDeps(deps), ip, email });
    return c.json({ ok: true as const }, 202);
  })
  .openapi(confirmRemovalRequest, async (c) => {
    const { deps } = c.var;
    const ip = clientIp(c, deps.env.TRUST_PROXY);
    await enforceRateLimits([[deps.services.removalRateLimits.confirmPerIp, ip]]);
    await confirmRemoval({ deps: removalDeps(deps), ip, token: c.req.valid('json').token });
    return c.json({ ok: true as const }, 200);
  });
