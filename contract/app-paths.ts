/**
 * Every path of the web app's router (web/app/routes.tsx takes each of its paths from here
 * through `appPath`), so the server can answer an unknown path with 404 while still serving
 * the app's page (its 'Page Not Found'). ':name' is one path segment.
 */
export const APP_PATHS = [
  '/',
  '/about',
  '/pricing',
  '/terms',
  '/privacy',
  '/compliance',
  '/money-back-guarantee',
  '/signup',
  '/login',
  '/check-email-confirmation',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/dev/mailbox',
  '/search',
  '/directory',
  '/physician/:id',
  '/physicians/:id',
  '/specialties',
  '/contact',
  '/submit-resume',
  '/success',
  '/remove-info',
  '/confirm-removal',
  '/confirm-resume',
  '/alerts/:id/unsubscribe',
  '/team/join',
  '/outreach/unsubscribe',
  '/my-preferences',
  '/account',
  '/checkout/success',
  '/start-trial',
  '/billing/demo/checkout/:sessionId',
  '/billing/demo/portal',
  '/lists',
  '/lists/:listId',
  '/match-list',
  '/admin-dashboard',
  '/resume-approval',
  '/users',
  '/users/:id',
  '/admin/audit',
  '/admin/verification',
  '/admin/import',
  '/admin/messages',
] as const;
export type AppPath = (typeof APP_PATHS)[number];

/** A router path, checked against APP_PATHS. */
export const appPath = (path: AppPath): AppPath => path;

const PATTERNS = APP_PATHS.map(
  (path) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`),
);

/** Whether the router has a page for this URL path (else it renders 'Page Not Found'). */
export function isAppPath(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}
