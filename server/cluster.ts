import cluster, { type Worker } from 'node:cluster';
import type { Env } from './lib/env';
import type { Logger } from './lib/logger';

/*
 * WEB_CONCURRENCY=N (ADR 038): N server processes on one port (node:cluster; the primary hands
 * out connections in turn). Each worker is the whole server (its own index, its own jobs, which
 * are built for several processes on one PostgreSQL: ADR 008). The first worker starts alone: it
 * runs the migrations, seeds an empty database and writes the index snapshot, which the others
 * then read in a second or two instead of each reading every row at once on shared cores.
 */

/** What a worker tells the primary once it answers requests. */
export const WORKER_READY = 'physiciandirect:ready';

/** In a worker: tells the primary it is ready (no-op in a single process). */
export function reportWorkerReady(): void {
  if (cluster.isWorker) process.send?.(WORKER_READY);
}

/** The suffix of a per-process file (EVENT_LOOP_STATS_FILE) in a worker: its pid. */
export function workerSuffix(): string {
  return cluster.isWorker ? `.${process.pid}` : '';
}

/** Runs the primary of WEB_CONCURRENCY workers until SIGTERM or SIGINT; then stops them all. */
export async function runPrimary(env: Env, logger: Logger): Promise<void> {
  const count = env.WEB_CONCURRENCY;
  const started = Date.now();
  let stopping = false;
  const workers = new Set<Worker>();

  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      workers.add(worker);
      const onMessage = (message: unknown) => {
        if (message !== WORKER_READY) return;
        worker.off('message', onMessage);
        resolve(worker);
      };
      worker.on('message', onMessage);
      worker.once('exit', (code, signal) => {
        workers.delete(worker);
        reject(new Error(`worker ${worker.id} exited during start-up (${signal ?? code})`));
        if (stopping) return;
        logger.error({ worker: worker.id, code, signal }, 'server process stopped; starting another');
        // A worker that keeps failing is not restarted in a tight loop.
        setTimeout(() => {
          if (!stopping) fork().catch((error: unknown) => logger.error({ err: error }, 'replacement server process failed'));
        }, 1000).unref();
      });
    });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `stopping ${workers.size} server processes`);
    for (const worker of workers) worker.process.kill('SIGTERM');
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    const check = () => {
      if (workers.size > 0) return;
      clearTimeout(force);
      process.exit(process.exitCode ?? 0);
    };
    cluster.on('exit', check);
    check();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  try {
    await fork();
    await Promise.all(Array.from({ length: count - 1 }, () => fork()));
  } catch (error) {
    if (stopping) return;
    logger.fatal({ err: (error as Error).message }, 'a server process failed to start');
    stop('start-up failure');
    process.exitCode = 1;
    return;
  }
  logger.info(`${count} server processes ready in ${((Date.now() - started) / 1000).toFixed(1)} s (WEB_CONCURRENCY=${count})`);
}
