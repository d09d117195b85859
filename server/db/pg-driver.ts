import pg from 'pg';
import { from as copyFromStream } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { copyStatement, statementName, type SqlDriver, type SqlExecutor } from './driver';
import { DatabaseError } from './pglite-driver';

// Same shapes as PGlite: int8 as number.
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

function wrapError(error: unknown): never {
  const e = error as { message?: string; code?: string; detail?: string; constraint?: string };
  if (e && typeof e.code === 'string') throw new DatabaseError({ message: e.message ?? 'Database error', ...e });
  throw error;
}

function executor(client: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await client
        .query({ name: statementName(text), text, values: params, types: typeParsers })
        .catch(wrapError);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(text: string) {
      await client.query(text).catch(wrapError);
    },
    async copyFrom(table, columns, csv) {
      const connection = 'release' in client ? client : await (client as pg.Pool).connect();
      try {
        const stream = connection.query(copyFromStream(copyStatement(table, columns)));
        await pipeline(Readable.from([csv]), stream).catch(wrapError);
      } finally {
        if (connection !== client) (connection as pg.PoolClient).release();
      }
    },
  };
}

/** node-postgres pool; `searchPath` puts each test file in its own schema. */
export function openPgDriver(options: { connectionString: string; searchPath?: string; max?: number }): SqlDriver {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    // A database that does not answer (network cut, host down) fails a request in 5 s (a 503)
    // rather than holding it until the client gives up.
    connectionTimeoutMillis: 5_000,
    options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
  });
  // A pooled connection that dies while idle (server restart, admin kill) is dropped by the
  // pool; without a listener its 'error' would crash the process.
  pool.on('error', () => undefined);
  const base = executor(pool);
  return {
    engine: 'postgres',
    ...base,
    async transaction(work) {
      const client = await pool.connect();
      // A connection whose ROLLBACK failed may still be inside the transaction: destroyed, never
      // handed to the next request (release(error) closes it instead of pooling it).
      let broken: Error | undefined;
      // Errors of this connection surface through its queries; the event must not crash us.
      const ignore = () => undefined;
      client.on('error', ignore);
      try {
        await client.query('BEGIN');
        const result = await work(executor(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.off('error', ignore);
        client.release(broken);
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
