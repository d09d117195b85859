import { OpenAPIHono } from '@hono/zod-openapi';
import type { Hook } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimit } from 'hono/body-limit';
import { serveStatic } from '@hono/node-server/serve-static';
import { isAppPath } from '../contract/app-paths';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type ErrorResponse } from '../contract/errors';
import type { AppDeps, AppEnv } from './lib/context';
import { AppError } from './lib/errors';
import { API_KEY_SECURITY_SCHEME, SESSION_SECURITY_SCHEME } from './lib/openapi';
import { auditActor } from './lib/audit';
import { isGuard } from './lib/guards';
import { compressAnswers } from './lib/compress';
import { enforceRateLimits } from './lib/rate-limit';
import { rejectNulCharacters } from './lib/nul-guard';
import { requestIdFor, runWithRequestId } from './lib/request-context';
import { answerBootCalls, bootCalls, gzipEachPart, loadWebShell, pageDrawer, type PageRenderer } from './lib/web-shell';
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
import { verificationRoutes } from './features/verification/routes';
import { exportsRoutes } from './features/exports/routes';
import { removalRoutes } from './features/removal/routes';
import { contactFormRoutes } from './features/contact-form/routes';
import { importRoutes, IMPORT_UPLOAD_PATH } from './features/import/routes';
import { matchesRoutes, MATCH_UPLOAD_PATHS } from './features/matches/routes';
import { apiKeysRoutes } from './features/api-keys/routes';
import { teamRoutes } from './features/team/routes';
import { bullhornRoutes } from './features/integrations/bullhorn/routes';
import { outreachRoutes } from './features/outreach/routes';
import { webhooksRoutes } from './features/integrations/webhooks/routes';
import { resolveApiKey } from './features/api-keys/service';
import { apiDocsRoutes } from './features/api-docs/routes';
import { metricsRoutes, operationsRoutes } from './features/operations/routes';
import { API_KEY_RATE_LIMITS } from './features/api-keys/rate-limits';

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
        'healthcare recruiters. Every error has the ErrorResponse body; state-changing calls made with the ' +
        `session cookie must send the \`${CSRF_HEADER}: ${CSRF_HEADER_VALUE}\` header (calls with an API key ` +
        'need not). The search, profile, lists, contact and export calls also take an API key ' +
        '(`Authorization: Bearer pd_live_...`, made in Account Settings; see /api/docs). ' +
        `Any call may answer 503 \`service_unavailable\` ` +
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
// The outreach one-click unsubscribe (RFC 8058) is POSTed by mail clients, with no cookie or header;
// the outreach complaints intake by the mail provider's feedback loop, with its own shared secret.
const CSRF_EXEMPT = [/^\/api\/billing\/webhook\/?$/, /^\/api\/outreach\/unsubscribe\/?$/, /^\/api\/outreach\/complaints\/?$/];
/** Paths whose `Authorization: Bearer` is their own shared secret (OUTREACH_COMPLAINTS_TOKEN, ADR 066), never an API key. */
const OWN_BEARER = [/^\/api\/outreach\/complaints\/?$/];

/**
 * True when an operation needs a caller: its `security` names the session cookie and has no empty
 * requirement (`{}`: anyone may call). The `signedIn` and `signedInOrApiKey` of lib/openapi.
 */
function requiresSession(security: Array<Record<string, string[]>> | undefined): boolean {
  if (security?.some((requirement) => Object.keys(requirement).length === 0)) return false;
  return !!security?.some((requirement) => SESSION_SECURITY_SCHEME in requirement);
}

/** True when an operation's `security` names the API key scheme (signedInOrApiKey, publicOrApiKey). */
function acceptsApiKey(security: Array<Record<string, string[]>> | undefined): boolean {
  return !!security?.some((requirement) => API_KEY_SECURITY_SCHEME in requirement);
}

/** The key of an `Authorization: Bearer <key>` header; null when the header is absent or of another scheme. */
function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer(?:[ \t]+(.*))?$/i);
  return match ? (match[1] ?? '').trim() : null;
}

/**
 * A signedIn operation answers 401 to a caller without a session before anything else reads the
 * request (its body, query or params): an anonymous caller learns nothing from validation errors.
 * That is its route's one guard (lib/guards.ts, route middleware, which runs before the
 * validators). Checked here against each feature's own OpenAPI definitions, so no operation whose
 * security needs a session can go without: the app refuses to start.
 */
export function assertGuarded(features: Array<Pick<OpenAPIHono<AppEnv>, 'openAPIRegistry' | 'routes'>>): void {
  for (const routes of features) {
    const guarded = new Set(routes.routes.filter((route) => isGuard(route.handler)).map((route) => `${route.method} ${route.path}`));
    for (const def of routes.openAPIRegistry.definitions) {
      if (def.type !== 'route' || !requiresSession(def.route.security)) continue;
      const route = `${def.route.method.toUpperCase()} ${def.route.path.replace(/\{(\w+)\}/g, ':$1')}`;
      if (!guarded.has(route)) {
        throw new Error(`${route} needs a session (its OpenAPI security) but has no guard: add signedInGuard or capabilityGuard (server/lib/guards.ts)`);
      }
    }
  }
}

export type CreateAppOptions = {
  deps: AppDeps;
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string;
  /** The web app's renderer of the pages the server draws (ADR 026), from main.ts; without it the browser draws every page. */
  pageRenderer?: PageRenderer;
};

/** Builds the HTTP app (no listen): middleware, features, error handler, SPA fallback. */
export function createApp({ deps, webRoot, pageRenderer }: CreateAppOptions) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  // Feature routes. Each feature exports an OpenAPIHono mounted under /api.
  const features = [
    healthRoutes,
    meRoutes,
    authRoutes,
    accountRoutes,
    apiKeysRoutes,
    devRoutes,
    directoryRoutes,
    submissionRoutes,
    listsRoutes,
    savedSearchesRoutes,
    contactsRoutes,
    verificationRoutes,
    exportsRoutes,
    matchesRoutes,
    adminRoutes,
    billingRoutes,
    teamRoutes,
    bullhornRoutes,
    outreachRoutes,
    webhooksRoutes,
    importRoutes,
    removalRoutes,
    contactFormRoutes,
    operationsRoutes,
  ];
  // The operations an API key may call (their `security` names bearerAuth): method and path pattern.
  const apiKeyOperations: Array<{ method: string; pattern: RegExp }> = [];
  for (const routes of features) {
    for (const def of routes.openAPIRegistry.definitions) {
      if (def.type !== 'route' || !acceptsApiKey(def.route.security)) continue;
      const pattern = new RegExp(`^/api${def.route.path.replace(/\{\w+\}/g, '[^/]+')}/?$`);
      apiKeyOperations.push({ method: def.route.method.toUpperCase(), pattern });
    }
  }
  const isApiKeyOperation = (method: string, path: string) =>
    apiKeyOperations.some(
      (op) => (op.method === method || (op.method === 'GET' && method === 'HEAD')) && op.pattern.test(path),
    );

  // First of all: the request's id (kept from a well-formed X-Request-Id, else new) names every log
  // line written while serving it and goes back in the answer; the answer is counted in /metrics
  // under its matched route (a pattern such as /api/physicians/:id, never an id).
  app.use('*', async (c, next) => {
    const requestId = requestIdFor(c.req.header('x-request-id'));
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await runWithRequestId(requestId, next);
    if (!c.res.headers.has('X-Request-Id')) c.res = withHeader(c.res, 'X-Request-Id', requestId);
    deps.services.metrics.observeRequest({
      method: c.req.method,
      route: c.req.routePath,
      status: c.res.status,
      seconds: (performance.now() - started) / 1000,
    });
  });

  const shell = webRoot && existsSync(join(webRoot, 'index.html')) ? loadWebShell(webRoot, pageRenderer?.pages) : null;
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // The page's own inline script (index.html) by its hash: nothing else inline runs.
        scriptSrc: ["'self'", ...(shell?.inlineScriptHashes ?? []).map((hash) => `'sha256-${hash}'`)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com', 'https://billing.stripe.com'],
        frameAncestors: ["'none'"],
      },
    }),
  );

  // gzip (or deflate) for answers of 1 KB or more, when the client accepts it (lib/compress.ts);
  // static files come precompressed (Brotli or gzip) from the build. App pages are streamed and
  // compressed below, each part flushed as it is made (lib/web-shell.ts: the head, with the
  // scripts, must leave at once while the server still makes the page's first answers; this
  // middleware would hold it back until the end).
  const compressing = compressAnswers();
  app.use('*', (c, next) =>
    c.req.path !== '/' && (c.req.method === 'GET' || c.req.method === 'HEAD') && isAppPath(c.req.path)
      ? next()
      : compressing(c, next),
  );

  app.use('/api/*', async (c, next) => {
    c.set('deps', deps);
    const started = performance.now();
    const method = c.req.method;
    const apiKey = OWN_BEARER.some((re) => re.test(c.req.path)) ? null : bearerToken(c.req.header('authorization'));
    if (apiKey !== null) {
      // A call with an API key (ADR 022): the key is the only credential (a cookie sent along is
      // ignored), so no cross-site page can ride on it: a page cannot add an Authorization header
      // to a request without CORS, which this API never allows. Hence no CSRF header needed.
      if (!isApiKeyOperation(method, c.req.path)) {
        throw new AppError('unauthenticated', 'This call does not accept an API key: sign in instead.');
      }
      const caller = await resolveApiKey(deps.db, apiKey);
      if (!caller?.apiKeyId) throw new AppError('unauthenticated', 'Invalid or revoked API key.');
      await enforceRateLimits([[deps.services.apiKeyRateLimits.requestsPerKey, caller.apiKeyId]]);
      c.set('currentUser', caller);
      await auditActor.run({ apiKeyId: caller.apiKeyId }, next);
    } else {
      if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
        const exempt = CSRF_EXEMPT.some((re) => re.test(c.req.path));
        if (!exempt && c.req.header(CSRF_HEADER) !== CSRF_HEADER_VALUE) {
          throw new AppError('forbidden', `Missing ${CSRF_HEADER} header (cross-site request refused).`);
        }
      }
      c.set('currentUser', await loadCurrentUser(c));
      await next();
    }
    deps.logger.debug(
      { method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
  const limitBody = bodyLimit({
    maxSize: 2 * 1024 * 1024,
    onError: () => {
      throw new AppError('payload_too_large', 'The request body is larger than 2 MB.');
    },
  });
  // Two large bodies, each streamed to disk by its route with its own limit: an admin's import
  // upload, and a recruiter's list to match (10 MB; its capability guard runs before the body).
  // A GET or HEAD has no body (the limit would only make the adapter build a full Request to
  // find that out: 3 % of the server's CPU under the load bench's mix).
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' ||
    c.req.method === 'HEAD' ||
    (c.req.method === 'POST' && (c.req.path === IMPORT_UPLOAD_PATH || MATCH_UPLOAD_PATHS.includes(c.req.path)))
      ? next()
      : limitBody(c, next),
  );
  app.use('/api/*', rejectNulCharacters);

  assertGuarded(features);
  for (const routes of features) app.route('/api', routes);

  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_SECURITY_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie set by POST /api/auth/login',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', API_KEY_SECURITY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key (`pd_live_...`) made in Account Settings > API Keys (Annual Plan and admins), sent as ' +
      '`Authorization: Bearer <key>`. Accepted only by the operations that list it (search, profile, ' +
      "lists, contacts, exports), with the key's user's capabilities as they are now, its own rate " +
      `limit (${API_KEY_RATE_LIMITS.requestsPerKey.max} requests a minute, 429 with Retry-After beyond) ` +
      'and no CSRF header needed.',
  });
  app.doc31('/api/openapi.json', (c) => openApiConfig(c.var.deps.env.APP_URL));
  app.route('/', apiDocsRoutes);
  // Prometheus scrapes /metrics by convention (outside /api: no session, CSRF or API key there).
  app.route('/', metricsRoutes);

  app.all('/api/*', () => {
    throw new AppError('not_found', 'No such API endpoint.');
  });

  if (shell) {
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
    // A page comes with its first answers inside (lib/web-shell.ts); the pages of pageRenderer
    // come drawn (ADR 026).
    app.get('*', (c) => {
      if (!isAppPath(c.req.path)) return c.html(shell.html, 404);
      const calls = bootCalls(c.req.path, new URL(c.req.url).searchParams);
      // The answers are this caller's: kept by no shared cache, and asked again on every visit.
      c.header('Cache-Control', 'private, no-cache');
      c.header('Content-Type', 'text/html; charset=UTF-8');
      const draw =
        pageRenderer && shell.draws(c.req.path)
          ? pageDrawer(pageRenderer, c.req.url, calls, (error) =>
              deps.logger.warn({ err: error, path: c.req.path }, 'page not drawn on the server'),
            )
          : undefined;
      const page = shell.stream(c.req.path, answerBootCalls(app, c, calls), draw);
      c.header('Vary', 'Accept-Encoding');
      if (!/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) return c.body(page, 200);
      c.header('Content-Encoding', 'gzip');
      return c.body(gzipEachPart(page), 200);
    });
  }

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      const body = error.status >= 500 ? withRequestId(error.toBody(), c.get('requestId')) : error.toBody();
      return c.json(body, error.status as 400);
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
      return c.json(withRequestId(new AppError('service_unavailable', DATABASE_UNAVAILABLE_MESSAGE).toBody(), c.get('requestId')), 503);
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
    // The id lets support find this request's log lines from what the user saw.
    return c.json(withRequestId(new AppError('internal', 'An unexpected error occurred').toBody(), c.get('requestId')), 500);
  });

  return app;
}

/** A 5xx body names the request, so a user's report leads to its log lines. */
function withRequestId(body: ErrorResponse, requestId: string | undefined): ErrorResponse {
  return requestId ? { error: { ...body.error, requestId } } : body;
}

/** `response` with one more header (a response whose headers cannot change is copied). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}
