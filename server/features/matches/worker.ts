import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { DirectoryIndex } from '../directory';
import { MATCH_MAX_ROWS } from '../../../contract/matches';
import * as repo from './repo';
import { matchWithPool } from './matcher';
import { prepareMatching } from './service';
import type { JobDefinition } from '../../lib/jobs';

/** Rows matched per step; the event loop gets a turn between steps. */
export const MATCH_SLICE_ROWS = 250;
/** A claimed job is this process's for this long after its last saved slice. */
export const MATCH_LEASE_MS = 60_000;
/** How often a server looks for queued jobs, or jobs a stopped process left. */
const POLL_MS = 5_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Matches uploaded lists (docs/decisions/033-list-matching.md): a job of the runner (lib/jobs, ADR
 * 057) in every server process. An upload wakes the one of its own process; the runner also polls,
 * so a job whose process stopped is taken over once its lease passes. A job is matched in slices
 * of MATCH_SLICE_ROWS, each saved with the progress in one transaction, so the job's state is in
 * the database for every process and a takeover resumes at the first row without an outcome.
 */
export function createMatchWorker(deps: { db: Db; logger: Logger; index: DirectoryIndex }) {
  const owner = randomUUID();

  async function runJob(job: repo.MatchJobRow, signal: AbortSignal): Promise<void> {
    const lease = { id: job.id, owner, leaseMs: MATCH_LEASE_MS };
    // The rows not matched yet (all of them, or what a stopped process left), and once for the
    // job the physicians they may be: the index as it is when the job starts.
    const rows = await repo.nextRows(deps.db, job.id, MATCH_MAX_ROWS);
    const { queries, pool } = await prepareMatching(deps.db, deps.index, job, rows);
    await nextTurn();
    for (let start = 0; start < rows.length; start += MATCH_SLICE_ROWS) {
      if (signal.aborted) return; // the lease passes and another process resumes the job
      const matches = matchWithPool(queries.slice(start, start + MATCH_SLICE_ROWS), pool);
      const results = matches.map((match, i) => ({ row: rows[start + i].row, match }));
      if (!(await repo.saveSlice(deps.db, lease, results))) return;
      await nextTurn();
    }
    await repo.finishJob(deps.db, lease, null);
  }

  return {
    name: 'matches',
    every: POLL_MS,
    runAtStart: true,
    /** Matches every queued (or abandoned) list, one after the other, until none is left or the server stops. */
    async runOnce(signal: AbortSignal): Promise<{ lists: number }> {
      let lists = 0;
      while (!signal.aborted) {
        const job = await repo.claimJob(deps.db, owner, MATCH_LEASE_MS);
        if (!job) break;
        lists++;
        try {
          await runJob(job, signal);
        } catch (error) {
          deps.logger.error({ err: error, matchId: job.id }, 'list matching failed');
          await repo.finishJob(deps.db, { id: job.id, owner }, 'The list could not be matched; upload it again.');
        }
      }
      return { lists };
    },
  } satisfies JobDefinition<{ lists: number }>;
}
