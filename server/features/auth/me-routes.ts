import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { capabilitiesFor, FREE_SUBSCRIPTION, MeResponse } from '../../../contract/account';
import type { AppEnv } from '../../lib/context';

const getMe = createRoute({
  method: 'get',
  path: '/me',
  tags: ['auth'],
  summary: 'The signed-in user, their subscription and capabilities (anonymous: user null)',
  responses: { 200: { description: 'Current user', content: { 'application/json': { schema: MeResponse } } } },
});

export const meRoutes = new OpenAPIHono<AppEnv>().openapi(getMe, (c) => {
  const user = c.var.currentUser;
  c.header('Cache-Control', 'no-store');
  if (!user) {
    return c.json(
      { user: null, subscription: FREE_SUBSCRIPTION, capabilities: capabilitiesFor({ signedIn: false, role: 'user', tier: 'free' }) },
      200,
    );
  }
  return c.json(
    {
      user: { id: user.id, email: user.email, name: user.name, role: user.role },
      subscription: user.subscription,
      capabilities: user.capabilities,
    },
    200,
  );
});
