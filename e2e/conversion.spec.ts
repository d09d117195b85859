import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, forgiveFailedRequests, signIn, test } from './fixtures';

/*
 * The ways in: Start Free Trial carries its intent through sign-up, the emailed link and sign-in
 * to the trial's checkout; every 'Log in' (the header's, a card's prompt, an expired session)
 * comes back to where the visitor was; the success page believes only a paid session of the user.
 */

const PASSWORD = 'conversion-password-1';

function cards(page: Page): Locator {
  return page.getByRole('list', { name: 'Physicians' }).getByRole('article');
}

/** The path of the verification link last mailed to `email` (development mailbox). */
async function verificationPath(request: APIRequestContext, email: string): Promise<string> {
  let path = '';
  await expect
    .poll(async () => {
      const response = await request.get('/api/dev/mailbox');
      const { messages } = (await response.json()) as { messages: Array<{ to: string; text: string }> };
      const match = messages
        .filter((message) => message.to === email)
        .map((message) => /\/verify-email\?token=[^\s]+/.exec(message.text))
        .find(Boolean);
      return (path = match?.[0] ?? '');
    })
    .not.toBe('');
  return path;
}

/** Fills and sends the sign-up form on screen; the 'check your email' page follows. */
async function signUp(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/check-email-confirmation$/);
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** A card whose Email button is live for this viewer (the physician has an email on file). */
function cardWithEmail(page: Page): Locator {
  return cards(page)
    .filter({ has: page.getByRole('button', { name: /^Email / }).and(page.locator(':not([aria-disabled])')) })
    .first();
}

test("the header's Start Free Trial: sign-up, the emailed link, log in, the trial's checkout, once", async ({ page }) => {
  const email = `e2e-header-trial-${Date.now().toString(36)}@example.com`;
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/signup\?return_to=\/start-trial$/);
  await expect(page.getByRole('heading', { name: 'Start your 7-day free trial' })).toBeVisible();
  await signUp(page, email);

  // The emailed link carries the intent; it only verifies, then 'Log in' leads on to the trial.
  const link = await verificationPath(page.request, email);
  expect(link).toMatch(/&return_to=%2Fstart-trial$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await expect(page.getByText('Log in to start your 7-day free trial of the Monthly plan.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in to start your free trial' }).click();
  await expect(page).toHaveURL(/\/login\?return_to=\/start-trial$/);
  await fillLogin(page, email, PASSWORD);

  // Straight on to the trial's checkout (the demo provider's page), then the trial.
  await expect(page).toHaveURL(/\/billing\/demo\/checkout\/cs_demo_/);
  await expect(page.getByRole('heading', { name: 'Start your 7-day free trial' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Tia Trial');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('heading', { name: 'Your free trial has started' })).toBeVisible();

  // Once per user: coming back to /start-trial opens no second checkout.
  await page.goto('/start-trial');
  await expect(page.getByRole('heading', { name: 'You already have a subscription' })).toBeVisible();
  await expect(page).toHaveURL(/\/start-trial$/);
  // Signed in, Pricing stays in the navigation.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' })).toBeVisible();
});

/** Signs up `email` from the sign-up page on screen and follows the emailed link to the log-in page. */
async function signUpAndVerify(page: Page, email: string) {
  await signUp(page, email);
  await page.goto(await verificationPath(page.request, email));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: /^Log in/ }).click();
  await fillLogin(page, email, PASSWORD);
}

async function payDemoCard(page: Page, button: string) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Pat Return');
  await page.getByRole('button', { name: button }).click();
}

test('Start Free Trial on a profile: sign-up, the emailed link, log in, checkout, and back to that profile', async ({ page }) => {
  await page.goto('/search');
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  const name = (await cards(page).first().getByRole('heading').textContent())?.trim() ?? '';
  await cards(page).first().getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const profile = new URL(page.url()).pathname;

  await page.getByRole('banner').getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?return_to=/start-trial%3Fthen%3D${profile}$`));
  await signUpAndVerify(page, `e2e-profile-trial-${Date.now().toString(36)}@example.com`);
  await expect(page).toHaveURL(/\/billing\/demo\/checkout\/cs_demo_/);
  await payDemoCard(page, 'Start free trial');
  await expect(page.getByRole('heading', { name: 'Your free trial has started' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue where you left off' }).click();
  await expect(page).toHaveURL(new RegExp(`${profile}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: /^View Email / })).toBeVisible();
});

test("a new visitor's Annual 'Get Started': sign-up, the emailed link, log in, and on to the Annual plan's checkout", async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Annual' }).getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/signup\?return_to=\/pricing%3Fplan%3Dprice_annual$/);
  await signUpAndVerify(page, `e2e-annual-${Date.now().toString(36)}@example.com`);
  await expect(page.getByRole('heading', { name: 'Subscribe to the Annual Plan' })).toBeVisible();
  await expect(page).toHaveURL(/\/billing\/demo\/checkout\/cs_demo_/);
});

test("the header's Log in on a profile comes back to that profile", async ({ page }) => {
  await page.goto('/search');
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  const name = (await cards(page).first().getByRole('heading').textContent())?.trim() ?? '';
  await cards(page).first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/physician\/\d+$/);
  // The address changes before the profile is drawn (its code loads in a transition, the search
  // page still on screen): the header's Log in is the profile's once the profile shows.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const profile = new URL(page.url()).pathname;

  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?return_to=${profile}$`));
  await fillLogin(page, 'basic@example.com', 'demo-password');
  await expect(page).toHaveURL(new RegExp(`${profile}$`));
  await expect(page.getByRole('button', { name: /^View Email / })).toBeVisible();
});

test("a visitor's Email prompt: log in, and back to the same card with its Email button focused", async ({ page }) => {
  await page.goto('/search');
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  const card = cardWithEmail(page);
  const id = await card.getAttribute('id');
  expect(id).toMatch(/^physician-\d+$/);
  await card.getByRole('button', { name: /^Email / }).click();
  const prompt = page.getByRole('dialog').filter({ hasText: 'See this email address' });
  await prompt.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?return_to=/search.*%23${id}$`));
  await fillLogin(page, 'basic@example.com', 'demo-password');

  await expect(page).toHaveURL(new RegExp(`/search.*#${id}$`));
  const back = page.locator(`#${id}`);
  await expect(back.getByRole('button', { name: /^Email / })).toBeFocused();
  await expect(back).toBeInViewport();
  // Now a subscriber: Enter reveals it.
  await page.keyboard.press('Enter');
  await expect(back.getByRole('button', { name: /, copy email$/ })).toBeVisible();
});

test('an expired session: the next call leads to log in and back to the page', async ({ page, context, consoleErrors }) => {
  await signIn(page, 'basic@example.com');
  await page.goto('/search');
  const name = (await cardWithEmail(page).getByRole('heading').textContent())?.trim() ?? '';
  await cardWithEmail(page).getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/physician\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const profile = new URL(page.url()).pathname;

  // The session ends behind the page's back (expired, or signed out elsewhere).
  await context.clearCookies();
  await page.getByRole('button', { name: /^View Email / }).click();
  await expect(page.getByText('Please log in again to continue.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/login\\?return_to=${profile}$`));
  forgiveFailedRequests(consoleErrors, [401]);
  await fillLogin(page, 'basic@example.com', 'demo-password');
  await expect(page).toHaveURL(new RegExp(`${profile}$`));
});

test('the success page believes only a paid session of the user', async ({ page, consoleErrors }) => {
  await signIn(page, 'free@example.com');
  await page.goto('/checkout/success?session_id=bogus');
  await expect(page.getByRole('heading', { name: 'We could not confirm your subscription' })).toBeVisible();
  await expect(page.getByText('Could not verify your payment. Please contact support.').first()).toBeVisible();
  await expect(page.getByText('Your subscription has been activated.')).toHaveCount(0);
  forgiveFailedRequests(consoleErrors, [404]);
});
