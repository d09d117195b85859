import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { RevealContactParams } from '../../../contract/contacts';
import { CreateExportRequest, EXPORT_COUNT_HEADER, EXPORT_MEDIA_TYPE } from '../../../contract/exports';
import type { AppEnv } from '../../lib/context';
import { errorResponse, jsonBody, signedInOrApiKey } from '../../lib/openapi';
import { clientIp } from '../../lib/rate-limit';
import { capabilityGuard } from '../../lib/guards';
import * as exports from './service';
import type { ExportFile } from './service';
import { WEBHOOKS_JOB } from '../integrations';

const binary = z.string().openapi({ format: 'binary' });
const fileHeaders = {
  'Content-Disposition': {
    description: 'attachment; filename="physicians-2026-11-23.csv"',
    schema: { type: 'string' as const },
  },
  'X-Export-Count': {
    description: 'How many physicians the file holds',
    schema: { type: 'integer' as const },
  },
};

const createExport = createRoute({
  method: 'post',
  path: '/exports',
  operationId: 'createExport',
  middleware: capabilityGuard('exports:create'),
  tags: ['exports'],
  summary:
    'Export up to 500 selected physicians (or a list) with their contacts as CSV, Excel or PDF (Annual Plan and admins; logged, audited, daily ceiling)',
  description:
    'An export ends a running 30-day money-back guarantee (`guarantee` of GET /api/billing/subscription says whether one runs); the web app asks the user first.',
  security: signedInOrApiKey,
  request: jsonBody(CreateExportRequest),
  responses: {
    200: {
      description: 'The file (downloaded by the browser)',
      headers: fileHeaders,
      content: {
        'text/csv': { schema: binary },
        [EXPORT_MEDIA_TYPE.xlsx]: { schema: binary },
        [EXPORT_MEDIA_TYPE.pdf]: { schema: binary },
      },
    },
    400: errorResponse('Bad input (no selection, more than 500, unknown ids, bad format), naming the field'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Needs the Annual Plan'),
    404: errorResponse('List not found (or not yours)'),
    429: errorResponse('Daily export ceiling reached; the message says when it resets'),
  },
});

const exportProfile = createRoute({
  method: 'get',
  path: '/physicians/{id}/profile.pdf',
  operationId: 'exportPhysicianProfile',
  middleware: capabilityGuard('profile:export'),
  tags: ['exports'],
  summary:
    "'Export Full Profile': one physician, contact included, on one PDF page (admins only; logged and audited)",
  security: signedInOrApiKey,
  request: { params: RevealContactParams },
  responses: {
    200: { description: 'The PDF', headers: fileHeaders, content: { 'application/pdf': { schema: binary } } },
    400: errorResponse('A bad physician id'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Admins only'),
    404: errorResponse('Physician Not Found'),
    429: errorResponse('Daily export ceiling reached'),
  },
});

function fileResponse(file: ExportFile) {
  return new Response(new Uint8Array(file.body), {
    status: 200,
    headers: {
      'Content-Type': EXPORT_MEDIA_TYPE[file.format],
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Content-Length': String(file.body.length),
      [EXPORT_COUNT_HEADER]: String(file.count),
      'Cache-Control': 'private, no-store',
    },
  });
}

export const exportsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createExport, async (c) => {
    const user = c.var.user;
    const { db, env } = c.var.deps;
    const file = await exports.createExport({
      db,
      userId: user.id,
      teamId: user.teamId,
      request: c.req.valid('json'),
      dailyLimit: env.EXPORT_DAILY_LIMIT,
      ip: clientIp(c, env.TRUST_PROXY),
      webhooksQueued: () => c.var.deps.services.jobs.wake(WEBHOOKS_JOB),
    });
    return fileResponse(file) as never;
  })
  .openapi(exportProfile, async (c) => {
    const user = c.var.user;
    const { db, env } = c.var.deps;
    const file = await exports.exportProfilePdf({
      db,
      userId: user.id,
      physicianId: Number(c.req.valid('param').id),
      dailyLimit: env.EXPORT_DAILY_LIMIT,
      ip: clientIp(c, env.TRUST_PROXY),
    });
    return fileResponse(file) as never;
  });
