import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { openPgliteDriver } from '../../db/pglite-driver';
import { createDemoAccounts, DEMO_PASSWORD } from '../../db/seed/demo';
import { TEMPLATE_PATH } from '../template-path';
import { freePort } from '../support/server-process';

/*
 * The embedded database of a development machine (demo accounts with the
 * published password) started with NODE_ENV=production. The real server process: without
 * DEMO_DATA the published password no longer signs in; a later start with DEMO_DATA=1 prints a new
 * password, which does.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

type Server = { url: string; child: ChildProcess; messages: () => string[]; stop(): Promise<void> };

/** `npm start`'s server (server/main.ts) in production on `dataDir`; resolves once it answers. */
async function startProduction(dataDir: string, extra: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    MAIL_OUTBOX_ONLY: '1',
    BILLING_DEMO: '1',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DEMO_DIRECTORY_SIZE: '0',
    DEMO_DATA: '',
    ADMIN_EMAILS: '',
    ...extra,
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], { cwd: root, env });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    // pino writes one JSON object per line; the messages, in order.
    messages: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => String((JSON.parse(line) as { msg?: string }).msg ?? '')),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function logIn(server: Server, email: string, password: string) {
  return fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    body: JSON.stringify({ email, password }),
  });
}

// The embedded database only: this is about a DATA_DIR made by a development start.
describe.skipIf(Boolean(process.env.DATABASE_URL))('production start on a development DATA_DIR', () => {
  it('retires the published demo password; DEMO_DATA=1 gives a new one, printed once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'prod-start-'));
    dirs.push(dataDir);
    // What a development start leaves: the demo accounts with DEMO_PASSWORD.
    const driver = await openPgliteDriver({
      dataDir: join(dataDir, 'pglite'),
      loadDataDir: new Uint8Array(await readFile(TEMPLATE_PATH)),
    });
    expect(await createDemoAccounts(createDb(driver))).toHaveLength(4);
    await driver.close();

    const first = await startProduction(dataDir, {});
    try {
      expect((await logIn(first, 'admin@example.com', DEMO_PASSWORD)).status).toBe(401);
      expect(first.messages().find((m) => m.includes('are disabled'))).toContain('admin@example.com');
      expect(first.messages().join('\n')).not.toContain(DEMO_PASSWORD);
    } finally {
      await first.stop();
    }

    const second = await startProduction(dataDir, { DEMO_DATA: '1' });
    try {
      const line = second.messages().find((m) => m.includes('their new password is'));
      const password = /their new password is "([^"]+)"/.exec(line ?? '')?.[1];
      expect(password, second.messages().join('\n')).toMatch(/^[\w-]{16,}$/);
      const admin = await logIn(second, 'admin@example.com', password!);
      expect(admin.status).toBe(200);
      expect(((await admin.json()) as { user: { role: string } }).user.role).toBe('admin');
      expect((await logIn(second, 'admin@example.com', DEMO_PASSWORD)).status).toBe(401);
    } finally {
      await second.stop();
    }
  }, 240_000);
});

// The demo billing provider sells paid plans for the test card: production needs Stripe or says so.
describe.skipIf(Boolean(process.env.DATABASE_URL))('production start and billing', () => {
  it('refuses to start without a billing provider, naming STRIPE_SECRET_KEY; BILLING_DEMO=1 starts with a warning', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'prod-billing-'));
    dirs.push(dataDir);
    await expect(startProduction(dataDir, { BILLING_DEMO: '' })).rejects.toThrow(
      /server exited \(1\)[\s\S]*STRIPE_SECRET_KEY: required when NODE_ENV=production/,
    );

    const staging = await startProduction(dataDir, {});
    try {
      expect(staging.messages().find((m) => m.startsWith('BILLING_DEMO=1'))).toContain('anyone can get a paid plan for free');
      const me = (await (await fetch(`${staging.url}/api/me`)).json()) as { demoBilling?: boolean };
      expect(me.demoBilling).toBe(true);
    } finally {
      await staging.stop();
    }
  }, 240_000);
});
