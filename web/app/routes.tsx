import type { RouteObject } from 'react-router';
import { LandingPage } from '@web/features/marketing/landing-page';
import { NotFoundPage } from '@web/features/not-found/not-found-page';
import { RequireAuth } from './guards';

/*
 * THE route table. To add a page, add one object to the right array:
 *
 *   { path: '/contact', lazy: () => import('@web/features/contact-form/contact-page').then((m) => ({ Component: m.ContactPage })) },
 *
 * `lazy` keeps each feature's code in its own chunk, loaded on first visit (the router waits
 * for it, showing the top progress bar). Paths are absolute. Pages render inside the root
 * layout (nav, admin strip, footer) and its error boundary.
 */

/** Anyone may open these. */
export const publicRoutes: RouteObject[] = [
  { index: true, Component: LandingPage },
  {
    path: '/about',
    lazy: () => import('@web/features/marketing/about-page').then((m) => ({ Component: m.AboutPage })),
  },
  {
    path: '/pricing',
    lazy: () => import('@web/features/marketing/pricing-page').then((m) => ({ Component: m.PricingPage })),
  },
  {
    path: '/terms',
    lazy: () => import('@web/features/marketing/terms-page').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: '/privacy',
    lazy: () => import('@web/features/marketing/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  },
  {
    path: '/compliance',
    lazy: () => import('@web/features/marketing/compliance-page').then((m) => ({ Component: m.CompliancePage })),
  },
  {
    path: '/money-back-guarantee',
    lazy: () =>
      import('@web/features/marketing/money-back-guarantee-page').then((m) => ({
        Component: m.MoneyBackGuaranteePage,
      })),
  },
  { path: '/signup', lazy: () => import('@web/features/auth/signup-page').then((m) => ({ Component: m.SignupPage })) },
  { path: '/login', lazy: () => import('@web/features/auth/login-page').then((m) => ({ Component: m.LoginPage })) },
  { path: '/check-email-confirmation', lazy: () => import('@web/features/auth/check-email-page').then((m) => ({ Component: m.CheckEmailPage })) },
  { path: '/verify-email', lazy: () => import('@web/features/auth/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })) },
  { path: '/forgot-password', lazy: () => import('@web/features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })) },
  { path: '/reset-password', lazy: () => import('@web/features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })) },
  { path: '/dev/mailbox', lazy: () => import('@web/features/dev-mailbox/dev-mailbox-page').then((m) => ({ Component: m.DevMailboxPage })) },
  { path: '/search', lazy: () => import('@web/features/directory/search-page').then((m) => ({ Component: m.SearchPage })) },
  { path: '/directory', lazy: () => import('@web/features/directory/directory-redirect').then((m) => ({ Component: m.DirectoryRedirect })) },
  { path: '/physician/:id', lazy: () => import('@web/features/directory/physician-profile-page').then((m) => ({ Component: m.PhysicianProfilePage })) },
  { path: '/physicians/:id', lazy: () => import('@web/features/directory/physician-profile-page').then((m) => ({ Component: m.PhysicianProfilePage })) },
  { path: '/specialties', lazy: () => import('@web/features/specialties/specialties-page').then((m) => ({ Component: m.SpecialtiesPage })) },
  { path: '/contact', lazy: () => import('@web/features/contact-form/contact-page').then((m) => ({ Component: m.ContactPage })) },
  { path: '/submit-resume', lazy: () => import('@web/features/submissions/submit-resume-page').then((m) => ({ Component: m.SubmitResumePage })) },
  { path: '/success', lazy: () => import('@web/features/submissions/success-page').then((m) => ({ Component: m.SubmissionSuccessPage })) },
  { path: '/remove-info', lazy: () => import('@web/features/removal/remove-info-page').then((m) => ({ Component: m.RemoveInfoPage })) },
  { path: '/confirm-removal', lazy: () => import('@web/features/removal/confirm-removal-page').then((m) => ({ Component: m.ConfirmRemovalPage })) },
];

/** Signed-in users only (anonymous visitors go to /login?return_to=...). */
export const signedInRoutes: RouteObject[] = [
  { path: '/account', lazy: () => import('@web/features/account/account-page').then((m) => ({ Component: m.AccountPage })) },
  { path: '/checkout/success', lazy: () => import('@web/features/billing/checkout-success-page').then((m) => ({ Component: m.CheckoutSuccessPage })) },
  { path: '/billing/demo/checkout/:sessionId', lazy: () => import('@web/features/billing/demo-checkout-page').then((m) => ({ Component: m.DemoCheckoutPage })) },
  { path: '/billing/demo/portal', lazy: () => import('@web/features/billing/demo-portal-page').then((m) => ({ Component: m.DemoPortalPage })) },
  { path: '/lists', lazy: () => import('@web/features/lists/my-lists-page').then((m) => ({ Component: m.MyListsPage })) },
  { path: '/lists/:listId', lazy: () => import('@web/features/lists/list-detail-page').then((m) => ({ Component: m.ListDetailPage })) },
];

/**
 * Admins only (anonymous visitors go to /login). A signed-in non-admin gets the screen's
 * `handle.adminDenied` (document 3): see app/admin-denied.tsx.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin-dashboard',
    handle: { adminDenied: 'message-then-home' },
    lazy: () => import('@web/features/admin/admin-dashboard-page').then((m) => ({ Component: m.AdminDashboardPage })),
  },
  {
    path: '/resume-approval',
    handle: { adminDenied: 'message' },
    lazy: () => import('@web/features/admin/resume-approval-page').then((m) => ({ Component: m.ResumeApprovalPage })),
  },
  {
    path: '/users',
    handle: { adminDenied: 'home' },
    lazy: () => import('@web/features/admin/users-page').then((m) => ({ Component: m.UsersPage })),
  },
  {
    path: '/users/:id',
    handle: { adminDenied: 'home' },
    lazy: () => import('@web/features/admin/user-detail-page').then((m) => ({ Component: m.UserDetailPage })),
  },
  {
    path: '/admin/audit',
    handle: { adminDenied: 'home' },
    lazy: () => import('@web/features/admin/audit-page').then((m) => ({ Component: m.AuditPage })),
  },
  {
    path: '/admin/import',
    handle: { adminDenied: 'home' },
    lazy: () => import('@web/features/import/import-page').then((m) => ({ Component: m.ImportPage })),
  },
  {
    path: '/admin/messages',
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
