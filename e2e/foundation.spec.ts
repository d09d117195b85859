import { test, expect, forgiveFailedRequests, screenshotBoth } from './fixtures';

test('home page shows the signed-out navigation', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation').first();
  for (const name of ['Search', 'Specialties', 'Pricing', 'About', 'Contact']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
  await screenshotBoth(page, 'home');
});

test('an unknown path answers HTTP 404 and renders the Page Not Found screen', async ({ page, consoleErrors }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  forgiveFailedRequests(consoleErrors, [404]);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return Home' })).toBeVisible();
  expect(warnings.some((w) => w.includes('/no-such-page'))).toBe(true);
  await screenshotBoth(page, 'not-found');
});
