import { isAuthPage, safeLocalPath } from '@contract/local-path';

/**
 * Where to go after signing in (docs/rules.md#accounts): the return_to query parameter if present, else the
 * page the visitor came from (navigation state), else /directory. Only same-origin paths are
 * accepted (contract/local-path.ts), so a crafted link cannot bounce a fresh session to another site.
 */
export const DEFAULT_AFTER_LOGIN = '/directory';

export { safeLocalPath };

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

/** The return_to to keep (a safe path that is not a sign-in or sign-up page), else null. */
export function returnToParam(value: string | null, origin?: string): string | null {
  const path = safeLocalPath(value, origin);
  return path && !isAuthPage(path) ? path : null;
}

export function afterLoginPath(input: { returnTo: string | null; state: unknown; origin?: string }): string {
  for (const candidate of [input.returnTo, pathFromState(input.state)]) {
    const path = returnToParam(candidate, input.origin);
    if (path) return path;
  }
  return DEFAULT_AFTER_LOGIN;
}
