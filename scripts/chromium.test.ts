import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium } from './chromium.mjs';

const root = mkdtempSync(join(tmpdir(), 'chromium-find-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function executable(path: string, mode = 0o755): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, mode);
  return path;
}

describe('findChromium (the browser the tests drive)', () => {
  it('takes CHROMIUM_PATH first, and names it when it is not an executable file', () => {
    const own = executable(join(root, 'own', 'chrome'));
    const usual = executable(join(root, 'usr', 'chromium'));
    expect(findChromium({ CHROMIUM_PATH: own }, [usual])).toBe(own);
    expect(() => findChromium({ CHROMIUM_PATH: join(root, 'missing') }, [usual])).toThrow(/CHROMIUM_PATH=".*missing": not an executable file/);
    expect(() => findChromium({ CHROMIUM_PATH: executable(join(root, 'plain', 'file'), 0o644) }, [usual])).toThrow(/not an executable file/);
  });

  it('then the usual install paths, skipping files that are not executable', () => {
    const notExecutable = executable(join(root, 'a', 'chromium'), 0o644);
    const usual = executable(join(root, 'b', 'chromium'));
    expect(findChromium({ PLAYWRIGHT_BROWSERS_PATH: join(root, 'empty') }, [join(root, 'none'), notExecutable, usual])).toBe(usual);
  });

  it("then Playwright's own cache, newest first; null when there is none anywhere", () => {
    const cache = join(root, 'ms-playwright');
    executable(join(cache, 'chromium-1100', 'chrome-linux', 'chrome'));
    const newest = executable(join(cache, 'chromium-1200', 'chrome-linux', 'chrome'));
    expect(findChromium({ PLAYWRIGHT_BROWSERS_PATH: cache }, [join(root, 'none')])).toBe(newest);
    expect(findChromium({ PLAYWRIGHT_BROWSERS_PATH: join(root, 'empty') }, [join(root, 'none')])).toBeNull();
  });
});
