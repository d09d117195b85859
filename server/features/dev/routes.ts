import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { DevMailboxResponse } from '../../../contract/auth';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { listOutbox } from '../../lib/mailer';
import { errorResponse, json, publicAccess } from '../../lib/openapi';

const getMailbox = createRoute({
  method: 'get',
  path: '/dev/mailbox',
  operationId: 'listDevMailbox',
  tags: ['dev'],
  // Development only, and it shows every account's links: never on a deployed server (404 there).
  security: publicAccess,
  summary: 'Mail written to the outbox, newest first (development and test only, without SMTP_URL)',
  responses: {
    200: { description: 'Messages', ...json(DevMailboxResponse) },
    404: errorResponse('Not available: production, or real email (SMTP_URL) configured'),
  },
});

/**
 * The development mailbox: with no SMTP server configured, verification and reset links land in
 * the outbox table and this lets a developer open them. Absent (404) in production and with SMTP.
 */
export const devRoutes = new OpenAPIHono<AppEnv>().openapi(getMailbox, async (c) => {
  const { env, db, services } = c.var.deps;
  const enabled =
    (env.NODE_ENV === 'development' || env.NODE_ENV === 'test') && services.mailer.transport === 'outbox';
  if (!enabled) throw new AppError('not_found', 'No such API endpoint.');
  const messages = await listOutbox(db, 100);
  c.header('Cache-Control', 'no-store');
  return c.json({ messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }, 200);
});
