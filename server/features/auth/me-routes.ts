import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { capabilitiesFor, FREE_SUBSCRIPTION, MeResponse } from '../../../contract/account';
import type { AppEnv } from '../../lib/context';
import type { CurrentUser } from '../../lib/current-user';
import { anyClientError, json, publicAccess } from '../../lib/openapi';

const getMe = createRoute({
  method: 'get',
  path: '/me',
  operationId: 'getMe',
  tags: ['auth'],
  security: publicAccess,
  summary: 'The signed-in user, their subscription and capabilities (anonymous: user null)',
  responses: {
    200: { description: 'Current user', ...json(MeResponse) },
    ...anyClientError,
  },
});

/** The /api/me body for a user (also the answer of a successful login). */
export function meResponseFor(user: CurrentUser | null): MeResponse {
  if (!user) {
    return {
      user: null,
      subscription: FREE_SUBSCRIPTION,
      capabilities: capabilitiesFor({ signedIn: false, role: 'user', tier: 'free' }),
    };
  }
  return {
    user: { id: user.id, email: user.email, name: user.name, role: user.role, teamId: user.teamId },
    subscription: user.subscription,
    capabilities: user.capabilities,
  };
}

export const meRoutes = new OpenAPIHono<AppEnv>().openapi(getMe, (c) => {
  c.header('Cache-Control', 'no-store');
  const { env, services } = c.var.deps;
  // A production server where nobody pays (BILLING_DEMO=1) must say so on every page.
  const demoBilling = env.NODE_ENV === 'production' && services.billing.name === 'demo';
  return c.json({ ...meResponseFor(c.var.currentUser), ...(demoBilling ? { demoBilling } : {}) }, 200);
});
