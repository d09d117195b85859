import { OpenAPIHono } from '@hono/zod-openapi';
import type { Hook } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimit } from 'hono/body-limit';
import { serveStatic } from '@hono/node-server/serve-static';
import { compress } from 'hono/compress';
import { isAppPath } from '../contract/app-paths';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/errors';
import type { AppDeps, AppEnv } from './lib/context';
import { AppError } from './lib/errors';
import { SESSION_SECURITY_SCHEME } from './lib/openapi';
import { rejectNulCharacters } from './lib/nul-guard';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './db/unavailable';
import { SESSION_COOKIE } from './features/auth/session';
import { loadCurrentUser } from './features/auth/session';
import { meRoutes } from './features/auth/me-routes';
import { healthRoutes } from './features/health/routes';
import { authRoutes } from './features/auth/routes';
import { accountRoutes } from './features/account/routes';
import { devRoutes } from './features/dev/routes';
import { directoryRoutes } from './features/directory/routes';
import { billingRoutes } from './features/billing/routes';
import { adminRoutes } from './features/admin/routes';
import { listsRoutes } from './features/lists/routes';
import { savedSearchesRoutes } from './features/saved-searches/routes';
import { submissionRoutes } from './features/submissions/routes';
import { contactsRoutes } from './features/contacts/routes';
import { exportsRoutes } from './features/exports/routes';
import { removalRoutes } from './features/removal/routes';
import { contactFormRoutes } from './features/contact-form/routes';
import { importRoutes, IMPORT_UPLOAD_PATH } from './features/import/routes';

/** Turns zod validation failures into one 400 that names each bad field. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (result.success) return;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'body';
    fields[key] ??= issue.message;
  }
  const [first] = Object.entries(fields);
  throw new AppError('validation_failed', first ? `${first[0]}: ${first[1]}` : 'Invalid request', { fields });
};

/** The top of /api/openapi.json (the paths come from each route's createRoute). */
export function openApiConfig(appUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'PhysicianDirect API',
      version: '1.0.0',
      description:
        'The API behind the PhysicianDirect web app: a subscription directory of US physicians for ' +
        'healthcare recruiters. Every error has the ErrorResponse body; state-changing calls must send ' +
        `the \`${CSRF_HEADER}: ${CSRF_HEADER_VALUE}\` header. Any call may answer 503 \`service_unavailable\` ` +
        '(with Retry-After) while the database cannot be reached; retry after the given seconds.',
      termsOfService: `${appUrl}/terms`,
      license: { name: 'Proprietary: PhysicianDirect Terms of Service', url: `${appUrl}/terms` },
    },
    // Relative: the server that serves this document (the paths start with /api).
    servers: [{ url: '/', description: 'The server serving this document' }],
  };
}

/** Paths exempt from the CSRF header: signed provider webhooks. */
// Anchored at both ends: '/api/billing/webhook-anything' or '/api/billing/webhookX' is not exempt.
const CSRF_EXEMPT = [/^\/api\/billing\/webhook\/?$/];

/** True when an operation's `security` names the session cookie (the `signedIn` of lib/openapi). */
function requiresSession(security: Array<Record<string, string[]>> | undefined): boolean {
  return !!security?.some((requirement) => SESSION_SECURITY_SCHEME in requirement);
}

export type CreateAppOptions = {
  deps: AppDeps;
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string;
};

/** Builds the HTTP app (no listen): middleware, features, error handler, SPA fallback. */
export function createApp({ deps, webRoot }: CreateAppOptions) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com', 'https://billing.stripe.com'],
        frameAncestors: ["'none'"],
      },
    }),
  );

  // gzip (or deflate) for JSON and HTML answers of 1 KB or more, when the client accepts it;
  // static files come precompressed (Brotli or gzip) from the build.
  app.use('*', compress());

  app.use('/api/*', async (c, next) => {
    c.set('deps', deps);
    const started = performance.now();
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
      const exempt = CSRF_EXEMPT.some((re) => re.test(c.req.path));
      if (!exempt && c.req.header(CSRF_HEADER) !== CSRF_HEADER_VALUE) {
        throw new AppError('forbidden', `Missing ${CSRF_HEADER} header (cross-site request refused).`);
      }
    }
    c.set('currentUser', await loadCurrentUser(c));
    await next();
    deps.logger.debug(
      { method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
  const limitBody = bodyLimit({ maxSize: 2 * 1024 * 1024, onError: () => {
    throw new AppError('payload_too_large', 'The request body is larger than 2 MB.');
  } });
  // An admin's import upload is the one large body: streamed to disk by its route (admins only).
  app.use('/api/*', (c, next) => (c.req.method === 'POST' && c.req.path === IMPORT_UPLOAD_PATH ? next() : limitBody(c, next)));
  app.use('/api/*', rejectNulCharacters);

  // Feature routes. Each feature exports an OpenAPIHono mounted under /api.
  const features = [
    healthRoutes,
    meRoutes,
    authRoutes,
    accountRoutes,
    devRoutes,
    directoryRoutes,
    submissionRoutes,
    listsRoutes,
    savedSearchesRoutes,
    contactsRoutes,
    exportsRoutes,
    adminRoutes,
    billingRoutes,
    importRoutes,
    removalRoutes,
    contactFormRoutes,
  ];
  // A signedIn operation answers 401 to a caller without a session before anything else reads the
  // request (its body, query or params): an anonymous caller learns nothing from validation errors.
  // Registered from each feature's own OpenAPI definitions, so no signedIn route can miss it.
  for (const routes of features) {
    for (const def of routes.openAPIRegistry.definitions) {
      if (def.type !== 'route' || !requiresSession(def.route.security)) continue;
      const path = `/api${def.route.path.replace(/\{(\w+)\}/g, ':$1')}`;
      app.on(def.route.method.toUpperCase(), path, async (c, next) => {
        if (!c.var.currentUser) throw new AppError('unauthenticated', 'User not authenticated.');
        await next();
      });
    }
  }
  for (const routes of features) app.route('/api', routes);

  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_SECURITY_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie set by POST /api/auth/login',
  });
  app.doc31('/api/openapi.json', (c) => openApiConfig(c.var.deps.env.APP_URL));

  app.all('/api/*', () => {
    throw new AppError('not_found', 'No such API endpoint.');
  });

  if (webRoot && existsSync(join(webRoot, 'index.html'))) {
    const indexHtml = readFileSync(join(webRoot, 'index.html'), 'utf8');
    // `precompressed`: the build writes .br and .gz beside each file (vite.config.ts), sent to
    // clients that accept them; others are compressed on the fly by compress() above.
    // Hashed names: a file's content never changes. (Set after serveStatic answered: its
    // onFound hook runs once the response is made, too late for a header.)
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('/assets/*', serveStatic({ root: webRoot, precompressed: true }));
    app.use('*', serveStatic({ root: webRoot, precompressed: true }));
    // SPA fallback: the React router renders every other path. Paths it has no page for get its
    // 'Page Not Found' with the status 404 (contract/app-paths.ts lists the router's paths).
    app.get('*', (c) => c.html(indexHtml, isAppPath(c.req.path) ? 200 : 404));
  }

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(error.toBody(), error.status as 400);
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting or unreachable: a clear, retryable 503; the pool reconnects by itself.
      deps.logger.warn(
        {
          err: { message: (error as Error).message, code: (error as { code?: string }).code },
          path: c.req.path,
        },
        'database unavailable',
      );
      c.header('Retry-After', '5');
      return c.json(new AppError('service_unavailable', DATABASE_UNAVAILABLE_MESSAGE).toBody(), 503);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const code = status === 413 ? 'payload_too_large' : status === 401 ? 'unauthenticated' : 'bad_request';
      const message = error.message || 'Bad request';
      // Hono's own 400s are about the request body (malformed JSON): name it as the field.
      const fields = status === 400 ? { body: message } : undefined;
      return c.json(new AppError(code, message, { fields }).toBody(), status);
    }
    deps.logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json(new AppError('internal', 'An unexpected error occurred').toBody(), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
