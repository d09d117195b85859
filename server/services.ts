import type { Db } from './db/client';
import type { Env } from './lib/env';
import type { Logger } from './lib/logger';
import { createMailer } from './lib/mailer';
import { createMailWorker } from './lib/mail-worker';
import { recordOutreachMailOutcome } from './features/outreach';
import { createAuthRateLimits } from './features/auth/rate-limits';
import { createRateLimiters, type RateLimitStore } from './lib/rate-limit';
import { PgRateLimitStore } from './lib/pg-rate-limit-store';
import { SUBMISSION_RATE_LIMITS } from './features/submissions/rate-limits';
import { REMOVAL_RATE_LIMITS } from './features/removal/rate-limits';
import { CONTACT_RATE_LIMITS } from './features/contact-form/rate-limits';
import { OUTREACH_RATE_LIMITS } from './features/outreach/rate-limits';
import { createDirectoryService } from './features/directory/service';
import { indexSnapshotFile } from './features/directory/snapshot-file';
import { DIRECTORY_RATE_LIMITS } from './features/directory/rate-limits';
import { createBillingProvider } from './lib/billing/create-provider';
import { BILLING_RATE_LIMITS } from './features/billing/rate-limits';
import { LIST_RATE_LIMITS } from './features/lists/rate-limits';
import { SAVED_SEARCH_RATE_LIMITS } from './features/saved-searches/rate-limits';
import { configureSuppressionKey, verifySuppressionKey } from './features/removal/suppression';
import { configureIntegrationsKey } from './lib/secret-box';
import { createImportJobs } from './features/import/uploads';
import { uploadProgress } from './features/import/upload-repo';
import { API_KEY_RATE_LIMITS } from './features/api-keys/rate-limits';
import { createMetrics } from './lib/metrics';
import { countMailQueue } from './lib/mail-queue';
import { MATCH_RATE_LIMITS } from './features/matches/rate-limits';
import { TEAM_RATE_LIMITS } from './features/team/rate-limits';
import { SearchCounts } from './features/team';
import { createJobRunner } from './lib/jobs';
import { createContactVerifier, DEMO_MAIL_DOMAINS } from './lib/verification/create-verifier';
import { demoDataPlan } from './db/seed/demo';

/**
 * Long-lived services (mailer, billing provider, search index...) built once at start. Features
 * add theirs here; the type follows. Only the composition reads this object (routes, app.ts,
 * jobs.ts, main.ts, tests): a feature's service is handed the parts it uses (ADR 060).
 */
// The parts of AppDeps (lib/context.ts) but the services, named here: lib/context.ts types the
// services from this module, so importing it back would be a cycle.
export async function createServices(deps: { db: Db; env: Env; logger: Logger }) {
  // Shared by every limiter of every feature: build yours with createRateLimiters(prefix, rules,
  // rateLimitStore, env.RATE_LIMIT_FACTOR). The counts live in the database on both engines, so a
  // limit holds across every server process (PostgreSQL) and across a restart (both).
  const rateLimitStore: RateLimitStore = new PgRateLimitStore(deps.db);
  const mailer = createMailer(deps.env);
  // The suppression list's key, checked against the hashes already stored (refuses a changed key).
  configureSuppressionKey(deps.env.SUPPRESSION_KEY);
  configureIntegrationsKey({ key: deps.env.INTEGRATIONS_KEY, production: deps.env.NODE_ENV === 'production' });
  await verifySuppressionKey(deps.db);
  const directory = await createDirectoryService({ ...deps, snapshotFile: indexSnapshotFile(deps.env) });
  const importJobs = createImportJobs();
  /** GET /metrics (lib/metrics.ts); app.ts counts every request into it, the job runner every pass. */
  const metrics = createMetrics({
    index: () => directory.indexStats(),
    mailQueue: () => countMailQueue(deps.db),
    importProgress: () => uploadProgress(deps.db),
    pool: () => deps.db.poolStats(),
  });
  const services = {
    mailer,
    /**
     * Delivers the email_outbox queue: a job of `jobs`; tests call runOnce(). An outreach mail's
     * outcome is recorded; a bounce marks the address invalid, which the search index re-reads
     * (as after a verification: the cards' Email button and the 'Email verified' filter follow).
     */
    mailWorker: createMailWorker({
      db: deps.db,
      mailer,
      logger: deps.logger,
      onOutcome: async (outcome) => {
        const changed = await recordOutreachMailOutcome(deps.db, outcome);
        if (changed.length) await directory.directoryChanged({ ids: changed });
      },
    }),
    /**
     * The background jobs (lib/jobs, ADR 057: mail, matches, maintenance, verification, billing):
     * main.ts starts and stops them; `wake(name)` asks for a pass now.
     */
    jobs: createJobRunner({ db: deps.db, logger: deps.logger, metrics }),
    rateLimitStore,
    authRateLimits: createAuthRateLimits(rateLimitStore, deps.env.RATE_LIMIT_FACTOR),
    submissionRateLimits: createRateLimiters('submissions', SUBMISSION_RATE_LIMITS, rateLimitStore, deps.env.RATE_LIMIT_FACTOR),
    directoryRateLimits: createRateLimiters('directory', DIRECTORY_RATE_LIMITS, rateLimitStore, deps.env.RATE_LIMIT_FACTOR),
    removalRateLimits: createRateLimiters('removal', REMOVAL_RATE_LIMITS, rateLimitStore, deps.env.RATE_LIMIT_FACTOR),
    contactRateLimits: createRateLimiters('contact-form', CONTACT_RATE_LIMITS, rateLimitStore, deps.env.RATE_LIMIT_FACTOR),
    /** The preference centre's emailed link (ADR 066). */
    outreachRateLimits: createRateLimiters('outreach', OUTREACH_RATE_LIMITS, rateLimitStore, deps.env.RATE_LIMIT_FACTOR),
    directory,
    /**
     * Checks contact values (ADR 032): ZeroBounce / Twilio Lookup when configured, else the
     * built-in checks; the demo directory's fictional mail domains are answered without DNS.
     */
    verifier: createContactVerifier(deps.env, { knownDomains: demoDataPlan(deps.env).seed ? DEMO_MAIL_DOMAINS : undefined }),
    /** Stripe (STRIPE_SECRET_KEY) or the built-in demo provider. */
    billing: createBillingProvider(deps),
    billingRateLimits: createRateLimiters('billing', BILLING_RATE_LIMITS, rateLimitStore, deps.env.RATE_LIMIT_FACTOR),
    listRateLimits: createRateLimiters('lists', LIST_RATE_LIMITS, rateLimitStore, deps.env.RATE_LIMIT_FACTOR),
    /** Requests per API key (app.ts, ADR 022). */
    apiKeyRateLimits: createRateLimiters('api-keys', API_KEY_RATE_LIMITS, rateLimitStore, deps.env.RATE_LIMIT_FACTOR),
    savedSearchRateLimits: createRateLimiters('saved-searches', SAVED_SEARCH_RATE_LIMITS, rateLimitStore, deps.env.RATE_LIMIT_FACTOR),
    matchRateLimits: createRateLimiters('matches', MATCH_RATE_LIMITS, rateLimitStore, deps.env.RATE_LIMIT_FACTOR),
    teamRateLimits: createRateLimiters('team', TEAM_RATE_LIMITS, rateLimitStore, deps.env.RATE_LIMIT_FACTOR),
    /** This process's upload folder and its uploads waiting for the 'import' job (their state: import_uploads). */
    importJobs,
    /** Searches of team members, counted here and written every few seconds (the usage page: ADR 061). */
    searchCounts: new SearchCounts(),
    metrics,
    /**
     * Whether this process should get traffic (GET /api/ready): main.ts sets `stopping` when a
     * shutdown begins, so a load balancer stops sending before the listener closes.
     */
    lifecycle: { stopping: false, backupToken: undefined as string | undefined },
  };
  return services;
}

export type AppServices = Awaited<ReturnType<typeof createServices>>;
