import type { ContactField } from '../../../contract/contacts';
import type { VerificationStatus } from '../../../contract/verification';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { VerifierQuotaError, VerifierUnavailableError, type ContactVerifier, type VerificationResult } from '../../lib/verification/provider';
import * as repo from './repo';

/*
 * The re-verification job (docs/decisions/032-contact-verification.md), run by the maintenance
 * loop of every server process: claims due rows in SKIP LOCKED batches, checks their stale (or
 * reported) values through the configured verifier within VERIFY_RATE_PER_MINUTE (a window shared
 * by every process), writes each row's results in one transaction, and backs off (every process)
 * after a provider error. A crash leaves at most one batch leased; it is due again when the
 * lease passes.
 */

export const VERIFY_BATCH_ROWS = 50;
/** How long a claimed row is this process's; after it any process may check it again. */
export const VERIFY_LEASE_MS = 5 * 60_000;
/** Rows checked at once (a provider or DNS answer is mostly waiting). */
const PARALLEL_ROWS = 8;
const VALUES_PER_ROW = 4;

/** Wait after n provider errors in a row: 30 s, 1, 2, 4 min... at most 6 hours; a spent quota at least 1 hour. */
export function verifyBackoffMs(failures: number, quota = false): number {
  const ms = Math.min(6 * 3_600_000, 30_000 * 2 ** Math.max(0, failures - 1));
  return quota ? Math.max(ms, 3_600_000) : ms;
}

export type VerificationJobDeps = {
  db: Db;
  verifier: ContactVerifier;
  maxAgeDays: number;
  ratePerMinute: number;
  logger?: Logger;
  /** Called with the physicians whose values were written (the search index's flags follow). */
  onChanged?: (ids: number[]) => Promise<void> | void;
};

export type VerificationRunResult = {
  rows: number;
  values: number;
  byStatus: Record<VerificationStatus, number>;
  /** Why the run stopped early: the rate window is spent, or the job is backing off after an error. */
  stopped: 'done' | 'rate' | 'error';
  error?: string;
};

const FIELD_KIND: Record<ContactField, 'email' | 'mobile' | 'office'> = {
  personal_email: 'email',
  work_email: 'email',
  mobile_phone: 'mobile',
  office_phone: 'office',
};

function check(verifier: ContactVerifier, field: ContactField, value: string): Promise<VerificationResult> {
  const kind = FIELD_KIND[field];
  return kind === 'email' ? verifier.verifyEmail(value) : verifier.verifyPhone(value, kind);
}

/** The values of a claimed row to check now: never checked, stale, or asked for by a report. */
export function dueValues(row: repo.ClaimedRow, cutoff: Date): repo.ClaimedRow['values'] {
  return row.values.filter(
    (v) => v.method === null || v.verifiedAt === null || v.verifiedAt < cutoff || row.requestedFields.includes(v.field),
  );
}

/** One batch: claim, check, write. */
export async function runVerificationBatch(deps: VerificationJobDeps, now = new Date()): Promise<VerificationRunResult> {
  const result: VerificationRunResult = { rows: 0, values: 0, byStatus: { valid: 0, invalid: 0, risky: 0, unknown: 0 }, stopped: 'done' };
  const { db } = deps;
  const granted = await repo.takeBudget(db, VERIFY_BATCH_ROWS * VALUES_PER_ROW, deps.ratePerMinute, now);
  if (granted === 0) return { ...result, stopped: 'rate' };
  const cutoff = new Date(now.getTime() - deps.maxAgeDays * 86_400_000);
  const rows = await repo.claimDueRows(db, {
    limit: Math.max(1, Math.min(VERIFY_BATCH_ROWS, Math.floor(granted / VALUES_PER_ROW))),
    cutoff,
    leaseMs: VERIFY_LEASE_MS,
    now,
  });
  let budget = granted;
  const changed: number[] = [];
  let failure: VerifierUnavailableError | null = null;
  let next = 0;

  async function worker() {
    while (failure === null && next < rows.length) {
      const row = rows[next++];
      const due = dueValues(row, cutoff).slice(0, Math.max(0, budget));
      budget -= due.length;
      try {
        const checked = await Promise.all(due.map(async (v) => ({ v, r: await check(deps.verifier, v.field, v.value) })));
        await repo.writeRowResults(
          db,
          row.physicianId,
          checked.map(({ v, r }) => ({ field: v.field, value: v.value, status: r.status, confidence: r.confidence, method: r.method })),
          new Date(),
        );
        result.rows++;
        result.values += checked.length;
        for (const { r } of checked) result.byStatus[r.status]++;
        changed.push(row.physicianId);
      } catch (error) {
        budget += due.length;
        if (!(error instanceof VerifierUnavailableError)) throw error;
        failure ??= error;
        await repo.releaseWithBackoff(db, [row.physicianId], error.message, verifyBackoffMs(row.attempts, error instanceof VerifierQuotaError), now);
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL_ROWS, rows.length) }, worker));
  } finally {
    // Rows never started (an error stopped the batch) are released at once; the shared backoff holds them.
    await repo.releaseClaims(db, rows.slice(next).map((r) => r.physicianId));
    await repo.returnBudget(db, budget, now);
    if (changed.length) await deps.onChanged?.(changed);
  }
  if (failure) {
    const error = failure as VerifierUnavailableError;
    const until = await repo.recordProviderFailure(db, error.message, (n) => verifyBackoffMs(n, error instanceof VerifierQuotaError), now);
    await repo.recordRun(db, { ...result, error: error.message }, now, false);
    deps.logger?.warn({ err: error.message, until: until.toISOString() }, 'verification: provider error, backing off');
    return { ...result, stopped: 'error', error: error.message };
  }
  if (rows.length) await repo.recordRun(db, result, now, true);
  return result;
}

/** Batches until nothing is due, the minute's rate is spent, a provider fails, or `signal` aborts (a shutdown). */
export async function drainVerification(
  deps: VerificationJobDeps,
  options: { now?: () => Date; signal?: AbortSignal } = {},
): Promise<VerificationRunResult> {
  const now = options.now ?? (() => new Date());
  const total: VerificationRunResult = { rows: 0, values: 0, byStatus: { valid: 0, invalid: 0, risky: 0, unknown: 0 }, stopped: 'done' };
  while (!options.signal?.aborted) {
    const batch = await runVerificationBatch(deps, now());
    total.rows += batch.rows;
    total.values += batch.values;
    for (const status of Object.keys(total.byStatus) as VerificationStatus[]) total.byStatus[status] += batch.byStatus[status];
    if (batch.stopped !== 'done' || batch.rows === 0) return { ...total, stopped: batch.stopped, error: batch.error };
  }
  return total;
}

/**
 * Checks one physician's values now (the operators' 'verify now'), outside the queue's rate:
 * one physician's few values. A provider error is the caller's (503).
 */
export async function verifyPhysicianNow(
  deps: VerificationJobDeps,
  physicianId: number,
  options: { now?: Date; audit?: (tx: Db, results: repo.FieldResult[]) => Promise<void> } = {},
): Promise<repo.FieldResult[] | null> {
  const now = options.now ?? new Date();
  const row = await repo.findRow(deps.db, physicianId);
  if (!row) return null;
  const checked = await Promise.all(row.values.map(async (v) => ({ v, r: await check(deps.verifier, v.field, v.value) })));
  const results = checked.map(({ v, r }) => ({ field: v.field, value: v.value, status: r.status, confidence: r.confidence, method: r.method }));
  await repo.writeRowResults(deps.db, physicianId, results, now, options.audit && ((tx) => options.audit!(tx, results)));
  await deps.onChanged?.([physicianId]);
  return results;
}

/**
 * A first start's check of the demo directory (ADR 032): the built-in verifier, without DNS (the
 * demo's domains are answered from their table), over every value the generator left never
 * checked or due, at no rate limit: it is all offline work. A one-off job of the runner after start (main.ts).
 */
export async function verifyDemoDirectory(
  deps: Omit<VerificationJobDeps, 'ratePerMinute' | 'verifier'>,
  verifier: ContactVerifier,
  options: { signal?: AbortSignal } = {},
): Promise<VerificationRunResult> {
  return drainVerification({ ...deps, verifier, ratePerMinute: 100_000_000 }, options);
}
