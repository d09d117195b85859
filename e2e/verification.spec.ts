import { test, expect, screenshotBoth, signIn } from './fixtures';

/*
 * Contact verification in the browser (ADR 032): a revealed value carries what its last check
 * found; the operators' Verification page shows coverage, the age of checks, invalid rates per
 * source and the queue, and verifies one physician on demand. Screenshots at 1280 and 375 px.
 */

test('a revealed contact shows its check: status, confidence and date', async ({ page }) => {
  await signIn(page, 'premium@example.com');
  await page.goto('/search?emailVerified=true&mobileValid=true');
  const card = page.getByRole('list', { name: 'Physicians' }).getByRole('article').first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: /^Email / }).click();
  await expect(card.getByRole('button', { name: /@.+, copy email$/ })).toBeVisible();
  await card.getByRole('button', { name: /^Phone / }).click();
  await expect(card.getByRole('button', { name: /, copy phone number$/ })).toBeVisible();
  // Filtered to a valid email and a valid mobile: both badges say so in the one vocabulary (ADR 053),
  // the whole sentence with its day and checker for screen readers; the card's line in the same words.
  const badges = card.getByText(/^Verified valid · \d+ %$/);
  await expect(badges).toHaveCount(2);
  await expect(
    card.getByText(/^Verified valid, \d{1,2} [A-Z][a-z]{2} \d{4} · \d+ % confidence, by our built-in checks$/),
  ).toHaveCount(2);
  await expect(card.getByText(/^Verified valid, \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await screenshotBoth(page, 'verification-revealed-contact');
  // The card itself, large enough to read.
  for (const [width, suffix] of [
    [1280, 'desktop'],
    [375, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await card.screenshot({ path: `e2e/screenshots/verification-revealed-card-${suffix}.png` });
  }
});

test('admin: the Verification page, and verify now for one physician', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.goto('/admin/verification');
  await expect(page.getByRole('heading', { level: 1, name: 'Verification' })).toBeVisible();
  await expect(page.getByText('Checked in the last 30 days')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Values by age of their last check: 0-7 days/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Share of values found invalid, per source: demo/ })).toBeVisible();
  await expect(page.getByText('Physicians due')).toBeVisible();
  await screenshotBoth(page, 'verification-admin-page');
  await page.getByLabel('Physician id').fill('1');
  await page.getByRole('button', { name: 'Verify now' }).click();
  await expect(page.getByText(/^Physician 1 checked$/)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Verify one physician now' }).getByText(/, by our built-in checks$/).first()).toBeVisible();
});

test('the footer says what is true about verification', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByText(/^(Contact details verified monthly\.|Contact details re-verified every 30 days; [\d.]+ % checked this month\.)$/),
  ).toBeVisible();
});
