import type { AppDeps } from './lib/context';
import type { JobRunner } from './lib/jobs';
import { billingJob } from './features/billing/jobs';
import type { BillingDeps } from './features/billing/service';
import { createMatchWorker } from './features/matches/worker';
import { importJob } from './features/import/uploads';
import { bullhornJob } from './features/integrations/bullhorn/job';
import { createWebhookDeliveryJob } from './features/integrations';
import { maintenanceJob, verificationJob, type MaintenanceDeps } from './maintenance';

/** What the housekeeping and re-verification jobs use of the app's services (ADR 060). */
export function maintenanceDeps({ db, env, logger, services }: AppDeps): MaintenanceDeps {
  return { db, env, logger, rateLimitStore: services.rateLimitStore, directory: services.directory, verifier: services.verifier };
}

/** What the billing job uses of them: the payment provider in use (ADR 060). */
export function billingJobDeps({ db, env, logger, services }: AppDeps): BillingDeps {
  return { db, env, logger, billing: services.billing };
}

/**
 * Every background job of the server, on the process's one runner (ADR 057). main.ts, the test
 * harness and the benches register them after createServices (registering there would make
 * services.ts import the features that import its type: a cycle); main.ts starts the runner once
 * it listens and stops it after the last request, before the database closes. Like the routes,
 * this is where each job is handed what it uses of the app's services, never all of them (ADR 060).
 */
export function registerJobs(runner: JobRunner, deps: AppDeps): void {
  runner.register(deps.services.mailWorker);
  // Every process writes the searches it counted (counts add up, so no lease): ADR 061.
  runner.register({ name: 'usage-counts', every: 5_000, runOnce: () => deps.services.searchCounts.flush(deps.db) });
  runner.register(createMatchWorker({ db: deps.db, logger: deps.logger, index: deps.services.directory.index }));
  runner.register(maintenanceJob(maintenanceDeps(deps)));
  runner.register(verificationJob(maintenanceDeps(deps)));
  runner.register(billingJob(billingJobDeps(deps)));
  // Pushes to Bullhorn and its daily 'In your ATS' check; a push wakes it (ADR 064).
  runner.register(bullhornJob({ db: deps.db, env: deps.env, logger: deps.logger }));
  // Every process delivers (rows claimed with a lease); an enqueue wakes its own process's (ADR 065).
  runner.register(createWebhookDeliveryJob({ db: deps.db, logger: deps.logger, production: deps.env.NODE_ENV === 'production' }));
  // On demand: an upload on the admin page wakes it.
  runner.register(importJob({ db: deps.db, logger: deps.logger, importJobs: deps.services.importJobs, directory: deps.services.directory }));
}
