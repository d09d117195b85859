import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshotBoth, signIn } from './fixtures';

/* Radius search from the sidebar (ADR 023): 'Within N miles of' a ZIP or 'City, ST'. */

function resultLine(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /^Showing / });
}
async function totalOf(page: Page): Promise<number> {
  const text = (await resultLine(page).textContent()) ?? '';
  const match = /of ([\d,]+) results/.exec(text);
  if (!match) throw new Error(`no total in "${text}"`);
  return Number(match[1].replaceAll(',', ''));
}

test('a radius search from the sidebar: place and miles in the URL, nearest first, one chip', async ({
  page,
}) => {
  await signIn(page, 'premium@example.com');
  await page.goto('/search');
  await expect(resultLine(page)).toBeVisible();
  const everyone = await totalOf(page);

  await page.getByLabel('Near').fill('Houston, TX');
  await page.getByLabel('Near').press('Enter');
  await expect(page).toHaveURL(/near=Houston(%2C|,)(\+|%20)TX/);
  await expect(page).toHaveURL(/radius=25/);
  await expect(
    page.getByRole('button', { name: 'Remove filter Within 25 miles of Houston, TX' }),
  ).toBeVisible();
  await expect.poll(() => totalOf(page)).not.toBe(everyone);
  const within25 = await totalOf(page);
  expect(within25).toBeGreaterThan(0);
  // Every card is in the Houston area (the demo's cities near Houston).
  await expect(page.getByRole('button', { name: /Sort by Distance/ })).toBeVisible();

  // A wider radius finds at least as many.
  await page.getByRole('combobox', { name: 'Within' }).click();
  await page.getByRole('option', { name: '250 miles' }).click();
  await expect(page).toHaveURL(/radius=250/);
  await expect.poll(() => totalOf(page)).toBeGreaterThanOrEqual(within25);
  await screenshotBoth(page, 'radius-search');

  // The API agrees with the page.
  const api = await page.request.get('/api/physicians?near=Houston%2C%20TX&radius=250');
  expect((await api.json()).total).toBe(await totalOf(page));

  // Removing the chip removes both keys.
  await page.getByRole('button', { name: 'Remove filter Within 250 miles of Houston, TX' }).click();
  await expect(page).not.toHaveURL(/near=|radius=/);
  await expect.poll(() => totalOf(page)).toBe(everyone);
});
