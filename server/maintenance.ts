import type { AppDeps } from './lib/context';
import { purgeEndedSessions, purgeSpentTokens } from './features/auth/repo';
import { sessionPolicy } from './features/auth/session';
import { runAlertDigests } from './features/saved-searches/alerts';
import { purgeExpiredUnconfirmed } from './features/submissions/repo';
import { purgeOldJobs } from './features/matches/repo';
import { MATCH_RETENTION_DAYS } from '../contract/matches';

const EVERY_10_MINUTES = 10 * 60 * 1000;

export type MaintenanceResult = {
  sessions: number;
  tokens: number;
  rateLimits: number;
  submissions: number;
  digests: number;
  matches: number;
};

/**
 * One pass of the housekeeping that keeps the small security tables small, and of the saved
 * searches' alert digests that are due: sessions past their
 * 30-day ceiling or idle for SESSION_IDLE_DAYS, emailed tokens used or expired, rate-limit
 * windows that have passed, resume submissions whose confirmation link expired unused, uploaded
 * lists to match (and their results) older than MATCH_RETENTION_DAYS. Nothing
 * here changes what a request sees (every one of these rows is already refused where it is
 * read); it only deletes them. Several server processes may run it
 * at once: each purge deletes in SKIP LOCKED batches (see the repos), so they split the rows.
 */
export async function runMaintenance(deps: AppDeps, now = new Date()): Promise<MaintenanceResult> {
  const idleSince = new Date(now.getTime() - sessionPolicy(deps.env).idleMs);
  const sessions = await purgeEndedSessions(deps.db, now, idleSince);
  const tokens = await purgeSpentTokens(deps.db, now);
  const rateLimits = await deps.services.rateLimitStore.purgeExpired(now.getTime());
  const submissions = await purgeExpiredUnconfirmed(deps.db, now);
  // Saved searches' new-match alerts whose day or week has passed (saved-searches/alerts.ts).
  const { digests } = await runAlertDigests(deps, now);
  const matches = await purgeOldJobs(deps.db, new Date(now.getTime() - MATCH_RETENTION_DAYS * 86_400_000));
  return { sessions, tokens, rateLimits, submissions, digests, matches };
}

/**
 * Runs the pass at start and every 10 minutes in the server process. Returns a stop function
 * that waits for a pass in progress (so it ends before the database closes).
 */
export function startMaintenance(deps: AppDeps, intervalMs = EVERY_10_MINUTES): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= runMaintenance(deps)
      .then((purged) => {
        if (Object.values(purged).some((n) => n > 0))
          deps.logger.info({ purged }, 'maintenance: expired rows purged, alert digests queued');
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'maintenance failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
