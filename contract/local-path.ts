/*
 * Where a visitor goes back to after signing in or signing up (return_to): only a path of this
 * site, so a crafted link cannot bounce a fresh session to another one. No zod here: the header
 * of every page builds its 'Log in' link with these.
 */

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

/** The page that opens the 7-day trial's checkout for a signed-in user ('Start Free Trial' ends there). */
export const START_TRIAL_PATH = '/start-trial';

/** Pages a visitor is never sent back to after signing in: the sign-in and sign-up steps themselves. */
const AUTH_PAGES = ['/login', '/signup', '/check-email-confirmation', '/verify-email', '/forgot-password', '/reset-password'];

/** Whether `path` (a safe local path) is one of the sign-in and sign-up pages. */
export function isAuthPage(path: string): boolean {
  return AUTH_PAGES.includes(new URL(path, 'http://localhost').pathname);
}

/** `/login?return_to=...` (or plain /login when there is nowhere worth coming back to). */
export function loginPath(returnTo: string | null | undefined): string {
  return withReturnTo('/login', returnTo);
}

/** `/signup?return_to=...`: after the emailed link and sign-in, the visitor lands there. */
export function signupPath(returnTo: string | null | undefined): string {
  return withReturnTo('/signup', returnTo);
}

function withReturnTo(page: string, returnTo: string | null | undefined): string {
  const path = safeLocalPath(returnTo);
  if (!path || path === '/' || isAuthPage(path)) return page;
  // Slashes stay readable ('/login?return_to=/pricing'); everything else is encoded.
  return `${page}?return_to=${encodeURIComponent(path).replace(/%2F/g, '/')}`;
}
