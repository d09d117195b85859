import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { AppError } from './errors';

const NUL_MESSAGE = 'Must not contain the NUL character (\\u0000).';
const SURROGATE_MESSAGE = 'Must be valid Unicode text (a lone surrogate such as \\udfff is not).';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL text cannot hold `value`, or null when it can. */
function unstorable(value: string): string | null {
  if (value.includes('\0')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(value)) return SURROGATE_MESSAGE;
  return null;
}

type Refusal = { field: string; message: string };

/** The dotted path of the first string (or key) in `value` that text columns cannot hold, or null. */
function findUnstorable(value: unknown, path: string[] = []): Refusal | null {
  if (typeof value === 'string') {
    const message = unstorable(value);
    return message ? { field: path.join('.') || 'body', message } : null;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnstorable(item, [...path, String(i)]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyMessage = unstorable(key);
      if (keyMessage) return { field: [...path, key].join('.'), message: keyMessage };
      const found = findUnstorable(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

function refuse({ field, message }: Refusal): never {
  throw new AppError('validation_failed', `${field}: ${message}`, { fields: { [field]: message } });
}

/** A JSON escape of NUL or of a UTF-16 surrogate (paired ones too: the parse below tells them apart). */
const SUSPICIOUS_ESCAPE = /\\u0000|\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

/**
 * Refuses, with a 400 naming the field, any request whose path, query or JSON body carries text
 * PostgreSQL cannot store: a NUL character, or a lone UTF-16 surrogate (JSON can write '\udfff';
 * PostgreSQL refuses it with 22P02). Otherwise each would fail deep in a query as a 500.
 * The body is only parsed here when its text holds such an escape (the cheap check first);
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
  const pathMessage = unstorable(path);
  if (pathMessage) refuse({ field: 'path', message: pathMessage });
  for (const [name, value] of url.searchParams) {
    const message = unstorable(name) ?? unstorable(value);
    if (message) refuse({ field: name || 'query', message });
  }
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && (c.req.header('content-type') ?? '').includes('json')) {
    const text = await c.req.text();
    if (text.includes('\0') || SUSPICIOUS_ESCAPE.test(text)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Malformed JSON: the route's validator names it.
        if (text.includes('\0')) refuse({ field: 'body', message: NUL_MESSAGE });
      }
      const found = findUnstorable(parsed);
      if (found) refuse(found);
    }
  }
  await next();
};
