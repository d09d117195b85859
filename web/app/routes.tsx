import type { RouteObject } from 'react-router';
import { appPath } from '@contract/app-paths';
import { LandingPage } from '@web/features/marketing/landing-page';
import { NotFoundPage } from '@web/features/not-found/not-found-page';
import { RequireAuth } from './guards';

/*
 * THE route table. To add a page, add its path to contract/app-paths.ts (the server answers 404
 * for paths not listed there) and one object to the right array:
 *
 *   { path: appPath('/contact'), handle: { title: 'Contact' }, lazy: () => import('@web/features/contact-form/contact-page').then((m) => ({ Component: m.ContactPage })) },
 *
 * `lazy` keeps each feature's code in its own chunk, loaded on first visit (the router waits
 * for it, showing the top progress bar). Paths are absolute. Pages render inside the root
 * layout (nav, admin strip, footer) and its error boundary.
 */

/** Anyone may open these. */
export const publicRoutes: RouteObject[] = [
  { index: true, handle: { title: null }, Component: LandingPage },
  {
    path: appPath('/about'),
    handle: { title: 'About' },
    lazy: () => import('@web/features/marketing/about-page').then((m) => ({ Component: m.AboutPage })),
  },
  {
    path: appPath('/pricing'),
    handle: { title: 'Pricing' },
    lazy: () => import('@web/features/marketing/pricing-page').then((m) => ({ Component: m.PricingPage })),
  },
  {
    path: appPath('/terms'),
    handle: { title: 'Terms of Service' },
    lazy: () => import('@web/features/marketing/terms-page').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: appPath('/privacy'),
    handle: { title: 'Privacy Policy' },
    lazy: () => import('@web/features/marketing/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  },
  {
    path: appPath('/compliance'),
    handle: { title: 'Compliance' },
    lazy: () => import('@web/features/marketing/compliance-page').then((m) => ({ Component: m.CompliancePage })),
  },
  {
    path: appPath('/money-back-guarantee'),
    handle: { title: 'Money Back Guarantee' },
    lazy: () =>
      import('@web/features/marketing/money-back-guarantee-page').then((m) => ({
        Component: m.MoneyBackGuaranteePage,
      })),
  },
  { path: appPath('/signup'), handle: { title: 'Sign up' }, lazy: () => import('@web/features/auth/signup-page').then((m) => ({ Component: m.SignupPage })) },
  { path: appPath('/login'), handle: { title: 'Log in' }, lazy: () => import('@web/features/auth/login-page').then((m) => ({ Component: m.LoginPage })) },
  { path: appPath('/check-email-confirmation'), handle: { title: 'Check your email' }, lazy: () => import('@web/features/auth/check-email-page').then((m) => ({ Component: m.CheckEmailPage })) },
  { path: appPath('/verify-email'), handle: { title: 'Verify your email' }, lazy: () => import('@web/features/auth/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })) },
  { path: appPath('/forgot-password'), handle: { title: 'Forgot password' }, lazy: () => import('@web/features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })) },
  { path: appPath('/reset-password'), handle: { title: 'Reset password' }, lazy: () => import('@web/features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })) },
  { path: appPath('/dev/mailbox'), handle: { title: 'Development mailbox' }, lazy: () => import('@web/features/dev-mailbox/dev-mailbox-page').then((m) => ({ Component: m.DevMailboxPage })) },
  { path: appPath('/search'), handle: { title: 'Physician Directory' }, lazy: () => import('@web/features/directory/search-page').then((m) => ({ Component: m.SearchPage })) },
  { path: appPath('/directory'), handle: { title: 'Physician Directory' }, lazy: () => import('@web/features/directory/directory-redirect').then((m) => ({ Component: m.DirectoryRedirect })) },
  { path: appPath('/physician/:id'), handle: { titleFromPage: true }, lazy: () => import('@web/features/directory/physician-profile-page').then((m) => ({ Component: m.PhysicianProfilePage })) },
  { path: appPath('/physicians/:id'), handle: { titleFromPage: true }, lazy: () => import('@web/features/directory/physician-profile-page').then((m) => ({ Component: m.PhysicianProfilePage })) },
  { path: appPath('/specialties'), handle: { title: 'Specialties' }, lazy: () => import('@web/features/specialties/specialties-page').then((m) => ({ Component: m.SpecialtiesPage })) },
  { path: appPath('/contact'), handle: { title: 'Contact' }, lazy: () => import('@web/features/contact-form/contact-page').then((m) => ({ Component: m.ContactPage })) },
  { path: appPath('/submit-resume'), handle: { title: 'Submit Resume' }, lazy: () => import('@web/features/submissions/submit-resume-page').then((m) => ({ Component: m.SubmitResumePage })) },
  { path: appPath('/success'), handle: { title: 'Resume submitted' }, lazy: () => import('@web/features/submissions/success-page').then((m) => ({ Component: m.SubmissionSuccessPage })) },
  { path: appPath('/confirm-resume'), handle: { title: 'Confirm your resume' }, lazy: () => import('@web/features/submissions/confirm-resume-page').then((m) => ({ Component: m.ConfirmResumePage })) },
  { path: appPath('/remove-info'), handle: { title: 'Remove My Information' }, lazy: () => import('@web/features/removal/remove-info-page').then((m) => ({ Component: m.RemoveInfoPage })) },
  { path: appPath('/confirm-removal'), handle: { title: 'Confirm removal' }, lazy: () => import('@web/features/removal/confirm-removal-page').then((m) => ({ Component: m.ConfirmRemovalPage })) },
  { path: appPath('/team/join'), handle: { title: 'Join a team' }, lazy: () => import('@web/features/team/join-team-page').then((m) => ({ Component: m.JoinTeamPage })) },
  { path: appPath('/my-preferences'), handle: { title: 'Your recruiter email preferences' }, lazy: () => import('@web/features/outreach/preferences-page').then((m) => ({ Component: m.PreferencesPage })) },
  { path: appPath('/outreach/unsubscribe'), handle: { title: 'Unsubscribe from recruiter emails' }, lazy: () => import('@web/features/outreach/unsubscribe-page').then((m) => ({ Component: m.OutreachUnsubscribePage })) },
  { path: appPath('/alerts/:id/unsubscribe'), handle: { title: 'Unsubscribe from alerts' }, lazy: () => import('@web/features/saved-searches/unsubscribe-page').then((m) => ({ Component: m.UnsubscribeAlertPage })) },
];

/** Signed-in users only (anonymous visitors go to /login?return_to=...). */
export const signedInRoutes: RouteObject[] = [
  { path: appPath('/account'), handle: { title: 'Account Settings' }, lazy: () => import('@web/features/account/account-page').then((m) => ({ Component: m.AccountPage })) },
  { path: appPath('/checkout/success'), handle: { title: 'Checkout' }, lazy: () => import('@web/features/billing/checkout-success-page').then((m) => ({ Component: m.CheckoutSuccessPage })) },
  { path: appPath('/start-trial'), handle: { title: 'Start your free trial' }, lazy: () => import('@web/features/billing/start-trial-page').then((m) => ({ Component: m.StartTrialPage })) },
  { path: appPath('/billing/demo/checkout/:sessionId'), handle: { title: 'Checkout' }, lazy: () => import('@web/features/billing/demo-checkout-page').then((m) => ({ Component: m.DemoCheckoutPage })) },
  { path: appPath('/billing/demo/portal'), handle: { title: 'Billing portal' }, lazy: () => import('@web/features/billing/demo-portal-page').then((m) => ({ Component: m.DemoPortalPage })) },
  { path: appPath('/lists'), handle: { title: 'My Lists' }, lazy: () => import('@web/features/lists/my-lists-page').then((m) => ({ Component: m.MyListsPage })) },
  { path: appPath('/lists/:listId'), handle: { titleFromPage: true }, lazy: () => import('@web/features/lists/list-detail-page').then((m) => ({ Component: m.ListDetailPage })) },
  { path: appPath('/match-list'), handle: { title: 'Match a list' }, lazy: () => import('@web/features/matches/match-list-page').then((m) => ({ Component: m.MatchListPage })) },
];

/**
 * Admins only (anonymous visitors go to /login). A signed-in non-admin gets the screen's
 * `handle.adminDenied` (docs/rules.md#admin): see app/admin-denied.tsx.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: appPath('/admin-dashboard'),
    handle: { title: 'Admin Dashboard', adminDenied: 'message-then-home' },
    lazy: () => import('@web/features/admin/admin-dashboard-page').then((m) => ({ Component: m.AdminDashboardPage })),
  },
  {
    path: appPath('/resume-approval'),
    handle: { title: 'Resume Approval', adminDenied: 'message' },
    lazy: () => import('@web/features/admin/resume-approval-page').then((m) => ({ Component: m.ResumeApprovalPage })),
  },
  {
    path: appPath('/users'),
    handle: { title: 'Users', adminDenied: 'home' },
    lazy: () => import('@web/features/admin/users-page').then((m) => ({ Component: m.UsersPage })),
  },
  {
    path: appPath('/users/:id'),
    handle: { title: 'User', adminDenied: 'home' },
    lazy: () => import('@web/features/admin/user-detail-page').then((m) => ({ Component: m.UserDetailPage })),
  },
  {
    path: appPath('/admin/audit'),
    handle: { title: 'Audit Log', adminDenied: 'home' },
    lazy: () => import('@web/features/admin/audit-page').then((m) => ({ Component: m.AuditPage })),
  },
  {
    path: appPath('/admin/verification'),
    handle: { title: 'Verification', adminDenied: 'home' },
    lazy: () => import('@web/features/verification/verification-page').then((m) => ({ Component: m.VerificationPage })),
  },
  {
    path: appPath('/admin/import'),
    handle: { title: 'Import', adminDenied: 'home' },
    lazy: () => import('@web/features/import/import-page').then((m) => ({ Component: m.ImportPage })),
  },
  {
    path: appPath('/admin/messages'),
    handle: { title: 'Messages', adminDenied: 'home' },
    lazy: () => import('@web/features/contact-form/messages-page').then((m) => ({ Component: m.ContactMessagesPage })),
  },
];

export const appRoutes: RouteObject[] = [
  ...publicRoutes,
  { element: <RequireAuth />, children: signedInRoutes },
  { element: <RequireAuth admin />, children: adminRoutes },
  { path: '*', handle: { title: 'Page Not Found' }, Component: NotFoundPage },
];
