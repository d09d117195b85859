import type { Page } from '@playwright/test';
import { createFreeAccount, test, expect, screenshotBoth, signIn } from './fixtures';

/*
 * Billing with the built-in demo provider (the e2e server has no STRIPE_SECRET_KEY): a free user
 * buys the Monthly plan through the demo hosted checkout, sees it in Account, cancels it in the
 * demo portal; a declined card leaves the user free.
 */

const PASSWORD = 'billing-password-1';

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e-billing-${label}-${Date.now()}-${counter}@example.com`;
}

async function tierOf(page: Page): Promise<string> {
  const me = await page.request.get('/api/me');
  return ((await me.json()) as { subscription: { tier: string } }).subscription.tier;
}

async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Jane Recruiter');
}

test('a free user buys the Monthly plan with the demo checkout, then cancels it in the portal', async ({ page }) => {
  const email = uniqueEmail('monthly');
  await createFreeAccount(page.request, email, PASSWORD);
  await signIn(page, email, PASSWORD);

  await page.goto('/pricing');
  const monthly = page.getByRole('article', { name: 'Monthly' });
  const annual = page.getByRole('article', { name: 'Annual' });
  await expect(annual.getByText('BEST VALUE')).toBeVisible();
  await expect(annual.getByText('Save $589 with annual plan')).toBeVisible();
  await screenshotBoth(page, 'billing-pricing');

  await monthly.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/billing\/demo\/checkout\/cs_demo_/);
  await expect(page.getByRole('heading', { name: 'Subscribe to the Monthly Plan' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Demo' })).toContainText('No real card is charged');
  await screenshotBoth(page, 'billing-checkout');

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $199' }).click();

  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_demo_/);
  await expect(page.getByText('Your subscription has been activated.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your subscription is active' })).toBeVisible();
  await expect(page.getByText('Your subscription has been activated.'), 'one toast per visit').toHaveCount(1);
  expect(await tierOf(page)).toBe('basic');
  await screenshotBoth(page, 'billing-success');

  // What the Monthly plan gives, at once: contact reveal works; Select All stays an Annual feature
  // and its gate names the plan that unlocks it.
  await page.goto('/search');
  const cards = page.getByRole('list', { name: 'Physicians' }).getByRole('article');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const liveEmail = cards.getByRole('button', { name: /^Email / }).and(page.locator(':not([aria-disabled])'));
  await liveEmail.first().click();
  await expect(page.getByRole('button', { name: /@.+, copy email$/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Select All' }).click();
  const gate = page.getByRole('dialog');
  await expect(gate.getByRole('heading', { name: 'Upgrade to the Annual Plan' })).toBeVisible();
  await expect(gate).not.toContainText(/premium/i);
  await page.keyboard.press('Escape');

  // The pricing page now marks the Monthly card as the current plan.
  await page.goto('/pricing');
  await expect(monthly.getByText('YOUR CURRENT PLAN')).toBeVisible();
  await expect(monthly.getByRole('button', { name: 'Current Plan' })).toBeDisabled();

  await page.goto('/account?tab=subscription');
  const tab = page.getByRole('tabpanel', { name: 'Subscription' });
  await expect(tab.getByText('Monthly Plan', { exact: true })).toBeVisible();
  await expect(tab.getByText('Active', { exact: true })).toBeVisible();
  await expect(tab.getByText(/^Renews on /)).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Request a refund' })).toBeVisible();

  // Seats (ADR 062): two more, charged today for the rest of the period; the tab shows the total.
  const seats = tab.getByRole('region', { name: 'Seats' });
  await expect(seats).toContainText('1 seat at $199 / month each');
  await expect(seats.getByRole('button', { name: 'Update seats' })).toBeDisabled();
  await seats.getByRole('button', { name: 'One seat more' }).click();
  await seats.getByRole('button', { name: 'One seat more' }).click();
  await expect(seats.getByRole('status')).toHaveText('2 added seats are charged today for the rest of this period; then $597 / month.');
  await screenshotBoth(page, 'billing-seats');
  await seats.getByRole('button', { name: 'Update seats' }).click();
  await expect(page.getByText('Your plan now has 3 seats.')).toBeVisible();
  await expect(tab.getByText('3 seats × $199: $597 / month')).toBeVisible();
  await expect(seats.getByRole('button', { name: 'Update seats' })).toBeDisabled();

  await tab.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/billing\/demo\/portal$/);
  await expect(page.getByRole('heading', { name: 'Billing portal' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Demo' })).toBeVisible();
  await screenshotBoth(page, 'billing-portal');

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText(/^Your subscription will be cancelled on /)).toBeVisible();

  await page.getByRole('link', { name: 'Return to PhysicianDirect' }).click();
  await expect(tab.getByText(/^Cancels on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  // Access continues until the end of the paid period.
  expect(await tierOf(page)).toBe('basic');
});

test('a declined card shows an error and leaves the user free', async ({ page, consoleErrors }) => {
  const email = uniqueEmail('declined');
  await createFreeAccount(page.request, email, PASSWORD);
  await signIn(page, email, PASSWORD);

  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Annual' }).getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribe to the Annual Plan' })).toBeVisible();

  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $1,799' }).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(page).toHaveURL(/\/billing\/demo\/checkout\//);
  expect(await tierOf(page)).toBe('free');

  await page.goto('/account?tab=subscription');
  await expect(page.getByText("You don't have an active subscription.")).toBeVisible();

  // The browser logs the 400 of the declined payment; that one is expected.
  const kept = consoleErrors.filter((message) => !message.includes('the server responded with a status of 400'));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
});

test('Start Free Trial starts a 7-day trial of the Monthly plan', async ({ page }) => {
  const email = uniqueEmail('trial');
  await createFreeAccount(page.request, email, PASSWORD);
  await signIn(page, email, PASSWORD);

  await page.goto('/about');
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('heading', { name: 'Start your 7-day free trial' })).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('heading', { name: 'Your free trial has started' })).toBeVisible();

  await page.goto('/account?tab=subscription');
  const tab = page.getByRole('tabpanel', { name: 'Subscription' });
  await expect(tab.getByText('Trial', { exact: true })).toBeVisible();
  await expect(tab.getByText(/^Trial ends on /)).toBeVisible();

  // One trial per user: the button now leads to the app.
  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'Search Physicians' })).toBeVisible();
});

test('signed out, a plan button: sign-up in a browser that never signed in, else log in, with a toast; both come back to the plan', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Monthly' }).getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/signup\?return_to=\/pricing%3Fplan%3Dprice_monthly$/);
  await expect(page.getByText('Please sign in to subscribe.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  // A browser someone has signed in on before (login-page.tsx marks it): log in.
  await page.evaluate(() => localStorage.setItem('physiciandirect:signed-in-here', '1'));
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Annual' }).getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/login\?return_to=\/pricing%3Fplan%3Dprice_annual$/);
  await expect(page.getByText('Please sign in to subscribe.')).toBeVisible();
});
