import v8 from 'node:v8';

/** The V8 flags every server process sets at start (ADR 043). */
export const GC_FLAGS = ['--external-memory-accounted-in-global-limit', '--heap-growing-percent=50'];

/**
 * Array buffers are counted in V8's global heap limit, which follows what is live (mostly the
 * index), instead of forcing a full collection after every 64 MB of them: an uncached search makes
 * 0.5-5 MB of short-lived bitsets and masks, and without this a full collection (6-17 ms) came every
 * 60-120 searches at 1,500,000 rows. The heap may then grow to 1.5 times what is live before the
 * next full collection (V8 would otherwise choose up to 4 times, with array buffers now counted:
 * 1.3 GB of memory for one process at 300,000 rows under load instead of 650 MB).
 * docs/decisions/043-external-memory-in-the-global-limit.md. Called first thing by the server and by
 * the benches that run the index in their own process.
 */
export function tuneGarbageCollector(): void {
  for (const flag of GC_FLAGS) v8.setFlagsFromString(flag);
}
