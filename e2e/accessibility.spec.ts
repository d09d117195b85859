import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { APP_PATHS } from '../contract/app-paths';
import { expect, forgiveFailedRequests, signIn, test } from './fixtures';

/*
 * Accessibility: axe-core on every page of the app, at 1280 and 375 px, as the caller
 * who can see it: no serious or critical violation (WCAG 2.1 A and AA rules). Then the recruiter's
 * core path by keyboard only: search -> reveal a contact -> add to a list.
 */

// Every page the router has (contract/app-paths.ts), so a new page is audited without an edit
// here. Pages with an id in the path are reached through a link of another page (below).
const SIGNED_IN_PAGES = ['/account', '/lists', '/checkout/success', '/billing/demo/portal'];
const ADMIN_PAGES = ['/admin-dashboard', '/resume-approval', '/users', '/admin/audit', '/admin/messages', '/admin/import'];
// Not pages of their own: the development mailbox (a tool, not the product) and a redirect to /search.
const NOT_AUDITED = ['/dev/mailbox', '/directory'];
const PUBLIC_PAGES = APP_PATHS.filter(
  (path) => !path.includes(':') && ![...SIGNED_IN_PAGES, ...ADMIN_PAGES, ...NOT_AUDITED].includes(path),
);
// The search page as a premium user shows what the public one does not (selection, contact buttons).
const RECRUITER_PAGES = ['/search', ...SIGNED_IN_PAGES];

async function settle(page: Page) {
  // Rendered (a heading), and loading placeholders (aria-busy) gone, before the page is judged.
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

async function audit(page: Page, paths: string[]) {
  // No animations: a toast fading in would be judged at part opacity (a contrast it never keeps).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const found: string[] = [];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
    for (const path of paths) {
      await page.goto(path);
      await settle(page);
      for (const violation of await seriousViolations(page)) found.push(`${path} @${width}: ${violation}`);
    }
  }
  return found;
}

test.describe('axe: no serious or critical violation on any page, at 1280 and 375 px', () => {
  test('public pages, signed out', async ({ page }) => {
    test.setTimeout(180_000);
    expect(await audit(page, PUBLIC_PAGES)).toEqual([]);
  });

  test('Page Not Found (an unknown path, answered 404)', async ({ page, consoleErrors }) => {
    expect(await audit(page, ['/no-such-page'])).toEqual([]);
    // The document's own 404 is logged by the browser: expected here, and only here.
    forgiveFailedRequests(consoleErrors, [404]);
  });

  test('recruiter pages, premium', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'premium@example.com');
    const paths = [...RECRUITER_PAGES];
    // A physician profile and a list detail: the first of each the app links to.
    await page.goto('/search');
    await settle(page);
    const profile = await page.locator('a[href^="/physician"]').first().getAttribute('href');
    if (profile) paths.push(profile);
    const found = await audit(page, paths);
    expect(found).toEqual([]);
  });

  test('admin pages', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin@example.com');
    const paths = [...ADMIN_PAGES];
    await page.goto('/users');
    await settle(page);
    const user = await page.locator('a[href^="/users/"]').first().getAttribute('href');
    if (user) paths.push(user);
    expect(await audit(page, paths)).toEqual([]);
  });
});

/** Presses Tab (Shift+Tab when `back`) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 120, back = false) {
  for (let i = 0; i < max; i++) {
    const focused =
      (await target.count()) === 1 &&
      (await target.evaluate((el) => el === document.activeElement, undefined, { timeout: 1_000 }));
    if (focused) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('keyboard only: search, reveal a contact, add the physician to a new list', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'premium@example.com');
  await page.goto('/search');
  await settle(page);

  // Search: 'Skip filters' (the first stop of the page's content) jumps past the filter panel to
  // the search box; Enter submits.
  await tabTo(page, page.getByRole('link', { name: 'Skip filters' }), 60);
  await page.keyboard.press('Enter');
  const box = page.locator('#directory-results').getByRole('searchbox');
  await tabTo(page, box, 3);
  await page.keyboard.type('Cardiology');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q(uery)?=Cardiology/);
  await settle(page);
  const cards = page.getByRole('list', { name: 'Physicians' }).getByRole('article');
  await expect(cards.first()).toBeVisible();

  // Reveal: Tab to the first live email button of a card, Enter shows the address.
  let card = cards.first();
  for (const candidate of await cards.all()) {
    if ((await candidate.getByRole('button', { name: /^Email / }).getAttribute('aria-disabled')) === null) {
      card = candidate;
      break;
    }
  }
  const email = card.getByRole('button', { name: /^Email / });
  await tabTo(page, email);
  await expect(email).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: /@.+, copy email$/ })).toBeVisible();

  // Select the card (Space on its checkbox), then Add to List from the toolbar.
  const select = card.getByRole('checkbox', { name: /^Select / });
  await tabTo(page, select, 120, true);
  await page.keyboard.press('Space');
  await expect(select).toBeChecked();
  const add = page.getByRole('button', { name: 'Add to List (1)' });
  await tabTo(page, add, 200, true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add to Physician List' });
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog; Tab reaches the name field, Enter on the button creates the list.
  const listName = `Keyboard list ${Date.now()}`;
  await tabTo(page, dialog.getByLabel('List name'), 20);
  await page.keyboard.type(listName);
  await tabTo(page, dialog.getByRole('button', { name: 'Create List' }), 20);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // The list holds the physician: checked through the API the page itself uses.
  const lists = await page.request.get('/api/lists');
  const created = (await lists.json()).lists.find((l: { name: string }) => l.name === listName);
  expect(created?.physicianCount).toBe(1);
});
