import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteDriver } from '../server/db/pglite-driver';
import { TEMPLATE_PATH } from '../server/test/template-path';

const root = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function tempDataDir() {
  const dir = await mkdtemp(join(tmpdir(), 'admin-cli-'));
  dirs.push(dir);
  return dir;
}

/** Runs `npm run admin -- ...args` (through tsx) on the embedded database in `dataDir`. */
function admin(
  dataDir: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ADMIN_EMAILS: '', NODE_ENV: 'test' };
  delete env.DATABASE_URL; // always the embedded database in the temporary DATA_DIR
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(root, 'scripts/admin.ts'), ...args],
      { cwd: root, env, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run admin', () => {
  it('prints the usage for a wrong command', async () => {
    const res = await admin(await tempDataDir(), 'promote', 'x@example.com');
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Usage: npm run admin -- grant EMAIL');
  });

  it('tells to stop the server first when the server holds the embedded database', async () => {
    const dataDir = await tempDataDir();
    // A live process (this test runner) holds the lock, as a running server would.
    await writeFile(join(dataDir, 'server.lock'), String(process.pid));
    const res = await admin(dataDir, 'grant', 'someone@example.com');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Stop the server first');
  });

  // The CLI always runs on a copy of the migrated PGlite template here; on the PostgreSQL run the
  // template is not built (the same SQL is covered by auth.test.ts through setRoleByEmail).
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'grants and revokes admin, and says clearly when the email has no account',
    async () => {
      const dataDir = await tempDataDir();
      const pglite = join(dataDir, 'pglite');
      let driver = await openPgliteDriver({
        dataDir: pglite,
        loadDataDir: new Uint8Array(await readFile(TEMPLATE_PATH)),
      });
      await driver.query("INSERT INTO users (email, password_hash) VALUES ('ops@example.com', 'x')");
      await driver.close();

      const missing = await admin(dataDir, 'grant', 'nobody@example.com');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('No account with the email nobody@example.com');

      const granted = await admin(dataDir, 'grant', 'OPS@example.com');
      expect(granted).toMatchObject({ code: 0, stdout: 'ops@example.com is now an admin.\n' });
      driver = await openPgliteDriver({ dataDir: pglite });
      expect((await driver.query<{ role: string }>('SELECT role FROM users')).rows).toEqual([
        { role: 'admin' },
      ]);
      await driver.close();

      const revoked = await admin(dataDir, 'revoke', 'ops@example.com');
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toContain('ops@example.com is no longer an admin');
    },
    120_000,
  );
});
