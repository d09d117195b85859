// The server the browser tests run against: a fresh embedded database in .tmp with a small,
// deterministic demo directory (the 300,000-row one is for `npm start` and benches).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { assertSupportedNode } from './node-version.mjs';

assertSupportedNode();

const dataDir = fileURLToPath(new URL(`../.tmp/e2e-data-${process.env.PORT}`, import.meta.url));
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.DEMO_DIRECTORY_SIZE ??= '2000';
process.env.LOG_LEVEL ??= 'warn';
// Every browser test signs in from 127.0.0.1, often as the same demo account.
process.env.RATE_LIMIT_FACTOR ??= '50';
process.env.NODE_ENV ??= 'development';
// The outreach complaints intake (ADR 066) is on, so a browser test can report a complaint.
process.env.OUTREACH_COMPLAINTS_TOKEN ??= 'e2e-complaints-token-0123456789';
delete process.env.DATABASE_URL;
process.env.APP_URL = `http://127.0.0.1:${process.env.PORT}`;

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
