/*
 * The Chromium the browser tests and `npm run bench:web` drive (Playwright with executablePath: a
 * test tool's own browser download fails on the machines we run on). `findChromium()` looks in
 * CHROMIUM_PATH, the usual install paths and Playwright's own cache; `node scripts/chromium.mjs
 * --ensure` (the first step of `npm run test:e2e`) installs Debian's package when none is found and
 * it can (root with apt-get), else stops with one line that says what to run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const USUAL_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/lib/chromium/chromium',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export const INSTALL_HINT =
  'No Chromium found for the browser tests: run `sudo apt-get install -y chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Chromium binaries in Playwright's own download cache (PLAYWRIGHT_BROWSERS_PATH or ~/.cache/ms-playwright). */
function playwrightCache(env) {
  const root = env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache', 'ms-playwright');
  let folders = [];
  try {
    const revision = (name) => Number(name.slice(name.lastIndexOf('-') + 1));
    folders = readdirSync(root)
      .filter((name) => /^chromium(_headless_shell)?-\d+$/.test(name))
      .sort((a, b) => revision(b) - revision(a));
  } catch {
    return [];
  }
  return folders.flatMap((folder) =>
    ['chrome-linux/chrome', 'chrome-linux64/chrome', 'chrome-headless-shell-linux64/chrome-headless-shell'].map((leaf) => join(root, folder, leaf)),
  );
}

/**
 * The first Chromium found, or null. A CHROMIUM_PATH that is not an executable file is an error.
 * `usualPaths`: where to look before Playwright's cache (tests pass their own).
 */
export function findChromium(env = process.env, usualPaths = USUAL_PATHS) {
  if (env.CHROMIUM_PATH) {
    if (!isExecutable(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH="${env.CHROMIUM_PATH}": not an executable file. ${INSTALL_HINT}`);
    return env.CHROMIUM_PATH;
  }
  return [...usualPaths, ...playwrightCache(env)].find(isExecutable) ?? null;
}

/** Installs Debian's chromium when this process may (root, apt-get present); true when it did. */
function installWithApt() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return false;
  console.log('--- no Chromium found: installing Debian\'s chromium (apt-get install -y chromium)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  return true;
}

/** The Chromium to use, installed if need be; exits 1 with INSTALL_HINT when there is none. */
export function ensureChromium() {
  let found;
  try {
    found = findChromium() ?? (installWithApt() ? findChromium() : null);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  if (!found) {
    console.error(INSTALL_HINT);
    process.exit(1);
  }
  return found;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href && process.argv.includes('--ensure')) {
  console.log(`--- browser tests use ${ensureChromium()}`);
}
