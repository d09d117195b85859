import type { Capability, Role, SubscriptionStatus } from '../../contract/account';
import type { Db } from '../db/client';
import type { Env } from './env';
import type { Logger } from './logger';
import type { AppServices } from '../services';

/** The signed-in user as every route sees it: role and tier read from the database. */
export type CurrentUser = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  /** The session's id; empty for a caller by API key (the session calls refuse keys). */
  sessionId: string;
  /** The API key the caller authenticated with (ADR 022), or null for a session. */
  apiKeyId: string | null;
  subscription: SubscriptionStatus;
  capabilities: Capability[];
};

/** Long-lived parts of the app, built once in main.ts (or per test file) and passed to services. */
export type AppDeps = {
  db: Db;
  env: Env;
  logger: Logger;
  /** Long-lived services built by server/services.ts (mailer, billing provider, search index...). */
  services: AppServices;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    currentUser: CurrentUser | null;
    /** This request's id (X-Request-Id; lib/request-context.ts). */
    requestId: string;
  };
};
