/**
 * The one interface the app uses to talk SQL, with two implementations: PGlite (embedded, in a
 * worker thread) and node-postgres. Both parse int8 to number and timestamptz to Date, so results
 * look the same whichever engine runs.
 */
export type Engine = 'pglite' | 'postgres';

export type QueryResult<Row> = { rows: Row[]; rowCount: number };

export type SqlExecutor = {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Rows as arrays of values (drizzle's select path). */
  queryArrays(text: string, params?: unknown[]): Promise<unknown[][]>;
  /** Several statements, no parameters (migrations). */
  exec(text: string): Promise<void>;
  /** Bulk load CSV text with COPY ... FROM STDIN (FORMAT csv). */
  copyFrom(table: string, columns: readonly string[], csv: string): Promise<void>;
};

export type SqlDriver = SqlExecutor & {
  engine: Engine;
  /** Runs `work` on one connection inside BEGIN/COMMIT; ROLLBACK when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Connections open, idle, and callers waiting for one (the metrics' pool gauges). */
  poolStats(): PoolStats;
};

export type PoolStats = { total: number; idle: number; waiting: number };

export function quoteIdent(name: string): string {
  return '"' + name.replaceAll('"', '""') + '"';
}

export function copyStatement(table: string, columns: readonly string[]): string {
  return `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM STDIN WITH (FORMAT csv)`;
}
