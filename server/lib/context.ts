import type { Db } from '../db/client';
import type { Env } from './env';
import type { Logger } from './logger';
import type { AppServices } from '../services';
import type { CurrentUser } from './current-user';

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
