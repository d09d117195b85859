/*
 * Where a visitor goes back to after signing in or signing up (return_to): only a path of this
 * site, so a crafted link cannot bounce a fresh session to another one. No zod here: the header
 * of every page builds its 'Log in' link with these.
 */

/** C0 controls, DEL and C1 controls: browsers strip tabs and newlines from URLs ('/\t/host' is '//host'). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Percent-decoding until nothing changes (at most 3 rounds); null for a broken escape. */
function decoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * Whether a path part (before '?' and '#') is a plain path of this site: it starts with one '/',
 * and holds no backslash (browsers read it as '/', so '/\\host' is '//host') and no control
 * character, as given and percent-decoded.
 */
function isPlainPath(pathPart: string): boolean {
  const plain = decoded(pathPart);
  if (plain === null) return false;
  let resolved: string;
  try {
    // The decoded form with its dot segments resolved: '/.%2F%2Fhost' is '/.//host', then '//host'.
    resolved = new URL(plain.replace(/[?#]/g, ''), 'http://localhost').pathname;
  } catch {
    return false;
  }
  return [pathPart, plain, resolved].every(
    (form) => form.startsWith('/') && !form.startsWith('//') && !/\\/.test(form) && !CONTROL.test(form),
  );
}

/**
 * `value` as a normalised same-origin path ('/x?y#z'), else null. The one rule for return_to on
 * the server and in the web app: it refuses a value whose path, as given, percent-decoded, or after
 * the URL parser resolves its dot segments ('/.//evil.com', '/a/..//evil.com', '/a/%2e%2e//evil.com'),
 * starts with '//' or '/\\', holds a backslash or a control character, or that names a scheme.
 */
export function safeLocalPath(value: unknown, origin = 'http://localhost'): string | null {
  if (typeof value !== 'string' || CONTROL.test(value) || !isPlainPath(value.split(/[?#]/, 1)[0])) return null;
  try {
    const base = new URL(origin);
    const url = new URL(value, base);
    if (url.origin !== base.origin || !isPlainPath(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The page that opens the 7-day trial's checkout for a signed-in user ('Start Free Trial' ends there). */
export const START_TRIAL_PATH = '/start-trial';

/**
 * '/start-trial', with `then`: the page the visitor started the trial from, where the checkout's
 * success page leads back (not the home page, nor a sign-in page, nor the trial itself).
 */
export function startTrialPath(then?: string | null): string {
  const path = safeLocalPath(then);
  if (!path || path === '/' || isAuthPage(path) || isStartTrialPath(path)) return START_TRIAL_PATH;
  return `${START_TRIAL_PATH}?then=${encodeURIComponent(path).replace(/%2F/g, '/')}`;
}

/** Whether `path` (a safe local path) is the trial's checkout page, with or without its `then`. */
export function isStartTrialPath(path: string | null | undefined): boolean {
  return !!path && new URL(path, 'http://localhost').pathname === START_TRIAL_PATH;
}

/** The `then` of a '/start-trial?then=...' address: a safe local path, or null. */
export function startTrialThen(search: string): string | null {
  const path = safeLocalPath(new URLSearchParams(search).get('then'));
  return path && !isAuthPage(path) && !isStartTrialPath(path) ? path : null;
}

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
