import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ConfirmSubmissionRequest,
  ConfirmSubmissionResponse,
  CreateSubmissionRequest,
  CreateSubmissionResponse,
} from '../../../contract/submissions';
import type { AppEnv } from '../../lib/context';
import { errorResponse, json, jsonBody, publicAccess } from '../../lib/openapi';
import { clientIp, enforceRateLimits } from '../../lib/rate-limit';
import { confirmSubmission, createSubmission } from './service';

const createSubmissionRoute = createRoute({
  method: 'post',
  path: '/submissions',
  operationId: 'createSubmission',
  tags: ['submissions'],
  summary:
    'Submit a resume: stored unconfirmed (replacing an earlier unconfirmed one from the same email) and a confirmation link (7 days, single use) emailed; operators see it once confirmed',
  security: publicAccess,
  request: jsonBody(CreateSubmissionRequest),
  responses: {
    201: { description: 'Stored, waiting for the address to be confirmed', ...json(CreateSubmissionResponse) },
    400: errorResponse('A field is missing or invalid (fields names each)'),
    409: errorResponse('The email address is on the removal suppression list'),
    429: errorResponse('Too many submissions from this address'),
  },
});

const confirmSubmissionRoute = createRoute({
  method: 'post',
  path: '/submissions/confirm',
  operationId: 'confirmSubmission',
  tags: ['submissions'],
  summary:
    'Use the emailed confirmation token: the submission goes to the operators (replacing an earlier pending one from the same email) and the receipt is emailed',
  security: publicAccess,
  request: jsonBody(ConfirmSubmissionRequest),
  responses: {
    200: { description: 'Confirmed: waiting for review', ...json(ConfirmSubmissionResponse) },
    400: errorResponse('The token is missing, invalid, used or expired (fields.token)'),
    429: errorResponse('Too many attempts'),
  },
});

export const submissionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createSubmissionRoute, async (c) => {
    const { deps } = c.var;
    const input = c.req.valid('json');
    const limits = deps.services.submissionRateLimits;
    await enforceRateLimits([
      [limits.createPerIp, clientIp(c, deps.env.TRUST_PROXY)],
      [limits.createPerEmail, input.email],
    ]);
    const result = await createSubmission({ deps, input });
    return c.json(result, 201);
  })
  .openapi(confirmSubmissionRoute, async (c) => {
    const { deps } = c.var;
    const ip = clientIp(c, deps.env.TRUST_PROXY);
    await enforceRateLimits([[deps.services.submissionRateLimits.confirmPerIp, ip]]);
    const result = await confirmSubmission({ deps, ip, token: c.req.valid('json').token });
    return c.json(result, 200);
  });
