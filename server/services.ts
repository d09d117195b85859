import type { AppDeps } from './lib/context';
import { createMailer } from './lib/mailer';
import { createAuthRateLimits, scaledRules } from './features/auth/rate-limits';
import { createDirectoryService } from './features/directory/service';

/**
 * Long-lived services (mailer, billing provider, search index...) built once at start and shared
 * by every request through `deps.services`. Features add theirs here; the type follows.
 */
export async function createServices(deps: Omit<AppDeps, 'services'>) {
  return {
    mailer: createMailer(deps),
    authRateLimits: createAuthRateLimits(scaledRules(deps.env.RATE_LIMIT_FACTOR)),
    directory: await createDirectoryService(deps),
  };
}

export type AppServices = Awaited<ReturnType<typeof createServices>>;
