import type { AppDeps } from './lib/context';
import { createMailer } from './lib/mailer';
import { createAuthRateLimits } from './features/auth/rate-limits';
import { createRateLimiters, MemoryRateLimitStore } from './lib/rate-limit';
import { SUBMISSION_RATE_LIMITS } from './features/submissions/rate-limits';
import { createDirectoryService } from './features/directory/service';
import { configureSuppressionKey, verifySuppressionKey } from './features/removal/suppression';

/**
 * Long-lived services (mailer, billing provider, search index...) built once at start and shared
 * by every request through `deps.services`. Features add theirs here; the type follows.
 */
export async function createServices(deps: Omit<AppDeps, 'services'>) {
  // Shared by every limiter of every feature: build yours with createRateLimiters(prefix, rules,
  // rateLimitStore, env.RATE_LIMIT_FACTOR).
  const rateLimitStore = new MemoryRateLimitStore();
  // The suppression list's key, checked against the hashes already stored (refuses a changed key).
  configureSuppressionKey(deps.env.SUPPRESSION_KEY);
  await verifySuppressionKey(deps.db);
  return {
    mailer: createMailer(deps),
    rateLimitStore,
    authRateLimits: createAuthRateLimits(rateLimitStore, deps.env.RATE_LIMIT_FACTOR),
    submissionRateLimits: createRateLimiters('submissions', SUBMISSION_RATE_LIMITS, rateLimitStore, deps.env.RATE_LIMIT_FACTOR),
    directory: await createDirectoryService(deps),
  };
}

export type AppServices = Awaited<ReturnType<typeof createServices>>;
