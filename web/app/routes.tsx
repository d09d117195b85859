import type { RouteObject } from 'react-router';
import { appPath } from '@contract/app-paths';
import { LandingPage } from '@web/features/marketing/landing-page';
import { NotFoundPage } from '@web/features/not-found/not-found-page';
import { RequireAuth } from './guards';

/*
 * THE route table. To add a page, add its path to contract/app-paths.ts (the server answers 404
 * for paths not listed there) and one object to the right array:
 *
 *   { path: appPath('/contact'), lazy: () => import('@web/features/contact-form/contact-page').then((m) => ({ Component: m.ContactPage })) },
 *
 * `lazy` keeps each feature's code in its own chunk, loaded on first visit (the router waits
 * for it, showing the top progress bar). Paths are absolute. Pages render inside the root
 * layout (nav, admin strip, footer) and its error boundary.
 */

/** Anyone may open these. */
export const publicRoutes: RouteObject[] = [
  { index: true, Component: LandingPage },
  {
    path: appPath('/about'),
    lazy: () => import('@web/features/marketing/about-page').then((m) => ({ Component: m.AboutPage })),
  },
  {
    path: appPath('/pricing'),
    lazy: () => import('@web/features/marketing/pricing-page').then((m) => ({ Component: m.PricingPage })),
  },
  {
    path: appPath('/terms'),
    lazy: () => import('@web/features/marketing/terms-page').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: appPath('/privacy'),
    lazy: () => import('@web/features/marketing/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  },
  {
    path: appPath('/compliance'),
    lazy: () => import('@web/features/marketing/compliance-page').then((m) => ({ Component: m.CompliancePage })),
  },
  {
    path: appPath('/money-back-guarantee'),
    lazy: () =>
      import('@web/features/marketing/money-back-guarantee-page').then((m) => ({
        Component: m.MoneyBackGuaranteePage,
      })),
  },
  { path: appPath('/signup'), lazy: () => import('@web/features/auth/signup-page').then((m) => ({ Component: m.SignupPage })) },
  { path: appPath('/login'), lazy: () => import('@web/features/auth/login-page').then((m) => ({ Component: m.LoginPage })) },
  { path: appPath('/check-email-confirmation'), lazy: () => import('@web/features/auth/check-email-page').then((m) => ({ Component: m.CheckEmailPage })) },
  { path: appPath('/verify-email'), lazy: () => import('@web/features/auth/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })) },
  { path: appPath('/forgot-password'), lazy: () => import('@web/features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })) },
  { path: appPath('/reset-password'), lazy: () => import('@web/features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })) },
  { path: appPath('/dev/mailbox'), lazy: () => import('@web/features/dev-mailbox/dev-mailbox-page').then((m) => ({ Component: m.DevMailboxPage })) },
  { path: appPath('/search'), lazy: () => import('@web/features/directory/search-page').then((m) => ({ Component: m.SearchPage })) },
  { path: appPath('/directory'), lazy: () => import('@web/features/directory/directory-redirect').then((m) => ({ Component: m.DirectoryRedirect })) },
  { path: appPath('/physician/:id'), lazy: () => import('@web/features/directory/physician-profile-page').then((m) => ({ Component: m.PhysicianProfilePage })) },
  { path: appPath('/physicians/:id'), lazy: () => import('@web/features/directory/physician-profile-page').then((m) => ({ Component: m.PhysicianProfilePage })) },
  { path: appPath('/specialties'), lazy: () => import('@web/features/specialties/specialties-page').then((m) => ({ Component: m.SpecialtiesPage })) },
  { path: appPath('/contact'), lazy: () => import('@web/features/contact-form/contact-page').then((m) => ({ Component: m.ContactPage })) },
  { path: appPath('/submit-resume'), lazy: () => import('@web/features/submissions/submit-resume-page').then((m) => ({ Component: m.SubmitResumePage })) },
  { path: appPath('/success'), lazy: () => import('@web/features/submissions/success-page').then((m) => ({ Component: m.SubmissionSuccessPage })) },
  { path: appPath('/confirm-resume'), lazy: () => import('@web/features/submissions/confirm-resume-page').then((m) => ({ Component: m.ConfirmResumePage })) },
  { path: appPath('/remove-info'), lazy: () => import('@web/features/removal/remove-info-page').then((m) => ({ Component: m.RemoveInfoPage })) },
  { path: appPath('/confirm-removal'), lazy: () => import('@web/features/removal/confirm-removal-page').then((m) => ({ Component: m.ConfirmRemovalPage })) },
  { path: appPath('/alerts/:id/unsubscribe'), lazy: () => import('@web/features/saved-searches/unsubscribe-page').then((m) => ({ Component: m.UnsubscribeAlertPage })) },
];

/** Signed-in users only (anonymous visitors go to /login?return_to=...). */
export const signedInRoutes: RouteObject[] = [
  { path: appPath('/account'), lazy: () => import('@web/features/account/account-page').then((m) => ({ Component: m.AccountPage })) },
  { path: appPath('/checkout/success'), lazy: () => import('@web/features/billing/checkout-success-page').then((m) => ({ Component: m.CheckoutSuccessPage })) },
  { path: appPath('/start-trial'), lazy: () => import('@web/features/billing/start-trial-page').then((m) => ({ Component: m.StartTrialPage })) },
  { path: appPath('/billing/demo/checkout/:sessionId'), lazy: () => import('@web/features/billing/demo-checkout-page').then((m) => ({ Component: m.DemoCheckoutPage })) },
  { path: appPath('/billing/demo/portal'), lazy: () => import('@web/features/billing/demo-portal-page').then((m) => ({ Component: m.DemoPortalPage })) },
  { path: appPath('/lists'), lazy: () => import('@web/features/lists/my-lists-page').then((m) => ({ Component: m.MyListsPage })) },
  { path: appPath('/lists/:listId'), lazy: () => import('@web/features/lists/list-detail-page').then((m) => ({ Component: m.ListDetailPage })) },
  { path: appPath('/match-list'), lazy: () => import('@web/features/matches/match-list-page').then((m) => ({ Component: m.MatchListPage })) },
];

/**
 * Admins only (anonymous visitors go to /login). A signed-in non-admin gets the screen's
 * `handle.adminDenied` (docs/rules.md#admin): see app/admin-denied.tsx.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: appPath('/admin-dashboard'),
    handle: { adminDenied: 'message-then-home' },
    lazy: () => import('@web/features/admin/admin-dashboard-page').then((m) => ({ Component: m.AdminDashboardPage })),
  },
  {
    path: appPath('/resume-approval'),
    handle: { adminDenied: 'message' },
    lazy: () => import('@web/features/admin/resume-approval-page').then((m) => ({ Component: m.ResumeApprovalPage })),
  },
  {
    path: appPath('/users'),
    handle: { adminDenied: 'home' },
    lazy: () => import('@web/features/admin/users-page').then((m) => ({ Component: m.UsersPage })),
  },
  {
    path: appPath('/users/:id'),
    handle: { adminDenied: 'home' },
    lazy: () => import('@web/features/admin/user-detail-page').then((m) => ({ Component: m.UserDetailPage })),
  },
  {
    path: appPath('/admin/audit'),
    handle: { adminDenied: 'home' },
    lazy: () => import('@web/features/admin/audit-page').then((m) => ({ Component: m.AuditPage })),
  },
  {
    path: appPath('/admin/verification'),
    handle: { adminDenied: 'home' },
    lazy: () => import('@web/features/verification/verification-page').then((m) => ({ Component: m.VerificationPage })),
  },
  {
    path: appPath('/admin/import'),
    handle: { adminDenied: 'home' },
    lazy: () => import('@web/features/import/import-page').then((m) => ({ Component: m.ImportPage })),
  },
  {
    path: appPath('/admin/messages'),
    handle: { adminDenied: 'home' },
    lazy: () => import('@web/features/contact-form/messages-page').then((m) => ({ Component: m.ContactMessagesPage })),
  },
];

export const appRoutes: RouteObject[] = [
  ...publicRoutes,
  { element: <RequireAuth />, children: signedInRoutes },
  { element: <RequireAuth admin />, children: adminRoutes },
  { path: '*', Component: NotFoundPage },
];
