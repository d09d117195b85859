import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { RevealAllowance, RevealContactParams, RevealContactResponse } from '../../../contract/contacts';
import type { AppEnv } from '../../lib/context';
import { errorResponse, json, signedInOrApiKey } from '../../lib/openapi';
import { clientIp } from '../../lib/rate-limit';
import { capabilityGuard, requireCapability } from '../auth/session';
import * as contacts from './service';

const revealErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Needs the Monthly or Annual Plan (free accounts cannot reveal contacts)'),
};

const revealContact = createRoute({
  method: 'post',
  path: '/physicians/{id}/contact',
  operationId: 'revealContact',
  middleware: capabilityGuard('contacts:reveal'),
  tags: ['contacts'],
  summary:
    "Reveal one physician's email and phone (audited; counts against the daily ceiling unless revealed in the last 30 days)",
  security: signedInOrApiKey,
  request: { params: RevealContactParams },
  responses: {
    200: {
      description: 'The contact, when it was verified, and what is left of today’s allowance',
      ...json(RevealContactResponse),
    },
    400: errorResponse('A bad physician id'),
    ...revealErrors,
    404: errorResponse('Physician Not Found'),
    429: errorResponse('Daily reveal ceiling reached; the message says when it resets'),
  },
});

const getRevealAllowance = createRoute({
  method: 'get',
  path: '/contacts/allowance',
  operationId: 'getRevealAllowance',
  middleware: capabilityGuard('contacts:reveal'),
  tags: ['contacts'],
  summary: 'Contact reveals left today and when the count resets (midnight UTC)',
  security: signedInOrApiKey,
  responses: {
    200: { description: 'The allowance', ...json(RevealAllowance) },
    ...revealErrors,
  },
});

export const contactsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(revealContact, async (c) => {
    const user = requireCapability(c, 'contacts:reveal');
    const { db, env } = c.var.deps;
    const result = await contacts.revealContact({
      db,
      userId: user.id,
      physicianId: Number(c.req.valid('param').id),
      dailyLimit: env.REVEAL_DAILY_LIMIT,
      ip: clientIp(c, env.TRUST_PROXY),
    });
    c.header('Cache-Control', 'private, no-store');
    return c.json(result, 200);
  })
  .openapi(getRevealAllowance, async (c) => {
    const user = requireCapability(c, 'contacts:reveal');
    const { db, env } = c.var.deps;
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      await contacts.getRevealAllowance({ db, userId: user.id, dailyLimit: env.REVEAL_DAILY_LIMIT }),
      200,
    );
  });
