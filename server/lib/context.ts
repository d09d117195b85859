import type { Db } from '../db/client';
import type { Env } from './env';
import type { Logger } from './logger';
import type { AppServices } from '../services';
import type { CurrentUser } from './current-user';

/**
 * Long-lived parts of the app, built once in main.ts (or per test file). The composition reads it
 * (routes, app.ts, jobs.ts, main.ts, tests) and hands each service the parts that service uses:
 * a service never takes AppDeps (ADR 060; eslint.config.js refuses the import).
 */
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
