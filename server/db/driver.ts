/**
 * The one interface the app uses to talk SQL, with two implementations: PGlite (embedded, in a
 * worker thread) and node-postgres. Both parse int8 to number and timestamptz to Date, so results
 * look the same whichever engine runs.
 */
export type Engine = 'pglite' | 'postgres';

export type QueryResult<Row> = { rows: Row[]; rowCount: number };

export type SqlExecutor = {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<Row>>;
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

/** SQL text -> the name it is prepared under (see preparedStatement). */
const statementNames = new Map<string, string>();

/**
 * Marks `text` as a statement PostgreSQL parses and plans once per connection (node-postgres: a
 * named prepared statement) rather than at every call; returns the text. For the queries of fixed
 * text that run on most requests (the session lookup, the rate-limit hit, the page's rows, a
 * reveal's and a list add's reads): planning them cost the database more than running them.
 * PGlite runs them as any other statement.
 */
export function preparedStatement(name: string, text: string): string {
  const known = statementNames.get(text);
  if (known !== undefined && known !== name) throw new Error(`statement already prepared as ${known}: ${name}`);
  statementNames.set(text, name);
  return text;
}

/** The name `text` is prepared under, if it is one of them. */
export const statementName = (text: string): string | undefined => statementNames.get(text);

export function quoteIdent(name: string): string {
  return '"' + name.replaceAll('"', '""') + '"';
}

export function copyStatement(table: string, columns: readonly string[]): string {
  return `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM STDIN WITH (FORMAT csv)`;
}
