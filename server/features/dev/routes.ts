import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { DevMailboxResponse } from '../../../contract/auth';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { listOutbox } from '../../lib/mailer';

const getMailbox = createRoute({
  method: 'get',
  path: '/dev/mailbox',
  tags: ['dev'],
  summary: 'Mail written to the outbox, newest first (development and test only, without SMTP_URL)',
  responses: {
    200: { description: 'Messages', content: { 'application/json': { schema: DevMailboxResponse } } },
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
