import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { createFreeAccount, expect, screenshotBoth, signIn, test } from './fixtures';

/*
 * Irreversible steps warn first: a new Annual customer (demo checkout) is asked once, the
 * guarantee named, before the first export ends the 30-day money-back guarantee; afterwards
 * exports run at once and the Subscription tab says when and why the guarantee ended.
 */

const PASSWORD = 'guarantee-password-1';

function cards(page: Page): Locator {
  return page.getByRole('list', { name: 'Physicians' }).getByRole('article');
}

async function buyAnnual(page: Page) {
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Annual' }).getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribe to the Annual Plan' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Gia Guarantee');
  await page.getByRole('button', { name: 'Pay $1,799' }).click();
  await expect(page.getByRole('heading', { name: 'Your subscription is active' })).toBeVisible();
}

test('a new Annual customer is asked once before an export ends the money-back guarantee; the account says when and why', async ({
  page,
}) => {
  const email = `e2e-guarantee-${Date.now().toString(36)}@example.com`;
  await createFreeAccount(page.request, email, PASSWORD);
  await signIn(page, email, PASSWORD);
  await buyAnnual(page);

  await page.goto('/account?tab=subscription');
  const tab = page.getByRole('tabpanel', { name: 'Subscription' });
  await expect(tab.getByRole('button', { name: 'Request a refund' })).toBeVisible();

  await page.goto('/search');
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Select Page' }).click();
  const exportButton = page.getByRole('button', { name: 'Export Selected (25)' });
  let downloads = 0;
  page.on('download', () => downloads++);

  // First try: the warning, naming the guarantee and its end date; Cancel exports nothing.
  await exportButton.click();
  await page.getByRole('menuitem', { name: /CSV/ }).click();
  const warning = page.getByRole('alertdialog', { name: 'This export ends your money-back guarantee' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(/30-day money-back guarantee lets you ask for a full refund until [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(warning.getByRole('button', { name: 'Export anyway' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: 'e2e/screenshots/export-guarantee-warning-1280x800.png' });
  await screenshotBoth(page, 'export-guarantee-warning');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toHaveCount(0);
  expect(downloads).toBe(0);

  // Second try: Export anyway downloads the file.
  await exportButton.click();
  await page.getByRole('menuitem', { name: /CSV/ }).click();
  await expect(warning).toBeVisible();
  const download = page.waitForEvent('download');
  await warning.getByRole('button', { name: 'Export anyway' }).click();
  expect((await download).suggestedFilename()).toMatch(/^physicians-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('Exported 25 physician records')).toBeVisible();

  // The guarantee has ended: the next export asks nothing.
  const again = page.waitForEvent('download');
  await exportButton.click();
  await page.getByRole('menuitem', { name: /Excel/ }).click();
  await again;
  await expect(warning).toHaveCount(0);

  // The Subscription tab says when and why it ended, and offers no refund.
  await page.goto('/account?tab=subscription');
  await expect(
    tab.getByText(
      /^Your money-back guarantee ended on [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M, when 25 contacts were exported \(CSV\): an export ends the guarantee/,
    ),
  ).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Request a refund' })).toHaveCount(0);
  await screenshotBoth(page, 'account-guarantee-ended');
});
