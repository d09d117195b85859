import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  CreateContactMessageRequest,
  CreateContactMessageResponse,
  ListContactMessagesQuery,
  ListContactMessagesResponse,
} from '../../../contract/contact-form';
import type { AppEnv } from '../../lib/context';
import { errorResponse, json, jsonBody, publicAccess, signedIn } from '../../lib/openapi';
import { clientIp, enforceRateLimits } from '../../lib/rate-limit';
import { capabilityGuard } from '../../lib/guards';
import { readContactMessages, sendContactMessage } from './service';

const createContactMessage = createRoute({
  method: 'post',
  path: '/contact-messages',
  operationId: 'createContactMessage',
  tags: ['contact-form'],
  summary: 'Send a message to the operators (stored, then a copy mailed to CONTACT_INBOX)',
  security: publicAccess,
  request: jsonBody(CreateContactMessageRequest),
  responses: {
    201: { description: 'Stored', ...json(CreateContactMessageResponse) },
    400: errorResponse('A field is invalid (fields names each)'),
    429: errorResponse('Too many messages from this address'),
  },
});

const listContactMessages = createRoute({
  method: 'get',
  path: '/admin/contact-messages',
  operationId: 'listContactMessages',
  tags: ['contact-form', 'admin'],
  summary: 'Contact messages, newest first, 25 per page (admins)',
  security: signedIn,
  middleware: capabilityGuard('admin:access'),
  request: { query: ListContactMessagesQuery },
  responses: {
    200: { description: 'One page of messages', ...json(ListContactMessagesResponse) },
    400: errorResponse('A bad parameter'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not an admin'),
  },
});

export const contactFormRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createContactMessage, async (c) => {
    const { deps } = c.var;
    await enforceRateLimits([[deps.services.contactRateLimits.sendPerIp, clientIp(c, deps.env.TRUST_PROXY)]]);
    await sendContactMessage({ deps, input: c.req.valid('json') });
    return c.json({ ok: true as const }, 201);
  })
  .openapi(listContactMessages, async (c) => {
    const response = await readContactMessages({ deps: c.var.deps, page: c.req.valid('query').page });
    c.header('Cache-Control', 'private, no-store');
    return c.json(response, 200);
  });
