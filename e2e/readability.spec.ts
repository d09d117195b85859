import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, screenshotBoth, signIn, test } from './fixtures';

/*
 * What a recruiter reads at 1280x800: compact cards (four and more in view), a table whose every
 * column fits, a revealed email whole, and keyboard focus that stays where it was and clear of
 * the sticky header. Screenshots of each under e2e/screenshots/.
 */

const SHOTS = 'e2e/screenshots';

function cards(page: Page): Locator {
  return page.getByRole('list', { name: 'Physicians' }).getByRole('article');
}

/** Cards wholly on screen, below the sticky header. */
async function cardsInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const headerBottom = document.querySelector('header')!.getBoundingClientRect().bottom;
    return [...document.querySelectorAll('[aria-label="Physicians"] article')].filter((card) => {
      const box = card.getBoundingClientRect();
      return box.top >= headerBottom - 1 && box.bottom <= window.innerHeight + 1;
    }).length;
  });
}

/** A viewport-sized picture (what is on screen, not the whole page). */
async function screenshotViewport(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The first card whose Email button is live (the physician has an email on file). */
function cardWithEmail(page: Page): Locator {
  return cards(page)
    .filter({ has: page.getByRole('button', { name: /^Email / }).and(page.locator(':not([aria-disabled])')) })
    .first();
}

test('cards: at 1280x800 four physicians and more are in view; screenshots at 1280x800 and 375', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'premium@example.com');
  await page.goto('/search');
  await expect(cards(page)).toHaveCount(25, { timeout: 30_000 });
  await expect(page.locator('main [aria-label="Physicians"][aria-busy="true"]')).toHaveCount(0);

  // As the page opens, under the search box and toolbar.
  expect(await cardsInView(page)).toBeGreaterThanOrEqual(4);
  await screenshotViewport(page, 'search-cards-1280x800');
  // Scrolled to the results, more still.
  await page.getByRole('toolbar', { name: 'Results' }).evaluate((toolbar) => toolbar.scrollIntoView({ block: 'start' }));
  expect(await cardsInView(page)).toBeGreaterThanOrEqual(5);

  await screenshotBoth(page, 'search-cards-view');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshotViewport(page, 'search-cards-375');
});

test('table: at 1280 every column fits, the last inside the viewport; a cut value shows whole on hover and focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'premium@example.com');
  await page.goto('/search');
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('group', { name: 'Results view' }).getByRole('button', { name: 'Table' }).click();
  const table = page.getByRole('table', { name: 'Physicians' });
  await expect(table.getByRole('row')).toHaveCount(26);

  const lastHeader = table.getByRole('columnheader', { name: 'Verified valid' });
  const box = (await lastHeader.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  // The table does not scroll sideways inside its box: no column is hidden to the right.
  const scroll = await table.evaluate((element) => {
    const box = element.parentElement!;
    return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
  });
  expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
  // Every cell ends inside the viewport.
  const outside = await table.evaluate(
    (element) => [...element.querySelectorAll('td, th')].filter((cell) => cell.getBoundingClientRect().right > window.innerWidth).length,
  );
  expect(outside).toBe(0);

  // A value cut in its dense row: its title holds it whole (hover), and once the row holds the
  // keyboard's focus the cell shows it whole.
  const cutIndex = await table.evaluate((element) =>
    [...element.querySelectorAll('tbody td')].findIndex((cell) => cell.scrollWidth > cell.clientWidth + 1),
  );
  expect(cutIndex, 'a long value is cut somewhere on the first page').toBeGreaterThanOrEqual(0);
  const cut = table.locator('tbody td').nth(cutIndex);
  expect(await cut.getAttribute('title')).toBe((await cut.textContent())?.trim());
  // Keyboard focus (the row unclamps for it, not for a mouse press): back to the row's checkbox and on again.
  await cut.locator('xpath=ancestor::tr').getByRole('link').focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(await cut.evaluate((cell) => cell.scrollWidth <= cell.clientWidth + 1)).toBe(true);

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await screenshotViewport(page, 'search-table-1280x800');
  await screenshotBoth(page, 'search-table-view');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshotViewport(page, 'search-table-375');
});

test('profile at 1280: a long revealed email shows whole, on one line, with room to spare', async ({ page }) => {
  // The demo directory's addresses are short; real ones run to 50 characters and more.
  const long = 'maximiliana.vanderlinden-oyelaran@northwesternmedicine-lakeforest.example.org';
  await page.route(/\/api\/physicians\/\d+\/contact$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), email: long } });
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'basic@example.com');
  await page.goto('/search');
  await cardWithEmail(page).getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/physician\/\d+$/);

  await page.getByRole('button', { name: /^View Email / }).click();
  const email = page.getByRole('button', { name: /, copy email$/ });
  await expect(email).toHaveAttribute('title', long);
  const drawn = await email.evaluate((element, value) => {
    const text = [...element.querySelectorAll('span')].find((span) => span.textContent === value)!;
    const style = getComputedStyle(text);
    const box = element.getBoundingClientRect();
    return {
      whole: text.scrollWidth <= text.clientWidth + 1 && style.textOverflow !== 'ellipsis',
      lines: Math.round(text.getBoundingClientRect().height / parseFloat(style.lineHeight)),
      right: box.right,
    };
  }, long);
  expect(drawn.whole).toBe(true);
  expect(drawn.lines).toBe(1);
  expect(drawn.right).toBeLessThanOrEqual(1280);
  expect(await email.innerText()).toContain(long);

  await screenshotViewport(page, 'profile-long-email-1280x800');
  await screenshotBoth(page, 'profile-long-email');
});

test('keyboard: after a reveal focus stays on the revealed value; focus scrolls clear of the sticky header', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'basic@example.com');
  await page.goto('/search');
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  // Pinned by its id: once revealed, its button is no longer named 'Email ...'.
  const card = page.locator(`#${await cardWithEmail(page).getAttribute('id')}`);

  const button = card.getByRole('button', { name: /^Email / });
  await button.focus();
  await page.keyboard.press('Enter');
  const revealed = card.getByRole('button', { name: /, copy email$/ });
  await expect(revealed).toBeVisible();
  await expect(revealed).toBeFocused();
  // The same on the profile.
  await card.getByRole('heading').getByRole('link').click();
  const phone = page.getByRole('button', { name: /^View Phone / });
  await phone.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /, copy phone number$/ })).toBeFocused();

  // Back on the results: a card's checkbox sits under the sticky header; Tab onto it brings it clear.
  await page.goto('/search');
  await expect(cards(page).nth(5)).toBeVisible({ timeout: 30_000 });
  const target = cards(page).nth(5).getByRole('checkbox');
  const previous = cards(page).nth(4).getByRole('link', { name: /LinkedIn/ }).or(cards(page).nth(4).getByRole('button').last());
  await previous.last().focus();
  await target.evaluate((element) => {
    const top = element.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: top - 20, behavior: 'instant' });
  });
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  const headerBottom = await page.evaluate(() => document.querySelector('header')!.getBoundingClientRect().bottom);
  expect((await target.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
});
