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

test('every page names itself in the browser tab: the page, then the product; a profile by its physician', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('PhysicianDirect: verified physician contacts for healthcare recruiters');
  for (const [path, title] of [
    ['/pricing', 'Pricing · PhysicianDirect'],
    ['/search', 'Physician Directory · PhysicianDirect'],
    ['/specialties', 'Specialties · PhysicianDirect'],
    ['/login', 'Log in · PhysicianDirect'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  await page.goto('/search?query=smith');
  const card = page.getByRole('list', { name: 'Physicians' }).getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await card.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} · PhysicianDirect`);
});
