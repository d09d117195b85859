/**
 * Where to go after signing in (docs/rules.md#accounts): the return_to query parameter if present, else the
 * page the visitor came from (navigation state), else /directory. Only same-origin paths are
 * accepted, so a crafted link cannot bounce a fresh session to another site.
 */
export const DEFAULT_AFTER_LOGIN = '/directory';

/** `value` if it is a same-origin path ('/x?y#z'), else null. Rejects '//host', '/\host' and schemes. */
export function safeLocalPath(value: unknown, origin = 'http://localhost'): string | null {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return null;
  }
  try {
    const url = new URL(value, origin);
    if (url.origin !== new URL(origin).origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

type FromState = { from?: unknown } | null | undefined;

/** A location-like object ({ pathname, search, hash }) or a string, as guards put it in state. */
function pathFromState(state: unknown): string | null {
  const from = (state as FromState)?.from;
  if (typeof from === 'string') return from;
  if (from && typeof from === 'object' && 'pathname' in from && typeof from.pathname === 'string') {
    const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
    const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
    return `${from.pathname}${search}${hash}`;
  }
  return null;
}

/** Sign-in pages never send you back to themselves. */
const AUTH_PAGES = ['/login', '/signup'];

export function afterLoginPath(input: { returnTo: string | null; state: unknown; origin?: string }): string {
  for (const candidate of [input.returnTo, pathFromState(input.state)]) {
    const path = safeLocalPath(candidate, input.origin);
    if (path && !AUTH_PAGES.includes(new URL(path, 'http://localhost').pathname)) return path;
  }
  return DEFAULT_AFTER_LOGIN;
}
