import { serve } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { ConfigError, loadEnv } from './lib/env';
import { createLogger } from './lib/logger';
import { openDatabase } from './db/open';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfNeeded } from './db/seed/demo';
import { promoteConfiguredAdmins } from './features/auth/admins';
import { createServices } from './services';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const started = Date.now();
  logger.info(`starting on Node.js ${process.version} (${process.execPath})`);
  const database = await openDatabase(env, logger);
  const { db, driver } = database;

  const seedDemo = !env.DATABASE_URL || env.DEMO_DATA;
  if (seedDemo && (await seedDemoIfNeeded(db, driver, { count: env.DEMO_DIRECTORY_SIZE, logger }))) {
    logger.info('demo data loaded');
  }
  const promoted = await promoteConfiguredAdmins(db, env.ADMIN_EMAILS);
  if (promoted) logger.info({ promoted }, 'ADMIN_EMAILS: accounts made admin');

  const base = { db, env, logger };
  const deps = { ...base, services: await createServices(base) };
  const app = createApp({ deps, webRoot: fileURLToPath(new URL('../dist/web', import.meta.url)) });

  // Requests still running (even after their client hung up) finish before the database closes.
  let inFlight = 0;
  let onIdle: (() => void) | null = null;
  const fetch: typeof app.fetch = async (request, ...rest) => {
    inFlight++;
    try {
      return await app.fetch(request, ...rest);
    } finally {
      inFlight--;
      if (inFlight === 0) onIdle?.();
    }
  };

  const server = serve({ fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${env.APP_URL} (port ${info.port})`);
    if (seedDemo) {
      logger.info(
        `demo accounts (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.map((a) => `${a.email} [${a.role === 'admin' ? 'admin' : a.tier}]`).join(', ')}`,
      );
    }
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    server.close();
    // Keep-alive sockets would hold close() open; requests in progress still finish.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    const drained = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onIdle = resolve));
    void drained.then(async () => {
      await database.close();
      clearTimeout(force);
      process.exit(0);
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
