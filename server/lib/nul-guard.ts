import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { AppError } from './errors';

const NUL_MESSAGE = 'Must not contain the NUL character (\\u0000).';

/** The dotted path of the first string in `value` holding a NUL character, or null. */
function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path.join('.') || 'body' : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, [...path, String(i)]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) return [...path, key].join('.');
      const found = nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses, with a 400 naming the field, any request whose path, query or JSON body carries a NUL
 * character: PostgreSQL text cannot hold one, so it would otherwise fail deep in a query as a 500.
 * The body is only parsed here when its text contains an escaped NUL (the cheap check first);
 * Hono caches the text, so the route's validator does not read the stream twice.
 */
export const rejectNulCharacters: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  let path = url.pathname;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    // A malformed escape is the router's business (404), not a NUL.
  }
  if (path.includes('\0')) throw new AppError('validation_failed', `path: ${NUL_MESSAGE}`, { fields: { path: NUL_MESSAGE } });
  for (const [name, value] of url.searchParams) {
    if (name.includes('\0') || value.includes('\0')) {
      throw new AppError('validation_failed', `${name}: ${NUL_MESSAGE}`, { fields: { [name || 'query']: NUL_MESSAGE } });
    }
  }
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && (c.req.header('content-type') ?? '').includes('json')) {
    const text = await c.req.text();
    if (text.includes('\\u0000') || text.includes('\0')) {
      let field = 'body';
      try {
        field = nulPath(JSON.parse(text)) ?? 'body';
      } catch {
        // Malformed JSON: the route's validator names it.
      }
      throw new AppError('validation_failed', `${field}: ${NUL_MESSAGE}`, { fields: { [field]: NUL_MESSAGE } });
    }
  }
  await next();
};
