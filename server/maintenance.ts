import type { Logger } from './lib/logger';
import type { RateLimitStore } from './lib/rate-limit';
import type { ContactVerifier } from './lib/verification/provider';
import type { DirectoryService } from './features/directory';
import { purgeEndedSessions, purgeSpentTokens } from './features/auth/repo';
import { sessionPolicy } from './features/auth/session';
import { runAlertDigests, type AlertDeps } from './features/saved-searches/alerts';
import { purgeExpiredUnconfirmed } from './features/submissions/repo';
import { purgeOldJobs } from './features/matches/repo';
import { MATCH_RETENTION_DAYS } from '../contract/matches';
import { drainVerification, type VerificationJobDeps, type VerificationRunResult } from './features/verification/job';
import type { JobDefinition } from './lib/jobs';

const EVERY_10_MINUTES = 10 * 60 * 1000;
/** The re-verification job's tick: its rate is per minute (VERIFY_RATE_PER_MINUTE). */
const EVERY_MINUTE = 60 * 1000;

/**
 * What the housekeeping and re-verification jobs use of the app (ADR 060): the rate limits' store
 * (expired windows), the search index (the alert digests' windows, its change journal, the rows a
 * verification changed) and the contact verifier. server/jobs.ts hands them in.
 */
export type MaintenanceDeps = AlertDeps & {
  logger: Logger;
  rateLimitStore: Pick<RateLimitStore, 'purgeExpired'>;
  directory: Pick<DirectoryService, 'directoryChanged' | 'maintainChangeJournal'>;
  verifier: ContactVerifier;
};

/**
 * The re-verification job's dependencies (ADR 032), from what the app hands in: the job's own, and
 * an operator's check of one physician (verification/routes.ts).
 */
export function verificationJobDeps(
  deps: Pick<MaintenanceDeps, 'db' | 'env' | 'logger' | 'verifier'> & { directory: Pick<DirectoryService, 'directoryChanged'> },
): VerificationJobDeps {
  return {
    db: deps.db,
    verifier: deps.verifier,
    maxAgeDays: deps.env.VERIFY_MAX_AGE_DAYS,
    ratePerMinute: deps.env.VERIFY_RATE_PER_MINUTE,
    logger: deps.logger,
    onChanged: (ids) => deps.directory.directoryChanged({ ids }),
  };
}

export type MaintenanceResult = {
  sessions: number;
  tokens: number;
  rateLimits: number;
  submissions: number;
  digests: number;
  matches: number;
  journalPurged: number;
  indexReloaded: number;
};

/**
 * One pass of the housekeeping that keeps the small security tables small, and of the saved
 * searches' alert digests that are due: sessions past their
 * 30-day ceiling or idle for SESSION_IDLE_DAYS, emailed tokens used or expired, rate-limit
 * windows that have passed, resume submissions whose confirmation link expired unused, uploaded
 * lists to match (and their results) older than MATCH_RETENTION_DAYS, the directory's change
 * journal older than its days (and a reload of the index when its snapshot file is stale). Nothing
 * here changes what a request sees (every one of these rows is already refused where it is
 * read); it only deletes them. Several server processes may run it
 * at once: each purge deletes in SKIP LOCKED batches (see the repos), so they split the rows.
 */
export async function runMaintenance(deps: MaintenanceDeps, now = new Date()): Promise<MaintenanceResult> {
  const idleSince = new Date(now.getTime() - sessionPolicy(deps.env).idleMs);
  const sessions = await purgeEndedSessions(deps.db, now, idleSince);
  const tokens = await purgeSpentTokens(deps.db, now);
  const rateLimits = await deps.rateLimitStore.purgeExpired(now.getTime());
  const submissions = await purgeExpiredUnconfirmed(deps.db, now);
  // Saved searches' new-match alerts whose day or week has passed (saved-searches/alerts.ts).
  const { digests } = await runAlertDigests(deps, now);
  const matches = await purgeOldJobs(deps.db, new Date(now.getTime() - MATCH_RETENTION_DAYS * 86_400_000));
  // The directory's change journal, and the index snapshot file it keeps current (ADR 038).
  const { journalPurged, indexReloaded } = await deps.directory.maintainChangeJournal(now);
  return { sessions, tokens, rateLimits, submissions, digests, matches, journalPurged, indexReloaded };
}

/**
 * The pass as a job (lib/jobs, ADR 057): at start and every 10 minutes in every server process,
 * not leased: its purges split the rows between processes, and the index reload is each process's
 * own. Its steps are short batches, so a stop waits for the pass rather than cutting it.
 */
export function maintenanceJob(deps: MaintenanceDeps): JobDefinition<MaintenanceResult> {
  return { name: 'maintenance', every: EVERY_10_MINUTES, runAtStart: true, runOnce: () => runMaintenance(deps) };
}

/**
 * The re-verification job (contact values older than VERIFY_MAX_AGE_DAYS, within
 * VERIFY_RATE_PER_MINUTE): at start and every minute in every server process, not leased: the
 * rate is shared in the database and rows are claimed (ADR 032). A stop ends it after its batch.
 */
export function verificationJob(deps: MaintenanceDeps): JobDefinition<VerificationRunResult> {
  return {
    name: 'verification',
    every: EVERY_MINUTE,
    runAtStart: true,
    runOnce: (signal) => drainVerification(verificationJobDeps(deps), { signal }),
    didWork: (run) => run.values > 0,
  };
}
