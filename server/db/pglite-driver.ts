import { Worker } from 'node:worker_threads';
import { copyStatement, type QueryResult, type SqlDriver, type SqlExecutor } from './driver';

type WorkerReply = { id: number; ok: boolean; result?: unknown; error?: DatabaseErrorInfo };
type DatabaseErrorInfo = { message: string; code?: string; detail?: string; constraint?: string };

/** An error from the database, with PostgreSQL's SQLSTATE code (e.g. 23505 for unique violations). */
export class DatabaseError extends Error {
  readonly code?: string;
  readonly detail?: string;
  readonly constraint?: string;
  constructor(info: DatabaseErrorInfo) {
    super(info.message);
    this.name = 'DatabaseError';
    this.code = info.code;
    this.detail = info.detail;
    this.constraint = info.constraint;
  }
}

/**
 * PGlite runs one query at a time on the thread that calls it. Here it runs in a worker thread,
 * and this side keeps a queue: plain queries wait while a transaction holds the connection, so a
 * transaction's statements are never interleaved with another request's.
 */
export async function openPgliteDriver(options: {
  dataDir?: string;
  loadDataDir?: Uint8Array;
  /** Called once if the worker dies unexpectedly (not after close()). */
  onCrash?: (error: Error) => void;
}): Promise<SqlDriver & { dump(compression?: 'none' | 'gzip'): Promise<Uint8Array>; terminate(): Promise<void> }> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir: options.dataDir ?? null, loadDataDir: options.loadDataDir ?? null },
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let ready!: { resolve: (value: unknown) => void; reject: (error: Error) => void };
  const readyPromise = new Promise((resolve, reject) => (ready = { resolve, reject }));
  pending.set(0, ready);

  worker.on('message', (reply: WorkerReply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.ok) waiter.resolve(reply.result);
    else waiter.reject(new DatabaseError(reply.error ?? { message: 'Unknown database error' }));
  });
  // A crashed or exited worker answers nothing more: every waiting and later query fails with
  // this error instead of hanging, and `onCrash` lets the server stop.
  let dead: Error | null = null;
  let closing = false;
  const fail = (error: Error) => {
    if (dead) return;
    dead = error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
    if (!closing) options.onCrash?.(error);
  };
  worker.on('error', (error) => fail(new Error(`The embedded database stopped: ${error.message}`)));
  worker.on('exit', (code) => fail(new Error(`The embedded database stopped (worker exit code ${code})`)));
  await readyPromise;

  function send<T>(message: Record<string, unknown>): Promise<T> {
    const id = nextId++;
    if (dead) return Promise.reject(dead);
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  }

  // The connection lock: a chain of promises; each holder runs alone.
  let tail: Promise<unknown> = Promise.resolve();
  // Holders of the connection and those queued behind them (the one connection's pool stats).
  let queued = 0;
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    queued++;
    const run = tail.then(work, work).finally(() => queued--);
    tail = run.catch(() => undefined);
    return run;
  }

  const direct: SqlExecutor = {
    async query<Row>(text: string, params: unknown[] = []) {
      return send<QueryResult<Row>>({ type: 'query', text, params });
    },
    async exec(text: string) {
      await send({ type: 'exec', text });
    },
    async copyFrom(table, columns, csv) {
      await send({ type: 'copy', text: copyStatement(table, columns), csv });
    },
  };

  return {
    engine: 'pglite',
    query: (text, params) => exclusive(() => direct.query(text, params)),
    exec: (text) => exclusive(() => direct.exec(text)),
    copyFrom: (table, columns, csv) => exclusive(() => direct.copyFrom(table, columns, csv)),
    transaction: (work) =>
      exclusive(async () => {
        await direct.exec('BEGIN');
        try {
          const result = await work(direct);
          await direct.exec('COMMIT');
          return result;
        } catch (error) {
          await direct.exec('ROLLBACK');
          throw error;
        }
      }),
    // Under the connection lock: no transaction is half done in the copy.
    dump: (compression: 'none' | 'gzip' = 'none') => exclusive(async () => send<Uint8Array>({ type: 'dump', compression })),
    poolStats: () => ({ total: 1, idle: queued === 0 ? 1 : 0, waiting: Math.max(0, queued - 1) }),
    async close() {
      if (!dead) await exclusive(() => send({ type: 'close' }));
      closing = true;
      await worker.terminate();
    },
    /** Kills the worker as a crash would (tests). */
    async terminate() {
      await worker.terminate();
    },
  };
}
