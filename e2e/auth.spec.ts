import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, screenshotBoth } from './fixtures';

/*
 * Accounts (docs/rules.md#accounts): sign-up with email verification, log in and out, password reset,
 * the route guard and the account settings tabs, against the real server. The e2e server has
 * no SMTP_URL, so mail lands in the outbox and is read back through GET /api/dev/mailbox.
 */

const PASSWORD = 'first-password-1';
const CSRF = { 'x-requested-with': 'fetch' };

let counter = 0;
/** A fresh address per test and per run, so reruns never collide with earlier accounts. */
function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e-${label}-${Date.now()}-${counter}@example.com`;
}

type OutboxMessage = { to: string; subject: string; text: string; createdAt: string };

/** The newest link to `path` mailed to `to`, waiting (by polling the outbox) until it is there. */
async function linkFromOutbox(request: APIRequestContext, to: string, path: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mailbox');
        if (!response.ok()) return '';
        const { messages } = (await response.json()) as { messages: OutboxMessage[] };
        const pattern = new RegExp(`https?://\\S+${path.replace('/', '\\/')}\\?token=[^\\s]+`);
        for (const message of messages) {
          const match = message.to === to ? pattern.exec(message.text) : null;
          if (match) return (link = match[0]);
        }
        return '';
      },
      { message: `a ${path} link mailed to ${to}` },
    )
    .not.toBe('');
  return link;
}

/** Signs up and verifies through the API (for tests whose subject is something else). */
async function createVerifiedAccount(request: APIRequestContext, email: string, password = PASSWORD) {
  const signup = await request.post('/api/auth/signup', {
    headers: CSRF,
    data: { email, password, confirmPassword: password, acceptTerms: true },
  });
  expect(signup.status()).toBe(201);
  const link = await linkFromOutbox(request, email, '/verify-email');
  const token = new URL(link).searchParams.get('token');
  const verify = await request.post('/api/auth/verify-email', { headers: CSRF, data: { token } });
  expect(verify.ok()).toBe(true);
}

/**
 * The browser logs every 4xx answer as a console error, which fails a test (fixtures.ts). A test
 * that provokes one on purpose (wrong password, used link) forgives exactly that status.
 */
function forgiveFailedRequests(consoleErrors: string[], statuses: number[]) {
  const expected = statuses.map((status) => `the server responded with a status of ${status}`);
  const kept = consoleErrors.filter((message) => !expected.some((text) => message.includes(text)));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu');
}

test('sign up, verify the email, log in, edit the profile and sign out', async ({ page, consoleErrors }) => {
  const email = uniqueEmail('signup');

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Create account' });
  await expect(submit, 'disabled until the terms are accepted').toBeDisabled();
  const form = page.getByRole('form', { name: 'Sign up' });
  await expect(form.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await screenshotBoth(page, 'signup');

  // Client validation with the contract's schema, each message tied to its field.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await submit.click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Password must be at least 6 characters long.',
  );
  await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription('Passwords do not match.');
  await page.getByRole('checkbox', { name: /I agree to the/ }).uncheck();
  await expect(page.getByText('You must accept the terms and conditions.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await screenshotBoth(page, 'signup-errors');

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await expect(page.getByText('Passwords do not match.')).toBeHidden();
  await submit.click();

  await expect(page.getByText('Account created!')).toBeVisible();
  await expect(page).toHaveURL(/\/check-email-confirmation$/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/check your spam/i)).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email has been resent to your inbox.')).toBeVisible();
  await screenshotBoth(page, 'check-email');

  // Signing in before verifying: the inline notice offers a new link.
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await fillLogin(page, email, PASSWORD);
  const notice = page.getByRole('alert').filter({ hasText: 'not been verified' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
  forgiveFailedRequests(consoleErrors, [403]);

  // Open the emailed link from the development mailbox page.
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Development mailbox' })).toBeVisible();
  // A verification link (the sign-up's or the resent one: either only verifies).
  const message = page
    .getByRole('article')
    .filter({ hasText: `To: ${email}` })
    .filter({ has: page.getByRole('link', { name: /\/verify-email\?token=/ }) })
    .first();
  await expect(message).toBeVisible();
  await screenshotBoth(page, 'dev-mailbox');
  await message.getByRole('link', { name: /\/verify-email\?token=/ }).click();
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await screenshotBoth(page, 'verify-email');
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await screenshotBoth(page, 'login');
  await fillLogin(page, email, PASSWORD);
  await expect(page.getByText("You've been logged in successfully.")).toBeVisible();
  await expect(page).toHaveURL(/\/(directory|search)/);

  const menu = await openAccountMenu(page);
  await expect(menu.getByText(email)).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Account Settings' }).click();

  // Profile: saved on the server, still there after a reload.
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  const name = page.getByLabel('Name');
  await expect(name).toHaveValue(email.split('@')[0]);
  await expect(name).toHaveAttribute('placeholder', 'Your name');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Your email address is used for login.');
  await screenshotBoth(page, 'account-profile');
  await name.fill('Dana Recruiter');
  await page.getByLabel('Bio').fill('Physician recruiter in Denver.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Dana Recruiter');
  await expect(page.getByLabel('Bio')).toHaveValue('Physician recruiter in Denver.');

  // The other tabs, each deep-linkable through ?tab=.
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(page).toHaveURL(/\/account\?tab=subscription$/);
  await expect(page.getByText("You don't have an active subscription.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Access Now' })).toHaveAttribute('href', '/pricing');
  await screenshotBoth(page, 'account-subscription');

  await page.getByRole('tab', { name: 'Exports' }).click();
  await expect(page.getByText('Total exported contacts')).toBeVisible();
  await expect(page.getByText('No recent export activity')).toBeVisible();
  await screenshotBoth(page, 'account-exports');

  await page.getByRole('tab', { name: 'Notifications' }).click();
  for (const label of ['Marketing emails', 'New features', 'Security alerts']) {
    await expect(page.getByRole('switch', { name: label }), `${label} defaults to on`).toBeChecked();
  }
  await screenshotBoth(page, 'account-notifications');

  await page.goto('/account?tab=exports');
  await expect(page.getByRole('tab', { name: 'Exports' })).toHaveAttribute('aria-selected', 'true');

  // Sign out from the Account menu.
  const menuAgain = await openAccountMenu(page);
  await menuAgain.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByText('Logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
});

test('forgot password, reset it from the email and log in with the new password', async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail('reset');
  await createVerifiedAccount(page.request, email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const link = await linkFromOutbox(page.request, email, '/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Confirm new password').fill('second-password-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await fillLogin(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await fillLogin(page, email, 'second-password-2');
  await expect(page.getByText("You've been logged in successfully.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('third-password-3');
  await page.getByLabel('Confirm new password').fill('third-password-3');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Reset link expired' })).toBeVisible();
  forgiveFailedRequests(consoleErrors, [400, 401]);
});

test('change the password in account settings, sign out other devices, log in with the new password', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  const email = uniqueEmail('change-password');
  await createVerifiedAccount(page.request, email);
  // Another device, signed in with the old password.
  const phone = await browser.newContext({ baseURL });
  const phoneLogin = await phone.request.post('/api/auth/login', { headers: CSRF, data: { email, password: PASSWORD } });
  expect(phoneLogin.status()).toBe(200);
  const phoneUser = async () => ((await (await phone.request.get('/api/me')).json()) as { user: unknown }).user;

  await page.goto('/account');
  await fillLogin(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Change Password' });
  await expect(page.getByRole('heading', { name: 'Change Password', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Signed-in Devices' })).toBeVisible();
  await screenshotBoth(page, 'account-security');

  // A wrong current password: the message under its field, which gets the focus.
  await form.getByLabel('Current password').fill('not-the-password');
  await form.getByLabel('New password', { exact: true }).fill('second-password-2');
  await form.getByLabel('Confirm new password').fill('second-password-2');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByLabel('Current password')).toHaveAccessibleDescription('Current password is incorrect.');
  await expect(form.getByLabel('Current password')).toBeFocused();
  forgiveFailedRequests(consoleErrors, [400]);
  await screenshotBoth(page, 'account-security-error');

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');
  // The other device is signed out; this one is not.
  expect(await phoneUser()).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();

  // Sign out of all other devices: asks first, then says how many sessions ended.
  const again = await phone.request.post('/api/auth/login', {
    headers: CSRF,
    data: { email, password: 'second-password-2' },
  });
  expect(again.status()).toBe(200);
  await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out of all other devices?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You stay signed in here.');
  await screenshotBoth(page, 'account-sign-out-others');
  await dialog.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(page.getByText('Signed out of other devices')).toBeVisible();
  await expect(page.getByText('1 other session was ended.')).toBeVisible();
  expect(await phoneUser()).toBeNull();
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
  await phone.close();

  // Sign out; the old password no longer works, the new one does.
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByText('Logged out')).toBeVisible();
  await page.goto('/login');
  await fillLogin(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  forgiveFailedRequests(consoleErrors, [401]);
  await fillLogin(page, email, 'second-password-2');
  await expect(page.getByText("You've been logged in successfully.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('signed-out visitors to /account and /lists sign in and come back', async ({ page }) => {
  // An account of its own: the test changes a setting, and the demo accounts are shared.
  const email = uniqueEmail('return-to');
  await createVerifiedAccount(page.request, email);
  await page.context().clearCookies();
  await page.goto('/account?tab=notifications');
  await expect(page).toHaveURL(/\/login\?return_to=%2Faccount%3Ftab%3Dnotifications$/);
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account\?tab=notifications$/);

  // A notifications switch is saved on the server: it survives a reload.
  const marketing = page.getByRole('switch', { name: 'Marketing emails' });
  const before = await marketing.isChecked();
  await marketing.click();
  await expect(
    page.getByText(`Marketing emails notifications ${before ? 'disabled' : 'enabled'}.`),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Marketing emails' })).toBeChecked({ checked: !before });

  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByText('Logged out')).toBeVisible();

  await page.goto('/lists');
  await expect(page).toHaveURL(/\/login\?return_to=%2Flists$/);
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/lists$/);
  await expect(page.getByRole('heading', { name: 'My Lists' })).toBeVisible();
});

test('a subscriber sees the plan and a Manage Subscription button', async ({ page }) => {
  await page.goto('/account?tab=subscription');
  await fillLogin(page, 'basic@example.com', 'demo-password');
  await expect(page).toHaveURL(/\/account\?tab=subscription$/);
  await expect(page.getByText('Monthly Plan')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage Subscription' })).toBeEnabled();
  await expect(page.getByText("You don't have an active subscription.")).toBeHidden();
  await screenshotBoth(page, 'account-subscription-paid');
});

test('a route change scrolls to the top', async ({ page }) => {
  await page.goto('/');
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
  await footerLink.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await footerLink.click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
