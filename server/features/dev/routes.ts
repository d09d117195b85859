import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { DevMailboxResponse } from '../../../contract/auth';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { listOutbox } from '../../lib/mailer';
import { errorResponse, json, publicAccess } from '../../lib/openapi';
import { clientIp, isLoopback, socketAddress } from '../../lib/rate-limit';

const getMailbox = createRoute({
  method: 'get',
  path: '/dev/mailbox',
  operationId: 'listDevMailbox',
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

/**
 * The mailbox holds live sign-in links, so it answers only a caller on this machine: the socket
 * peer must be loopback, and behind trusted proxies (which all connect from somewhere) the
 * forwarded client address must be loopback too.
 */
function fromThisMachine(c: Context<AppEnv>): boolean {
  const { TRUST_PROXY } = c.var.deps.env;
  if (!isLoopback(socketAddress(c))) return false;
  return TRUST_PROXY === 0 || isLoopback(clientIp(c, TRUST_PROXY));
}

/**
 * The development mailbox: with no SMTP server configured, verification and reset links land in
 * the outbox table and this lets a developer open them. 404 in production, with SMTP, and for
 * any caller not on this machine (the same 404 as an unknown path: nothing to discover).
 */
export const devRoutes = new OpenAPIHono<AppEnv>().openapi(getMailbox, async (c) => {
  const { env, db, services } = c.var.deps;
  const enabled =
    (env.NODE_ENV === 'development' || env.NODE_ENV === 'test') &&
    services.mailer.transport === 'outbox' &&
    fromThisMachine(c);
  if (!enabled) throw new AppError('not_found', 'No such API endpoint.');
  const messages = await listOutbox(db, 100);
  c.header('Cache-Control', 'no-store');
  return c.json({ messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }, 200);
});
