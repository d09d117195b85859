import type { AppDeps } from './lib/context';

/**
 * Long-lived services (mailer, billing provider, search index...) built once at start and shared
 * by every request through `deps.services`. Features add theirs here; the type follows.
 */
export async function createServices(_deps: Omit<AppDeps, 'services'>) {
  return {};
}

export type AppServices = Awaited<ReturnType<typeof createServices>>;
