import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { BACKUP_TOKEN_HEADER, ReadyResponse } from '../../../contract/operations';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { anyClientError, errorResponse, json, publicAccess } from '../../lib/openapi';
import { isFromThisMachine } from '../../lib/rate-limit';
import { tokenMatches } from '../../lib/tokens';

/*
 * What an operator runs the server with (docs/operations.md): readiness for a load balancer,
 * Prometheus metrics, and the embedded database's online backup. /api/health (features/health)
 * stays liveness.
 */

const getReady = createRoute({
  method: 'get',
  path: '/ready',
  operationId: 'getReady',
  tags: ['operations'],
  security: publicAccess,
  summary: 'Readiness: 200 when this process should get traffic; 503 while it shuts down or its database does not answer',
  responses: {
    200: { description: 'Ready: migrations ran, the search index is built, the database answers', ...json(ReadyResponse) },
    503: errorResponse('Not ready (shutting down, or the database does not answer): send traffic elsewhere'),
    ...anyClientError,
  },
});

const createBackup = createRoute({
  method: 'post',
  path: '/backups',
  operationId: 'createBackup',
  tags: ['operations'],
  security: publicAccess,
  summary: 'A consistent copy of the embedded database (used by `npm run backup`; this machine only, with the token the server keeps in DATA_DIR)',
  request: { headers: z.object({ [BACKUP_TOKEN_HEADER]: z.string().optional() }) },
  responses: {
    200: {
      description: 'The data directory as a gzipped tarball (restore it with `npm run restore`)',
      content: { 'application/gzip': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    404: errorResponse('Not from this machine, or no such endpoint to this caller'),
    401: errorResponse('The backup token is missing or wrong'),
    409: errorResponse('The database is PostgreSQL: back it up with pg_dump'),
  },
});

export const operationsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getReady, async (c) => {
    const { db, services } = c.var.deps;
    c.header('Cache-Control', 'no-store');
    if (services.lifecycle.stopping) {
      c.header('Retry-After', '5');
      throw new AppError('service_unavailable', 'This server is shutting down.');
    }
    // A database that does not answer is a 503 from the error handler (with Retry-After).
    await db.sql.query('SELECT 1');
    return c.json({ ready: true as const, engine: db.engine, indexPhysicians: services.directory.indexStats().physicians }, 200);
  })
  .openapi(createBackup, async (c) => {
    const { db, env, services } = c.var.deps;
    // Nothing to discover from elsewhere: the same 404 as an unknown path.
    if (!isFromThisMachine(c, env.TRUST_PROXY)) throw new AppError('not_found', 'No such API endpoint.');
    if (!db.dump) throw new AppError('conflict', 'The database is PostgreSQL: back it up with pg_dump (see docs/operations.md).');
    if (!tokenMatches(c.req.header(BACKUP_TOKEN_HEADER), services.lifecycle.backupToken)) {
      throw new AppError('unauthenticated', `The ${BACKUP_TOKEN_HEADER} header must carry the token in DATA_DIR/control.json.`);
    }
    const tarball = await db.dump('gzip');
    c.header('Content-Type', 'application/gzip');
    c.header('Cache-Control', 'no-store');
    return c.body(tarball as Uint8Array<ArrayBuffer>, 200);
  });

const getMetrics = createRoute({
  method: 'get',
  path: '/metrics',
  operationId: 'getMetrics',
  tags: ['operations'],
  security: publicAccess,
  summary:
    'Prometheus metrics of this process: anyone with METRICS_TOKEN as a bearer token; without one, callers on this machine outside production (ADR 050)',
  responses: {
    200: {
      description: 'The Prometheus text exposition format',
      content: { 'text/plain': { schema: z.string() } },
    },
    401: errorResponse('METRICS_TOKEN is set and the bearer token is missing or wrong, or a token was sent where none is set'),
    404: errorResponse('No METRICS_TOKEN is set, and the caller is not on this machine or the server runs in production'),
  },
});

/** Mounted at the root: Prometheus scrapes /metrics by convention. */
export const metricsRoutes = new OpenAPIHono<AppEnv>().openapi(getMetrics, async (c) => {
  const { env, services } = c.var.deps;
  const bearer = /^Bearer[ \t]+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
  if (env.METRICS_TOKEN || bearer !== undefined) {
    if (!tokenMatches(bearer, env.METRICS_TOKEN)) throw new AppError('unauthenticated', 'A valid METRICS_TOKEN bearer token is required.');
  } else if (env.NODE_ENV === 'production' || !isFromThisMachine(c, env.TRUST_PROXY)) {
    // In production a reverse proxy on this machine makes every caller look local (TRUST_PROXY=0):
    // there only the token opens /metrics (ADR 050).
    throw new AppError('not_found', 'Not found.');
  }
  const { registry } = services.metrics;
  c.header('Cache-Control', 'no-store');
  const text = await registry.metrics();
  c.header('Content-Type', registry.contentType);
  return c.text(text, 200);
});
