import { serve } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import type { PageRenderer } from './lib/web-shell';
import { ConfigError, loadEnv } from './lib/env';
import { createLogger } from './lib/logger';
import { AppError } from './lib/errors';
import { openDatabase, type OpenedDatabase } from './db/open';
import { DEMO_ACCOUNTS, demoDataPlan, secureDemoAccounts, seedDemoIfNeeded } from './db/seed/demo';
import { promoteConfiguredAdmins } from './features/auth/admins';
import { createServices, type AppServices } from './services';
import { maintenanceDeps, registerJobs } from './jobs';
import { startDirectoryListener } from './db/directory-listener';
import { verificationJobDeps } from './maintenance';
import { verifyDemoDirectory } from './features/verification/job';
import { createBuiltinVerifier } from './lib/verification/builtin';
import { DEMO_MAIL_DOMAINS } from './lib/verification/create-verifier';
import { removeControlFile, writeControlFile } from './features/operations/control-file';
import { resolve } from 'node:path';
import { startEventLoopStats } from './lib/event-loop-stats';
import { watchLongestSlice } from './features/directory';
import cluster from 'node:cluster';
import { reportWorkerReady, runPrimary, workerSuffix } from './cluster';
import { tuneGarbageCollector } from './lib/gc-tuning';

async function main() {
  // What the server writes is its own user's only (ADR 049): the database, the index snapshot,
  // control.json, uploads being imported. The PGlite worker also masks the modes it sets itself.
  process.umask(0o077);
  tuneGarbageCollector();
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
  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) return runPrimary(env, logger);
  const started = Date.now();
  logger.info(`starting on Node.js ${process.version} (${process.execPath})`);
  // From the first moment too: a SIGUSR2 (the load bench asking for the delays) sent while this
  // process is still starting must not end it, as the signal's default action would.
  const stopEventLoopStats = env.EVENT_LOOP_STATS_FILE ? startEventLoopStats(`${env.EVENT_LOOP_STATS_FILE}${workerSuffix()}`, watchLongestSlice()) : null;

  // Signals are handled from the first moment: a stop during start-up (migrations, the first
  // seed) aborts the step in progress, whose transaction rolls back, and closes the database
  // cleanly; the next start does that step again.
  const stopRequested = new AbortController();
  let database: OpenedDatabase | undefined;
  // Set once the server listens: closes it and waits for requests and the background jobs.
  const serving: { stop?: () => Promise<void> } = {};
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // /api/ready answers 503 from now on: a load balancer stops sending new requests here.
    if (services) services.lifecycle.stopping = true;
    stopRequested.abort(new Error(`stopped by ${signal}`));
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    // Still starting: main() sees the abort at its next step and closes the database itself.
    if (!serving.stop) return;
    void serving.stop().then(async () => {
      await database?.close().catch(() => undefined);
      clearTimeout(force);
      process.exit(process.exitCode ?? 0);
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // Listening from the first moment (ADR 031): until the app is ready every request answers 503
  // with Retry-After, so a load balancer sees a process that is starting (its /api/ready is 503)
  // rather than a refused connection, and traffic comes once migrations ran and the index is built.
  type Handler = Parameters<typeof serve>[0]['fetch'];
  let handle: Handler | null = null;
  const server = serve({
    fetch: (request, bindings) => (handle ? handle(request, bindings) : startingResponse()),
    port: env.PORT,
    hostname: env.HOST,
  });
  const listening = new Promise<number>((resolvePort) =>
    server.once('listening', () => {
      const address = server.address();
      resolvePort(typeof address === 'object' && address ? address.port : env.PORT);
    }),
  );
  server.once('error', (error: NodeJS.ErrnoException) => {
    logger.fatal({ err: error.message, code: error.code }, `cannot listen on ${env.HOST}:${env.PORT}`);
    process.exit(1);
  });

  let services: AppServices | undefined;
  let demoLoaded = false;
  try {
    database = await openDatabase(env, logger, {
      // The embedded database's worker died: requests fail with 500 until the server stops.
      onCrash: (error) => {
        logger.fatal({ err: error.message }, 'embedded database stopped; shutting down');
        process.exitCode = 1;
        shutdown('database crash');
      },
    });
    stopRequested.signal.throwIfAborted();
    const { db, driver } = database;

    const demo = demoDataPlan(env);
    if (demo.seed) {
      const seeded = await seedDemoIfNeeded(db, driver, {
        count: env.DEMO_DIRECTORY_SIZE,
        logger,
        password: demo.password,
        signal: stopRequested.signal,
      });
      if (seeded.loaded) logger.info('demo data loaded');
      demoLoaded = seeded.loaded;
      if (seeded.accountsCreated.length) {
        const list = DEMO_ACCOUNTS.map((a) => `${a.email} [${a.role === 'admin' ? 'admin' : a.tier}]`).join(', ');
        // Printed once: only the hash is kept. Development keeps the documented password.
        if (demo.randomPassword) logger.warn(`demo accounts created with the password "${demo.password}" (shown only now): ${list}`);
        else logger.info(`demo accounts (password "${demo.password}"): ${list}`);
      }
    }
    if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY) {
      logger.warn(
        'BILLING_DEMO=1: the demo billing provider is active, so anyone can get a paid plan for free with the test card; every page shows a demo banner. Set STRIPE_SECRET_KEY for real billing.',
      );
    }
    if (env.NODE_ENV === 'production' && !env.METRICS_TOKEN) {
      logger.info('GET /metrics is off: set METRICS_TOKEN and scrape it with that bearer token (ADR 050)');
    }
    if (env.NODE_ENV === 'production') {
      // Demo accounts a development start made on this database still have the published password.
      const secured = await secureDemoAccounts(db, { replacement: demo.seed ? demo.password : null });
      if (secured.replaced.length) {
        logger.warn(
          `demo accounts had the published password; their new password is "${demo.password}" (shown only now): ${secured.replaced.join(', ')}`,
        );
      }
      if (secured.disabled.length) {
        logger.warn(
          `demo accounts had the published password and are disabled (no password signs in; start once with DEMO_DATA=1 to give them a new one): ${secured.disabled.join(', ')}`,
        );
      }
    }
    stopRequested.signal.throwIfAborted();
    const promoted = await promoteConfiguredAdmins(db, env.ADMIN_EMAILS);
    if (promoted) logger.info({ promoted }, 'ADMIN_EMAILS: accounts made admin');

    const base = { db, env, logger };
    services = await createServices(base);
    // Every background job on the process's runner (ADR 057); started once the server listens.
    registerJobs(services.jobs, { ...base, services });
    stopRequested.signal.throwIfAborted();
  } catch (error) {
    if (stopRequested.signal.aborted) {
      await database?.close();
      logger.info('stopped during start-up; the next start resumes');
      process.exit(0);
    }
    throw error;
  }

  const deps = { db: database.db, env, logger, services };
  const { jobs } = services;
  if (demoLoaded) {
    // A first start checks the demo directory's new and due values with the built-in verifier
    // (ADR 032): a one-off pass of the runner (ADR 057), so a stop aborts it and waits for its batch.
    jobs.register({
      name: 'demo-verification',
      runOnce: (signal) =>
        verifyDemoDirectory(verificationJobDeps(maintenanceDeps(deps)), createBuiltinVerifier({ dns: false, knownDomains: DEMO_MAIL_DOMAINS }), { signal }),
      didWork: (run) => run.values > 0,
    });
    jobs.wake('demo-verification');
  }
  const app = createApp({
    deps,
    webRoot: fileURLToPath(new URL('../dist/web', import.meta.url)),
    pageRenderer: await webPageRenderer(logger),
  });

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

  // Mail, list matching, maintenance, re-verification and billing, each on its period (ADR 057).
  jobs.start();
  // Several processes may share one PostgreSQL: each follows the others' directory writes.
  const directory = services.directory;
  const listener = env.DATABASE_URL
    ? startDirectoryListener({
        connectionString: env.DATABASE_URL,
        onChange: (change) => directory.directoryChanged(change),
        logger,
      })
    : null;
  // Changes committed between the index's read and the LISTEN reached nobody: re-read them (ADR 038).
  void listener?.ready
    .then(() => directory.catchUpAfterListening())
    .then((reread) => {
      if (reread !== 0) logger.info(`directory index: ${reread < 0 ? 'reloaded' : `${reread} physicians re-read`} after listening for changes`);
    })
    .catch((error: unknown) => logger.error({ err: error }, 'directory index: catching up after listening failed'));

  const dataDir = env.DATABASE_URL ? null : resolve(env.DATA_DIR);
  const port = await listening;
  // `npm run backup` finds this server (and proves it may ask) through DATA_DIR/control.json.
  if (dataDir) services.lifecycle.backupToken = writeControlFile(dataDir, port).token;
  handle = fetch;
  // The other workers start once this one's index snapshot is written: they read it (ADR 038).
  if (services.directory.startedFrom === 'database') void services.directory.snapshotWritten().then(reportWorkerReady);
  else reportWorkerReady();
  logger.info(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${env.APP_URL} (listening on ${env.HOST}:${port})`);

  const runningServices = services;
  serving.stop = async () => {
    if (dataDir) removeControlFile(dataDir);
    server.close();
    // Keep-alive sockets would hold close() open; requests in progress still finish.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    if (inFlight > 0) await new Promise<void>((resolve) => (onIdle = resolve));
    await listener?.stop();
    // After the last request (one may have woken a job), before the database closes: every pass
    // in flight sees its signal abort and ends its batch or slice; nothing is scheduled after.
    await runningServices.jobs.stop();
    // The searches counted since the last 'usage-counts' pass (ADR 061).
    await runningServices.searchCounts.flush(deps.db).catch(() => undefined);
    runningServices.mailer.close();
    // An upload being imported is not resumable from its temporary copy: remove it.
    runningServices.importJobs.removeUploads();
    stopEventLoopStats?.();
    // A snapshot file being written is finished (a cut one would only be refused, but costs a rebuild).
    await runningServices.directory.snapshotWritten();
  };
}

/** Every answer while the server starts: try again shortly (the load balancer's readiness check too). */
function startingResponse(): Response {
  const body = new AppError('service_unavailable', 'The server is starting (loading the directory). Try again in a few seconds.').toBody();
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '2', 'cache-control': 'no-store' },
  });
}

/**
 * The web app's pages drawn by the server (ADR 026), its renderer loading now rather than in a
 * visitor's first request. None when the web sources are not here (a deployment of the build
 * alone) or fail to load: the browser then draws every page, as before.
 */
async function webPageRenderer(logger: ReturnType<typeof createLogger>): Promise<PageRenderer | undefined> {
  const browserOnly = (error: unknown) => logger.warn({ err: error }, 'pages will be drawn by the browser only');
  const web = await import('../web/app/server-pages').catch((error: unknown) => {
    browserOnly(error);
    return null;
  });
  if (!web) return undefined;
  const loaded = web.loadRenderer().then(
    (renderer) => renderer,
    (error: unknown) => {
      browserOnly(error);
      return null;
    },
  );
  return {
    pages: web.SERVER_DRAWN_PAGES,
    renderPage: async (url, answers) => (await loaded)?.renderPage(url, answers) ?? null,
  };
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
