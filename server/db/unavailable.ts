/** The message of the 503 every request gets while the database cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable (its database is not answering). Please try again in a few seconds.';

/** Socket-level codes of a database that is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * True when `error` says the database is unreachable rather than that a statement failed:
 * PostgreSQL's connection-exception (08xxx) and operator-intervention (57P01-57P03: shutdown,
 * crash shutdown, cannot connect now) classes, socket errors, and node-postgres' own messages for
 * a connection that ended or could not be made in time. Never true for a statement's own error
 * (a constraint, a syntax error): those stay bugs (500) or the service's AppErrors.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  // Wrapped errors (a cause, or an AggregateError of a dual-stack connect) count by what they wrap.
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause && isDatabaseUnavailable(cause, depth + 1)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  if (typeof message === 'string') {
    return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|the database system is (starting up|shutting down|in recovery mode)/i.test(
      message,
    );
  }
  return false;
}
