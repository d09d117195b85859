// `npm run lint:api`: writes the OpenAPI document of the app (built in-process, as the tests
// build it, without a database: the document comes from the route definitions alone) to a
// temporary file and lints it with Redocly CLI's recommended rules (redocly.yaml). Exit code of
// the lint; `--keep` leaves the file and prints its path.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, openApiConfig } from '../server/app';
import type { AppDeps } from '../server/lib/context';
import { loadEnv } from '../server/lib/env';
import { createLogger } from '../server/lib/logger';

const root = fileURLToPath(new URL('..', import.meta.url));
const APP_URL = 'http://localhost:3000';

/** Deps for building the document only: touching the database or a service is a bug here. */
function documentOnlyDeps(): AppDeps {
  const unavailable = (name: string) =>
    new Proxy({}, {
      get(_target, key) {
        throw new Error(`Building the OpenAPI document must not use deps.${name}.${String(key)}`);
      },
    });
  return {
    env: loadEnv({ NODE_ENV: 'development', LOG_LEVEL: 'silent', APP_URL }),
    logger: createLogger('silent', false),
    db: unavailable('db') as AppDeps['db'],
    services: unavailable('services') as AppDeps['services'],
  };
}

const app = createApp({ deps: documentOnlyDeps() });
const document = app.getOpenAPI31Document(openApiConfig(APP_URL));

const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(document, null, 2));

const result = spawnSync(
  process.execPath,
  [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', file, '--config', join(root, 'redocly.yaml')],
  {
    cwd: root,
    stdio: 'inherit',
    // No telemetry, no update check: the lint needs no network.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);

if (process.argv.includes('--keep')) console.log(`Document: ${file}`);
else rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);
