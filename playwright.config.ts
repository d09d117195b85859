import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';
import { findChromium } from './scripts/chromium.mjs';

/**
 * A port that is free now: the operating system picks it (listen on port 0) in a short child
 * process, since the config must be synchronous. A random guess could collide with another run.
 */
function freePort(): string {
  const script =
    "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

// One port for the whole run: the config is evaluated again in each worker, which inherit env.
process.env.E2E_PORT ??= freePort();
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/test-results',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions: {
      // `npm run test:e2e` has made sure there is one (scripts/chromium.mjs --ensure).
      executablePath: findChromium() ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    // The Node.js running this config (node_modules/.bin/node under npm), not the first on PATH.
    command: `"${process.execPath}" scripts/e2e-server.mjs`,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1' },
  },
});
