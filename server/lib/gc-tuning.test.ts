import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * What the server's garbage-collector setting is for (ADR 043), in a child process of its own: an
 * index's worth of live array buffers (240 MB), then 3,000 "searches" each making four short-lived
 * 187 KB bitsets and a few hundred small objects. Without the setting V8 forces a full collection
 * after every 64 MB of new buffers; with it, the buffers count in the global limit, which grows
 * with what is live. If a Node.js update drops or renames the flag, V8 only prints a line on stderr
 * and the server runs on without it: this is what says so.
 */
const module = fileURLToPath(new URL('./gc-tuning.ts', import.meta.url));
const script = `
  import { constants, PerformanceObserver } from 'node:perf_hooks';
  if (process.argv.at(-1) === 'tuned') (await import(${JSON.stringify(module)})).tuneGarbageCollector();
  const live = Array.from({ length: 60 }, () => new Uint32Array(1_000_000));
  let majors = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
  }).observe({ entryTypes: ['gc'] });
  let sink = 0;
  for (let call = 0; call < 3000; call++) {
    for (let k = 0; k < 4; k++) {
      const bits = new Uint32Array(46_875);
      bits[call] = 1;
      sink += bits[0];
    }
    sink += Array.from({ length: 200 }, (_, i) => ({ i, s: 'x' + i })).length;
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
  console.log(JSON.stringify({ majors, live: live.length, sink }));
`;

function fullCollections(mode: 'tuned' | 'default'): number {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, mode], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.stderr).toBe('');
  return (JSON.parse(run.stdout) as { majors: number }).majors;
}

describe('garbage collector setting', () => {
  it('keeps short-lived bitsets from forcing full collections beside a large index', () => {
    const untuned = fullCollections('default');
    const tuned = fullCollections('tuned');
    expect(untuned).toBeGreaterThanOrEqual(4); // the pattern does force them by default
    expect(tuned).toBeLessThanOrEqual(untuned / 2);
  }, 60_000);
});
