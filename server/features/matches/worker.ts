import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { DirectoryIndex } from '../directory';
import { MATCH_MAX_ROWS } from '../../../contract/matches';
import * as repo from './repo';
import { matchWithPool } from './matcher';
import { prepareMatching } from './service';

/** Rows matched per step; the event loop gets a turn between steps. */
export const MATCH_SLICE_ROWS = 250;
/** A claimed job is this process's for this long after its last saved slice. */
export const MATCH_LEASE_MS = 60_000;
/** How often a server looks for queued jobs, or jobs a stopped process left (main.ts). */
const POLL_MS = 5_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Matches uploaded lists (docs/decisions/033-list-matching.md). Every server process has one: an
 * upload wakes the one of its own process; main.ts also polls, so a job whose process stopped is
 * taken over once its lease passes. A job is matched in slices of MATCH_SLICE_ROWS, each saved
 * with the progress in one transaction, so the job's state is in the database for every process
 * and a takeover resumes at the first row without an outcome.
 */
export function createMatchWorker(deps: { db: Db; logger: Logger; index: DirectoryIndex }) {
  const owner = randomUUID();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function runJob(job: repo.MatchJobRow): Promise<void> {
    const lease = { id: job.id, owner, leaseMs: MATCH_LEASE_MS };
    // The rows not matched yet (all of them, or what a stopped process left), and once for the
    // job the physicians they may be: the index as it is when the job starts.
    const rows = await repo.nextRows(deps.db, job.id, MATCH_MAX_ROWS);
    const { queries, pool } = await prepareMatching(deps.db, deps.index, job, rows);
    await nextTurn();
    for (let start = 0; start < rows.length; start += MATCH_SLICE_ROWS) {
      if (stopped) return; // the lease passes and another process resumes the job
      const matches = matchWithPool(queries.slice(start, start + MATCH_SLICE_ROWS), pool);
      const results = matches.map((match, i) => ({ row: rows[start + i].row, match }));
      if (!(await repo.saveSlice(deps.db, lease, results))) return;
      await nextTurn();
    }
    await repo.finishJob(deps.db, lease, null);
  }

  async function drain(): Promise<void> {
    while (!stopped) {
      const job = await repo.claimJob(deps.db, owner, MATCH_LEASE_MS);
      if (!job) return;
      try {
        await runJob(job);
      } catch (error) {
        deps.logger.error({ err: error, matchId: job.id }, 'list matching failed');
        await repo.finishJob(deps.db, { id: job.id, owner }, 'The list could not be matched; upload it again.');
      }
    }
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await drain();
      } while (again && !stopped);
    })()
      .catch((error: unknown) => deps.logger.error({ err: error }, 'list matching worker failed'))
      .finally(() => {
        running = null;
      });
  }

  return {
    /** Looks for work now (after an upload). */
    wake,
    /** Polls for queued or abandoned jobs (main.ts). */
    start(intervalMs = POLL_MS): void {
      timer = setInterval(wake, intervalMs);
      timer.unref();
      wake();
    },
    /** Stops after the slice in progress (its lease lets another process resume the job). */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    /** Resolves once no job is being worked on (tests). */
    async idle(): Promise<void> {
      while (running) await running;
    },
  };
}
