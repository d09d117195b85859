import v8 from 'node:v8';

/** The V8 flag every server process sets at start (ADR 043). */
export const GC_FLAG = '--external-memory-accounted-in-global-limit';

/**
 * Array buffers are counted in V8's global heap limit, which grows with what is live (mostly the
 * index), instead of forcing a full collection after every 64 MB of them: an uncached search makes
 * 0.5-5 MB of short-lived bitsets and masks, and without this a full collection (6-17 ms) came every
 * 60-120 searches at 1,500,000 rows (docs/decisions/043-external-memory-in-the-global-limit.md).
 * Called first thing by the server and by the benches that run the index in their own process.
 */
export function tuneGarbageCollector(): void {
  v8.setFlagsFromString(GC_FLAG);
}
