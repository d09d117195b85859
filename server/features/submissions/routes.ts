import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { CreateSubmissionRequest, CreateSubmissionResponse } from '../../../contract/submissions';
import type { AppEnv } from '../../lib/context';
import { errorResponse, json, jsonBody, publicAccess } from '../../lib/openapi';
import { clientIp } from '../../lib/rate-limit';
import { createSubmission } from './service';

const createSubmissionRoute = createRoute({
  method: 'post',
  path: '/submissions',
  operationId: 'createSubmission',
  tags: ['submissions'],
  summary: 'Submit a resume for review (stored pending, replaces an earlier pending one from the same email; receipt emailed)',
  security: publicAccess,
  request: jsonBody(CreateSubmissionRequest),
  responses: {
    201: { description: 'Stored for review', ...json(CreateSubmissionResponse) },
    400: errorResponse('A field is missing or invalid (fields names each)'),
    409: errorResponse('The email address is on the removal suppression list'),
    429: errorResponse('Too many submissions from this address'),
  },
});

export const submissionRoutes = new OpenAPIHono<AppEnv>().openapi(createSubmissionRoute, async (c) => {
  const { deps } = c.var;
  const result = await createSubmission({ deps, ip: clientIp(c, deps.env.TRUST_PROXY), input: c.req.valid('json') });
  return c.json(result, 201);
});
