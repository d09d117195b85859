import type { AppDeps } from './lib/context';
import type { JobRunner } from './lib/jobs';
import { billingJob } from './features/billing/jobs';
import { createMatchWorker } from './features/matches/worker';
import { importJob } from './features/import/uploads';
import { maintenanceJob, verificationJob } from './maintenance';

/**
 * Every background job of the server, on the process's one runner (ADR 057). main.ts, the test
 * harness and the benches register them after createServices (registering there would make
 * services.ts import the features that import its type: a cycle); main.ts starts the runner once
 * it listens and stops it after the last request, before the database closes.
 */
export function registerJobs(runner: JobRunner, deps: AppDeps): void {
  runner.register(deps.services.mailWorker);
  runner.register(createMatchWorker({ db: deps.db, logger: deps.logger, index: deps.services.directory.index }));
  runner.register(maintenanceJob(deps));
  runner.register(verificationJob(deps));
  runner.register(billingJob({ db: deps.db, env: deps.env, logger: deps.logger, billing: deps.services.billing }));
  // On demand: an upload on the admin page wakes it.
  runner.register(importJob({ db: deps.db, logger: deps.logger, importJobs: deps.services.importJobs, directory: deps.services.directory }));
}
