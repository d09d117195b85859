import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshotBoth, signIn } from './fixtures';

/** A dialog is fixed to the viewport, which a full-page shot leaves out: the viewport at both widths. */
async function screenshotDialog(page: Page, name: string) {
  for (const [width, height, suffix] of [
    [1280, 800, 'desktop'],
    [375, 812, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeInViewport();
    await page.screenshot({ path: `e2e/screenshots/${name}-${suffix}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/*
 * API keys and the public REST API, contact freshness and 'Report wrong contact'
 * (ADR 022), in the browser against the demo directory.
 */

test('premium: create an API key in settings, call the search with it, revoke it', async ({ page, request }) => {
  await signIn(page, 'premium@example.com');
  await page.goto('/account');
  const card = page.getByRole('heading', { name: 'API Keys' }).locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(card).toBeVisible();
  await card.getByLabel('Key name').fill('Browser test');
  await card.getByRole('button', { name: 'Create API key' }).click();

  const dialog = page.getByRole('dialog', { name: 'API key created' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('This key will not be shown again.')).toBeVisible();
  const key = await dialog.getByLabel('Your new API key').inputValue();
  expect(key).toMatch(/^pd_live_[A-Za-z0-9_-]{43}$/);
  await screenshotDialog(page, 'api-keys-created-dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const row = card.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({ hasText: 'Browser test' });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText('Never used');
  await expect(card).not.toContainText(key);

  // What an integration does: the search with the key, no cookie, no CSRF header.
  const search = await request.get('/api/physicians?specialty=Cardiology', {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(search.status()).toBe(200);
  const body = await search.json();
  expect(body.visibleLimit).toBeNull();
  expect(body.total).toBeGreaterThan(0);
  expect(body.results.length).toBe(Math.min(25, body.total));
  expect(body.results.every((r: { specialty: string }) => r.specialty === 'Cardiology')).toBe(true);
  // Account calls refuse a key.
  const profile = await request.get('/api/account/profile', { headers: { authorization: `Bearer ${key}` } });
  expect(profile.status()).toBe(401);

  // The list shows the use (written at most once a minute, the first use at once).
  await page.reload();
  await expect(row).toContainText('Last used');
  await row.scrollIntoViewIfNeeded();
  await screenshotBoth(page, 'api-keys-card');

  await row.getByRole('button', { name: 'Revoke Browser test' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  await expect(row).toHaveCount(0);
  const revoked = await request.get('/api/physicians', { headers: { authorization: `Bearer ${key}` } });
  expect(revoked.status()).toBe(401);
});

test('free: the API Keys card shows the upgrade hint', async ({ page }) => {
  await signIn(page, 'free@example.com');
  await page.goto('/account');
  await expect(page.getByText('API access comes with the Annual Plan.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create API key' })).toHaveCount(0);
});

test('/api/docs: the API reference from this server, with the key scheme', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /PhysicianDirect API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /Authorize/ })).toBeVisible();
  // Tags start folded: the contacts tag opens on a click and lists the reveal.
  await page.getByRole('link', { name: 'contacts', exact: true }).click();
  await expect(page.getByText('/api/physicians/{id}/contact').first()).toBeVisible();
  await screenshotBoth(page, 'api-docs');
});

function cards(page: Page): Locator {
  return page.getByRole('list', { name: 'Physicians' }).getByRole('article');
}

test('report a wrong contact: the reveal comes back, the value is marked, the admin re-verifies it', async ({
  page,
  browser,
}) => {
  // Two users, two sign-ins and six full-page screenshots.
  test.setTimeout(150_000);
  await signIn(page, 'basic@example.com');
  await page.goto('/search?specialty=Dermatology');
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  // Cards show when the contacts were last verified, before any reveal.
  await expect(cards(page).first().getByText(/^Verified valid, \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  let card: Locator | null = null;
  for (const candidate of await cards(page).all()) {
    if ((await candidate.getByRole('button', { name: /^Email / }).getAttribute('aria-disabled')) === null) {
      card = candidate;
      break;
    }
  }
  if (!card) throw new Error('no card with an email on this page');

  await card.getByRole('button', { name: /^Email / }).click();
  const emailButton = card.getByRole('button', { name: /@.+, copy email$/ });
  await expect(emailButton).toBeVisible();
  const email = ((await emailButton.textContent()) ?? '').replace(', copy email', '').trim();
  const left = card.getByText(/contact reveals left today$/);
  const before = Number(((await left.textContent()) ?? '').split(' of ')[0].replace(/,/g, ''));

  await card.getByRole('button', { name: `Report wrong contact: ${email}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Report wrong contact' });
  await expect(dialog).toContainText(email);
  await dialog.getByLabel('What is wrong? (optional)').fill('The email bounced');
  await screenshotDialog(page, 'report-contact-dialog');
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(page.getByText('Contact reported')).toBeVisible();
  await expect(
    page.getByText(
      "Thank you. The contact is marked as reported for you, and our team will check it. The reveal is back in today's allowance.",
    ),
  ).toBeVisible();
  await expect(card.getByText('Reported wrong', { exact: true })).toBeVisible();
  await expect(left).toHaveText(new RegExp(`^${(before + 1).toLocaleString('en-US')} of `));
  await card.scrollIntoViewIfNeeded();
  await screenshotBoth(page, 'report-contact-reported');
  // The card itself, large enough to read.
  for (const [width, suffix] of [
    [1280, 'desktop'],
    [375, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await card.screenshot({ path: `e2e/screenshots/report-contact-card-${suffix}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The operators' queue.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@example.com');
  await admin.goto('/admin-dashboard');
  const table = admin.getByRole('table', { name: 'Reported contacts' });
  const reportRow = table.getByRole('row').filter({ hasText: email });
  await expect(reportRow).toContainText(/Personal email|Work email/);
  await expect(reportRow).toContainText('The email bounced');
  await reportRow.scrollIntoViewIfNeeded();
  await screenshotBoth(admin, 'admin-reported-contacts');
  await reportRow.getByRole('button', { name: /^Re-verify / }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Re-verify' }).click();
  await expect(admin.getByText('Contact re-verified')).toBeVisible();
  await expect(reportRow).toHaveCount(0);
  await adminContext.close();
});
