import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ImportIdParams, ImportJobResponse, ListImportsResponse, StartImportQuery } from '../../../contract/import';
import type { AppDeps, AppEnv } from '../../lib/context';
import { errorResponse, json, signedIn } from '../../lib/openapi';
import { capabilityGuard } from '../../lib/guards';
import { getImport, listImports, startUploadedImport, type UploadDeps } from './uploads';

/** The upload's path: app.ts exempts it from the 2 MB body limit (the NPPES file is gigabytes). */
export const IMPORT_UPLOAD_PATH = '/api/admin/imports';

const guarded = { tags: ['admin', 'import'], security: signedIn, middleware: capabilityGuard('admin:access') };
const guardResponses = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Signed in, but not an admin'),
};
/** What the upload calls use of the app (ADR 060), handed in here. */
const uploadDeps = ({ db, env, services }: AppDeps): UploadDeps => ({
  db,
  env,
  importJobs: services.importJobs,
  jobs: services.jobs,
});

const noStore = <E extends AppEnv>(c: Context<E>) => c.header('Cache-Control', 'private, no-store');

const startImport = createRoute({
  method: 'post',
  path: '/admin/imports',
  operationId: 'startImport',
  summary:
    'Upload a CMS file (NPPES .csv or monthly .zip, or the Doctors and Clinicians .csv) and import it in the server, as `npm run import` does; 202 with the job to follow',
  ...guarded,
  request: {
    query: StartImportQuery,
    body: {
      required: true,
      description: 'The file itself, as the raw body',
      content: { 'application/octet-stream': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
    },
  },
  responses: {
    202: { description: 'Uploaded; the import is running', ...json(ImportJobResponse) },
    400: errorResponse('A bad kind, file name or file date, or no file'),
    ...guardResponses,
    409: errorResponse('Another import is running'),
    413: errorResponse('The file is larger than IMPORT_MAX_BYTES'),
  },
});

const getImportJob = createRoute({
  method: 'get',
  path: '/admin/imports/{id}',
  operationId: 'getImport',
  summary: 'One uploaded import: status, rows read, percent of the file, and the summary when done',
  ...guarded,
  request: { params: ImportIdParams },
  responses: {
    200: { description: 'The import', ...json(ImportJobResponse) },
    400: errorResponse('A bad id'),
    ...guardResponses,
    404: errorResponse('No such import in this server process'),
  },
});

const listImportJobs = createRoute({
  method: 'get',
  path: '/admin/imports',
  operationId: 'listImports',
  summary: 'The uploaded imports (the last 20), newest first',
  ...guarded,
  responses: { 200: { description: 'The imports', ...json(ListImportsResponse) }, ...guardResponses },
});

export const importRoutes = new OpenAPIHono<AppEnv>();
importRoutes
  .openapi(startImport, async (c) => {
    const user = c.var.user;
    const { kind, fileName, fileDate } = c.req.valid('query');
    const length = Number(c.req.header('content-length'));
    const job = await startUploadedImport(uploadDeps(c.var.deps), {
      kind,
      fileName,
      fileDate,
      body: c.req.raw.body,
      declaredBytes: Number.isFinite(length) && length >= 0 ? length : undefined,
      actor: { userId: user.id, email: user.email },
    });
    return c.json({ import: job }, 202);
  })
  .openapi(getImportJob, async (c) => {
    noStore(c);
    return c.json({ import: await getImport(c.var.deps, c.req.valid('param').id) }, 200);
  })
  .openapi(listImportJobs, async (c) => {
    noStore(c);
    return c.json({ imports: await listImports(c.var.deps) }, 200);
  });
