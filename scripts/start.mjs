// `npm start`: builds the web app if its sources changed since the last build, then runs the
// server (TypeScript through tsx) in this same process, so signals reach it directly.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertSupportedNode } from './node-version.mjs';

assertSupportedNode();

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'dist/web/index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sources = ['web', 'contract', 'vite.config.ts', 'package-lock.json'].map((p) => join(root, p));
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (sources.some((s) => newestMtime(s) > builtAt)) {
  console.log('Building the web app (sources changed since the last build)...');
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
