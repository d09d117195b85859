import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { DevMailboxResponse } from '../../../contract/auth';
import { AlertRunResponse, DevAlertRunRequest } from '../../../contract/saved-searches';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { listOutbox } from '../../lib/mailer';
import { errorResponse, json, jsonBody, publicAccess } from '../../lib/openapi';
import { ALERT_SETTLE_MS, runAlertDigests } from '../saved-searches';
import { isFromThisMachine } from '../../lib/rate-limit';

/** The mailbox holds live sign-in links, so it answers only a caller on this machine. */
function fromThisMachine(c: Context<AppEnv>): boolean {
  return isFromThisMachine(c, c.var.deps.env.TRUST_PROXY);
}

/**
 * The development tools answer only in development or test, with mail kept in the outbox, to a
 * caller on this machine; anywhere else the same 404 as an unknown path: nothing to discover.
 */
const developmentOnly = createMiddleware<AppEnv>(async (c, next) => {
  const { env, services } = c.var.deps;
  const enabled =
    (env.NODE_ENV === 'development' || env.NODE_ENV === 'test') &&
    services.mailer.transport === 'outbox' &&
    fromThisMachine(c);
  // Before the body is read: a 400 would tell that the call exists.
  if (!enabled) throw new AppError('not_found', 'No such API endpoint.');
  await next();
});

const getMailbox = createRoute({
  method: 'get',
  path: '/dev/mailbox',
  operationId: 'listDevMailbox',
  middleware: [developmentOnly] as const,
  tags: ['dev'],
  // Development only, and it shows every account's links: never on a deployed server (404 there).
  security: publicAccess,
  summary:
    'Mail written to the outbox, newest first (development and test only, without SMTP_URL, and only to callers on this machine)',
  responses: {
    200: { description: 'Messages', ...json(DevMailboxResponse) },
    404: errorResponse('Not available here (production, SMTP configured, or a caller from another machine)'),
  },
});

const runAlerts = createRoute({
  method: 'post',
  path: '/dev/alert-runs',
  operationId: 'createDevAlertRun',
  middleware: [developmentOnly] as const,
  tags: ['dev'],
  security: publicAccess,
  summary:
    'Run the saved-search alerts now as if `daysAhead` days had passed (development and test only, without SMTP_URL, and only to callers on this machine)',
  request: jsonBody(DevAlertRunRequest),
  responses: {
    200: { description: 'What the run did', ...json(AlertRunResponse) },
    400: errorResponse('A bad field (named in error.fields)'),
    404: errorResponse('Not available here (production, SMTP configured, or a caller from another machine)'),
  },
});

/**
 * The development mailbox: with no SMTP server configured, verification and reset links land in
 * the outbox table and this lets a developer open them. The alert run lets them see a digest
 * without waiting for its day.
 */
export const devRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getMailbox, async (c) => {
    const messages = await listOutbox(c.var.deps.db, 100);
    c.header('Cache-Control', 'no-store');
    return c.json({ messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }, 200);
  })
  .openapi(runAlerts, async (c) => {
    const { daysAhead } = c.req.valid('json');
    const { db, env, services } = c.var.deps;
    const result = await runAlertDigests(
      { db, env, directory: services.directory },
      new Date(Date.now() + daysAhead * 86_400_000 + ALERT_SETTLE_MS + 1000),
    );
    return c.json(result, 200);
  });
