/**
 * Background work the server repeats (docs/decisions/057-one-job-runner.md): a name, a period, and
 * one pass. The runner starts, schedules, leases, logs, counts and stops every job the same way.
 */
export type JobDefinition<Summary = unknown> = {
  /** Names the job's log lines, metrics and lease (kebab-case, unique in a runner). */
  name: string;
  /** Milliseconds from the end of one pass to the start of the next; none: on demand (`wake`) only. */
  every?: number;
  /**
   * One pass. `signal` aborts when the server stops: a pass that works in batches or slices ends
   * after the one in progress; what it leaves is picked up by the next pass, here or elsewhere.
   * Resolves with what it did (logged when it did something: see `didWork`).
   */
  runOnce(signal: AbortSignal): Promise<Summary>;
  /**
   * Runs in one server process at a time: the process holding the job's row of job_leases, taken
   * for one period (`every`). Without it every process runs the job (its work is then claimed row
   * by row, e.g. with SKIP LOCKED).
   */
  lease?: boolean;
  /** A first pass as soon as the runner starts (else after one period). */
  runAtStart?: boolean;
  /** Whether a pass's summary is worth a log line; default: it holds a number above zero. */
  didWork?(summary: Summary): boolean;
};

/** What the runner reports about each pass (lib/metrics.ts implements it). */
export type JobMetrics = {
  observeJob(pass: { job: string; outcome: 'done' | 'failed'; seconds: number }): void;
};
