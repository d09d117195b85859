import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../db/client';
import type { Logger } from '../logger';
import { takeJobLease } from './lease';
import type { JobDefinition, JobMetrics } from './types';

type Slot = {
  job: JobDefinition;
  timer: NodeJS.Timeout | undefined;
  /** The pass in flight (never rejects: failures are logged). */
  running: Promise<void> | null;
  /** Woken while a pass ran: one more pass right after it. */
  again: boolean;
};

export type JobRunner = ReturnType<typeof createJobRunner>;

/** Whether a summary holds a number above zero (the default `didWork`). */
function holdsWork(summary: unknown): boolean {
  if (typeof summary === 'number') return summary > 0;
  if (summary && typeof summary === 'object') return Object.values(summary).some(holdsWork);
  return false;
}

/**
 * Runs the server's background jobs (docs/decisions/057-one-job-runner.md). Each job has its own
 * period, counted from the end of its last pass, so a pass never overlaps itself; `wake` asks for a
 * pass now (one more after the pass in flight, if any). `stop` aborts the passes' signal, schedules
 * nothing more and resolves once every pass in flight has ended: main.ts calls it after the last
 * request and before the database closes. Before `start` only `wake` runs a job (tests).
 */
export function createJobRunner(deps: { db: Db; logger: Logger; metrics?: JobMetrics }) {
  const { db, logger, metrics } = deps;
  /** This process, as the holder of leases. */
  const holder = randomUUID();
  const slots = new Map<string, Slot>();
  const stopping = new AbortController();
  let started = false;

  function slotOf(name: string): Slot {
    const slot = slots.get(name);
    if (!slot) throw new Error(`no job named "${name}"`);
    return slot;
  }

  function schedule(slot: Slot): void {
    if (!started || stopping.signal.aborted || slot.job.every === undefined) return;
    slot.timer = setTimeout(() => trigger(slot), slot.job.every);
    // A timer alone does not keep the process up: the server (or a test) decides when it ends.
    slot.timer.unref();
  }

  function trigger(slot: Slot): void {
    if (stopping.signal.aborted) return;
    if (slot.running) {
      slot.again = true;
      return;
    }
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.running = (async () => {
      do {
        slot.again = false;
        await pass(slot.job);
      } while (slot.again && !stopping.signal.aborted);
    })().finally(() => {
      slot.running = null;
      schedule(slot);
    });
  }

  async function pass(job: JobDefinition): Promise<void> {
    const began = performance.now();
    try {
      if (job.lease && !(await takeJobLease(db, { name: job.name, holder, ms: job.every ?? 60_000 }))) {
        logger.debug({ job: job.name }, `job: ${job.name} skipped (another process holds its lease)`);
        return;
      }
      const summary = await job.runOnce(stopping.signal);
      const seconds = (performance.now() - began) / 1000;
      metrics?.observeJob({ job: job.name, outcome: 'done', seconds });
      if ((job.didWork ?? holdsWork)(summary)) logger.info({ job: job.name, summary, seconds }, `job: ${job.name}`);
    } catch (error) {
      metrics?.observeJob({ job: job.name, outcome: 'failed', seconds: (performance.now() - began) / 1000 });
      logger.error({ err: error, job: job.name }, `job: ${job.name} failed`);
    }
  }

  function begin(slot: Slot): void {
    if (slot.job.runAtStart) trigger(slot);
    else schedule(slot);
  }

  return {
    /** Adds a job; once started, it is scheduled at once. */
    register<Summary>(job: JobDefinition<Summary>): void {
      if (slots.has(job.name)) throw new Error(`a job named "${job.name}" is already registered`);
      if (job.lease && job.every === undefined) throw new Error(`job "${job.name}": a leased job needs a period`);
      const slot: Slot = { job: job as JobDefinition, timer: undefined, running: null, again: false };
      slots.set(job.name, slot);
      if (started) begin(slot);
    },
    /** Schedules every job: a first pass now for those that run at start. */
    start(): void {
      if (started || stopping.signal.aborted) return;
      started = true;
      for (const slot of slots.values()) begin(slot);
    },
    /** A pass of `name` soon: now, or right after the pass in flight. Nothing once stopping. */
    wake(name: string): void {
      trigger(slotOf(name));
    },
    /** Resolves once `name` (or every job) has no pass in flight (tests). */
    async idle(name?: string): Promise<void> {
      for (const slot of name === undefined ? slots.values() : [slotOf(name)]) {
        while (slot.running) await slot.running;
      }
    },
    /** Aborts the passes' signal, schedules nothing more, and waits for every pass in flight. */
    async stop(): Promise<void> {
      stopping.abort(new Error('the server is stopping'));
      for (const slot of slots.values()) clearTimeout(slot.timer);
      await Promise.all([...slots.values()].map((slot) => slot.running));
    },
  };

}
