import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  CreateMatchForm,
  CreateMatchResponse,
  MATCH_MEDIA_TYPE,
  MatchIdParams,
  MatchJobResponse,
  MatchPreviewResponse,
  MatchRowParams,
  ResolveMatchRowRequest,
  ResolveMatchRowResponse,
} from '../../../contract/matches';
import { EXPORT_COUNT_HEADER } from '../../../contract/exports';
import type { AppDeps, AppEnv } from '../../lib/context';
import { errorResponse, json, jsonBody, signedIn } from '../../lib/openapi';
import { clientIp, enforceRateLimits } from '../../lib/rate-limit';
import { capabilityGuard } from '../../lib/guards';
import * as matches from './service';

/** The uploads' paths: app.ts exempts them from the 2 MB body limit (they stream to disk with their own). */
export const MATCH_UPLOAD_PATHS = ['/api/matches', '/api/matches/preview'];

const tags = ['matches'];
const errors = {
  400: errorResponse(
    'A bad field (named in error.fields): no file, not a CSV or XLSX, past a limit (10,000 rows, 50 columns, 1,000 characters a cell, 100 MB unzipped), a bad mapping',
  ),
  401: errorResponse('Not signed in'),
  403: errorResponse('Needs a Monthly or Annual Plan'),
};
// The form is declared from the contract's schema as plain JSON Schema, so the upload is not read
// by a validator before the route streams it to disk (service.receiveUpload validates it).
const { $schema: _dialect, ...formSchema } = z.toJSONSchema(CreateMatchForm) as Record<string, unknown>;
const uploadBody = {
  body: { required: true, content: { 'multipart/form-data': { schema: formSchema as { type: 'object' } } } },
};
/** What the match calls use of the app (ADR 060), handed in here. */
const matchDeps = ({ db, env, services }: AppDeps): matches.MatchDeps => ({ db, env, jobs: services.jobs });

const noStore = <E extends AppEnv>(c: Context<E>) => c.header('Cache-Control', 'private, no-store');

function upload<E extends AppEnv>(c: Context<E>, userId: string) {
  const length = Number(c.req.header('content-length'));
  return enforceRateLimits([[c.var.deps.services.matchRateLimits.uploadsPerUser, userId]]).then(() =>
    matches.receiveUpload({
      body: c.req.raw.body,
      contentType: c.req.header('content-type'),
      declaredBytes: Number.isFinite(length) && length >= 0 ? length : undefined,
    }),
  );
}

const previewMatch = createRoute({
  method: 'post',
  path: '/matches/preview',
  operationId: 'previewMatch',
  middleware: capabilityGuard('lists:add'),
  tags,
  summary: "A spreadsheet's header, first rows and guessed column mapping, for the mapping step (nothing is stored)",
  security: signedIn,
  request: uploadBody,
  responses: {
    200: { description: 'The preview', ...json(MatchPreviewResponse) },
    ...errors,
    413: errorResponse('The file is larger than 10 MB'),
    429: errorResponse('Too many uploads: wait (Retry-After)'),
  },
});

const createMatch = createRoute({
  method: 'post',
  path: '/matches',
  operationId: 'createMatch',
  middleware: capabilityGuard('lists:add'),
  tags,
  summary:
    "Upload a recruiter's list (CSV or XLSX, at most 10 MB, 10,000 rows and 50 columns) to match to the directory; 202 with the id to follow (Monthly and Annual Plans)",
  security: signedIn,
  request: uploadBody,
  responses: {
    202: { description: 'Stored; the rows are being matched', ...json(CreateMatchResponse) },
    ...errors,
    413: errorResponse('The file is larger than 10 MB'),
    429: errorResponse('Too many uploads: wait (Retry-After)'),
  },
});

const getMatch = createRoute({
  method: 'get',
  path: '/matches/{id}',
  operationId: 'getMatch',
  middleware: capabilityGuard('lists:add'),
  tags,
  summary: 'One uploaded list: status, progress, counts per outcome, and every row with its candidates once done',
  security: signedIn,
  request: { params: MatchIdParams },
  responses: {
    200: { description: 'The match', ...json(MatchJobResponse) },
    ...errors,
    404: errorResponse('No such upload among the caller’s own (or deleted after 7 days)'),
  },
});

const resolveRow = createRoute({
  method: 'post',
  path: '/matches/{id}/rows/{row}',
  operationId: 'resolveMatchRow',
  middleware: capabilityGuard('lists:add'),
  tags,
  summary: "Resolve a row: pick one of its candidates (or null: none of them)",
  security: signedIn,
  request: { params: MatchRowParams, ...jsonBody(ResolveMatchRowRequest) },
  responses: {
    200: { description: 'The row as resolved and the new counts', ...json(ResolveMatchRowResponse) },
    ...errors,
    404: errorResponse('No such upload or row among the caller’s own'),
    409: errorResponse('The list is still being matched'),
    429: errorResponse('Too many changes: wait (Retry-After)'),
  },
});

const binary = z.string().openapi({ format: 'binary' });
const enriched = createRoute({
  method: 'get',
  path: '/matches/{id}/enriched',
  operationId: 'downloadEnrichedMatch',
  middleware: capabilityGuard('exports:create'),
  tags,
  summary:
    "The uploaded file enriched (its columns unchanged, then NPI, physician id, outcome, score, specialty, location and contacts with their status), as uploaded (CSV or XLSX). An export: each matched physician counts against the daily export ceiling and it ends the money-back guarantee (Annual Plan and admins)",
  security: signedIn,
  request: { params: MatchIdParams },
  responses: {
    200: {
      description: 'The file (downloaded by the browser)',
      headers: {
        'Content-Disposition': { description: 'attachment; filename="list-enriched-2026-11-23.csv"', schema: { type: 'string' as const } },
        'X-Export-Count': { description: 'Matched physicians in the file (counted as exported)', schema: { type: 'integer' as const } },
      },
      content: { 'text/csv': { schema: binary }, [MATCH_MEDIA_TYPE.xlsx]: { schema: binary } },
    },
    ...errors,
    403: errorResponse('Needs the Annual Plan'),
    404: errorResponse('No such upload among the caller’s own'),
    409: errorResponse('The list is still being matched'),
    429: errorResponse('Daily export ceiling reached; the message says when it resets'),
  },
});

export const matchesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(previewMatch, async (c) => {
    const { user } = c.var;
    noStore(c);
    return c.json(await matches.previewUpload(await upload(c, user.id)), 200);
  })
  .openapi(createMatch, async (c) => {
    const { user } = c.var;
    const created = await matches.createMatch(matchDeps(c.var.deps), { userId: user.id, upload: await upload(c, user.id) });
    return c.json(created, 202);
  })
  .openapi(getMatch, async (c) => {
    const { user } = c.var;
    noStore(c);
    return c.json(await matches.getMatch(matchDeps(c.var.deps), { userId: user.id, id: c.req.valid('param').id }), 200);
  })
  .openapi(resolveRow, async (c) => {
    const { user } = c.var;
    await enforceRateLimits([[c.var.deps.services.matchRateLimits.resolvesPerUser, user.id]]);
    const { id, row } = c.req.valid('param');
    const result = await matches.resolveMatchRow(matchDeps(c.var.deps), {
      userId: user.id,
      id,
      row: Number(row),
      physicianId: c.req.valid('json').physicianId,
    });
    return c.json(result, 200);
  })
  .openapi(enriched, async (c) => {
    const { user } = c.var;
    const { env } = c.var.deps;
    const file = await matches.enrichedFile(matchDeps(c.var.deps), {
      userId: user.id,
      id: c.req.valid('param').id,
      ip: clientIp(c, env.TRUST_PROXY),
    });
    return new Response(new Uint8Array(file.body), {
      status: 200,
      headers: {
        'Content-Type': MATCH_MEDIA_TYPE[file.format],
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'Content-Length': String(file.body.length),
        [EXPORT_COUNT_HEADER]: String(file.count),
        'Cache-Control': 'private, no-store',
      },
    }) as never;
  });
