import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../contract/errors';
import type { AppEnv } from '../../lib/context';

/*
 * /api/docs: the interactive API reference (Swagger UI over /api/openapi.json, ADR 022), served from
 * the swagger-ui-dist package of node_modules (no CDN: the CSP allows this origin's scripts only, and
 * the page works offline). 'Authorize' takes an API key (bearerAuth), so 'Try it out' runs the
 * examples as the key's user.
 */

export const API_DOCS_PATH = '/api/docs';

const DIST = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API Reference | PhysicianDirect</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}/assets/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${API_DOCS_PATH}/assets/favicon-32x32.png" />
  </head>
  <body>
    <main id="swagger-ui" aria-label="PhysicianDirect API reference"></main>
    <script src="${API_DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/assets/swagger-ui-standalone-preset.js"></script>
    <script src="${API_DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

// A file, not an inline script: the CSP allows no inline scripts. The CSRF header lets 'Try it out'
// of a state-changing call work for a signed-in browser too (a call with a key needs none).
const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // Tags folded, with a filter box: past about 125 operations Swagger UI draws an unfolded document
  // a few operations a second (ADR 066 crossed it); a reader opens the tag they need.
  docExpansion: 'none',
  filter: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'BaseLayout',
  tryItOutEnabled: false,
  requestInterceptor: function (request) {
    request.headers[${JSON.stringify(CSRF_HEADER)}] = ${JSON.stringify(CSRF_HEADER_VALUE)};
    return request;
  },
});
`;

const cache = new Map<string, Buffer>();

export const apiDocsRoutes = new Hono<AppEnv>()
  .get(API_DOCS_PATH, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(PAGE);
  })
  .get(`${API_DOCS_PATH}/init.js`, (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(INIT);
  })
  .get(`${API_DOCS_PATH}/assets/:file`, async (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) return c.notFound();
    let body = cache.get(file);
    if (!body) {
      body = await readFile(join(DIST, file));
      cache.set(file, body);
    }
    c.header('Content-Type', type);
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(new Uint8Array(body));
  });
