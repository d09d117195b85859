import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startReceiver } from '../server/test/support/webhooks/receiver';
import { verifyStandardWebhook } from '../server/test/support/webhooks/standard-webhooks-verifier';
import { test, expect, screenshotBoth, signIn } from './fixtures';

/*
 * Webhooks (docs/decisions/065-webhooks.md) in the browser: a recruiter on the Monthly Plan adds an
 * endpoint pointing at a receiver this test runs, copies the secret shown once, sends a test event,
 * sees it delivered in the log, and the receiver checks its signature with that secret.
 */

/** A dialog is fixed to the viewport, which a full-page shot leaves out: the viewport at both widths. */
async function screenshotDialog(page: Page, name: string) {
  for (const [width, height, suffix] of [
    [1280, 800, 'desktop'],
    [375, 812, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.getByRole('dialog')).toBeInViewport();
    await page.screenshot({ path: `e2e/screenshots/${name}-${suffix}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('basic: add an endpoint, see the secret once, send a test event, see it delivered', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await signIn(page, 'basic@example.com');
    await page.goto('/account?tab=integrations');
    const card = page.getByRole('heading', { name: 'Webhooks' }).locator('xpath=ancestor::*[@data-slot="card"][1]');
    await expect(card.getByText('No endpoints yet.')).toBeVisible();
    await screenshotBoth(page, 'webhooks-empty');

    // Nothing chosen: the form says which fields, without a call.
    await card.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(card.getByText('Choose at least one event.')).toBeVisible();

    await card.getByLabel('Endpoint URL').fill(receiver.url);
    await card.getByRole('checkbox', { name: /A contact is revealed/ }).check();
    await card.getByRole('checkbox', { name: /Physicians are added to a list/ }).check();
    await card.getByRole('button', { name: 'Add endpoint' }).click();

    const dialog = page.getByRole('dialog', { name: 'Endpoint added' });
    await expect(dialog.getByText('This secret will not be shown again.')).toBeVisible();
    const secret = await dialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await screenshotDialog(page, 'webhooks-secret-dialog');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);

    const endpoint = card.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem').filter({ hasText: receiver.url });
    await expect(endpoint).toContainText('A contact is revealed · Physicians are added to a list');
    await expect(card).not.toContainText(secret);

    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    const log = endpoint.getByRole('list', { name: `Deliveries to ${receiver.url}` });
    const delivery = log.getByRole('listitem').filter({ hasText: 'webhook.test' });
    await expect(delivery.getByText('Delivered')).toBeVisible({ timeout: 20_000 });
    await expect(delivery).toContainText('1 attempt · HTTP 200');

    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(verifyStandardWebhook(secret, request.headers, request.body)).toMatchObject({ type: 'webhook.test' });

    await endpoint.scrollIntoViewIfNeeded();
    await screenshotBoth(page, 'webhooks-card');

    // No serious or critical WCAG 2.1 A/AA violation, with an endpoint and its log open, at both widths.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Turned off, then deleted after a confirmation.
    await endpoint.getByRole('switch', { name: `Send events to ${receiver.url}` }).click();
    await expect(page.getByText('Endpoint turned off')).toBeVisible();
    await expect(endpoint.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    await endpoint.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(page.getByText('Endpoint deleted')).toBeVisible();
    await expect(card.getByText('No endpoints yet.')).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test('premium: an endpoint added by keyboard only; the secret dialog closes with Escape', async ({ page }) => {
  await signIn(page, 'premium@example.com');
  await page.goto('/account?tab=integrations');
  const card = page.getByRole('heading', { name: 'Webhooks' }).locator('xpath=ancestor::*[@data-slot="card"][1]');
  await card.getByLabel('Endpoint URL').focus();
  await page.keyboard.type('http://127.0.0.1:9/keyboard');
  await page.keyboard.press('Tab');
  await expect(card.getByRole('checkbox', { name: /A contact is revealed/ })).toBeFocused();
  await page.keyboard.press('Space');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Add endpoint' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Endpoint added' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const endpoint = card.getByRole('listitem').filter({ hasText: 'http://127.0.0.1:9/keyboard' });
  await expect(endpoint).toContainText('A contact is revealed');
  // Cleaned up, by keyboard too: the confirmation's action is reached with Tab.
  await endpoint.getByRole('button', { name: 'Delete http://127.0.0.1:9/keyboard' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete endpoint' }).focus();
  await page.keyboard.press('Enter');
  await expect(endpoint).toHaveCount(0);
});

test('free: the Webhooks card shows the upgrade hint', async ({ page }) => {
  await signIn(page, 'free@example.com');
  await page.goto('/account?tab=integrations');
  await expect(page.getByText('Webhooks come with the Monthly and Annual Plans.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add endpoint' })).toHaveCount(0);
});
