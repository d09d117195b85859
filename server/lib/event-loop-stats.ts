import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Event-loop delay since the previous report, in ms (ADR 027: what a blocked loop costs everyone). */
export type EventLoopStats = {
  p50: number;
  p99: number;
  max: number;
  mean: number;
  samples: number;
  /** The longest slice of search work (wall and CPU ms): the longest block a search caused. */
  searchSliceMaxMs: number;
  searchSliceMaxCpuMs: number;
};

/**
 * EVENT_LOOP_STATS_FILE: the server samples its event loop's delay (monitorEventLoopDelay, every
 * 10 ms) and, on SIGUSR2, writes the delays since the previous report to that file as JSON and
 * starts over. For the load bench (bench/load.bench.ts): nothing is served over HTTP, and the
 * file holds timings only. Returns a stop function.
 */
export function startEventLoopStats(
  file: string,
  /** The longest slice of search work since the last call (the directory's, handed in by main.ts). */
  takeLongestSlice: () => { wallMs: number; cpuMs: number },
): () => void {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  const report = () => {
    const stats: EventLoopStats = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      mean: ms(histogram.mean),
      samples: histogram.count,
      searchSliceMaxMs: 0,
      searchSliceMaxCpuMs: 0,
    };
    const slice = takeLongestSlice();
    stats.searchSliceMaxMs = Math.round(slice.wallMs * 100) / 100;
    stats.searchSliceMaxCpuMs = Math.round(slice.cpuMs * 100) / 100;
    // Written beside and renamed: a reader that sees the file sees all of it.
    writeFileSync(`${file}.tmp`, JSON.stringify(stats));
    renameSync(`${file}.tmp`, file);
    histogram.reset();
  };
  process.on('SIGUSR2', report);
  return () => {
    process.off('SIGUSR2', report);
    histogram.disable();
  };
}
