import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context';
import { anyClientError, json, publicAccess } from '../../lib/openapi';

const HealthResponse = z.object({ ok: z.boolean(), engine: z.enum(['pglite', 'postgres']) });

const getHealth = createRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  tags: ['health'],
  summary: 'Liveness: the server is up and its database answers',
  security: publicAccess,
  responses: {
    200: { description: 'Alive and the database answers', ...json(HealthResponse) },
    ...anyClientError,
  },
});

export const healthRoutes = new OpenAPIHono<AppEnv>().openapi(getHealth, async (c) => {
  await c.var.deps.db.sql.query('SELECT 1');
  return c.json({ ok: true, engine: c.var.deps.db.engine }, 200);
});
