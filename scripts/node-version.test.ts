import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE_RANGE, isSupportedNode, unsupportedNodeMessage } from './node-version.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// The machine's own node (what `node` means outside npm scripts), if it has one.
const SYSTEM_NODE = '/usr/bin/node';
const systemNodeVersion = spawnSync(SYSTEM_NODE, ['--version'], { encoding: 'utf8' }).stdout?.trim().slice(1) ?? '';

describe('supported Node.js', () => {
  it('accepts the supported LTS lines and refuses the end-of-life and odd ones', () => {
    for (const v of ['24.11.0', '24.21.0', '26.0.0', '26.10.0']) expect(isSupportedNode(v), v).toBe(true);
    for (const v of ['20.20.2', '22.22.0', '24.10.0', '25.2.1', '27.0.0']) expect(isSupportedNode(v), v).toBe(false);
  });

  it('says the same as package.json engines', () => {
    const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
    expect(pkg.engines.node).toBe(SUPPORTED_NODE_RANGE);
  });

  it('runs this test suite (and what it spawns) on a supported Node.js', () => {
    expect(isSupportedNode(process.versions.node), process.version).toBe(true);
  });

  it('names the running version and the fix in the message', () => {
    const message = unsupportedNodeMessage('v20.20.2', '/usr/bin/node');
    expect(message).toContain('needs Node.js 24');
    expect(message).toContain('v20.20.2 (/usr/bin/node)');
    expect(message).toContain('npm install');
  });

  // `node scripts/start.mjs` outside npm runs the machine's node: when that one is unsupported
  // (Node 20 here), the start must stop before building or opening anything.
  it.skipIf(!systemNodeVersion || isSupportedNode(systemNodeVersion))(
    'stops a start on an unsupported Node.js with the message and exit code 1',
    async () => {
      const res = await run(SYSTEM_NODE, [`${root}/scripts/start.mjs`]).catch((e) => e);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`PhysicianDirect needs Node.js 24 (or 26); this is Node.js v${systemNodeVersion}`);
      expect(res.stdout).not.toContain('Building the web app');
    },
  );
});

function run(cmd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd: root, timeout: 20_000 }, (error, stdout, stderr) => {
      const code = error ? Number(error.code ?? 1) : 0;
      (error ? reject : resolve)({ code, stdout, stderr });
    });
  });
}
