import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshotBoth, signIn } from './fixtures';

function cards(page: Page): Locator {
  return page.getByRole('list', { name: 'Physicians' }).getByRole('article');
}

/** The first card whose email and phone buttons are both live (the physician has both on file). */
async function cardWithBothContacts(page: Page): Promise<Locator> {
  // The first search after sign-in can be slow on a loaded machine.
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  for (const card of await cards(page).all()) {
    const email = card.getByRole('button', { name: /^Email / });
    const phone = card.getByRole('button', { name: /^Phone / });
    if (
      (await email.getAttribute('aria-disabled')) === null &&
      (await phone.getAttribute('aria-disabled')) === null
    ) {
      return card;
    }
  }
  throw new Error('no card with both an email and a phone on this page');
}

test('basic: reveal the email, then the phone, then copy the email', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'basic@example.com');
  await page.goto('/search');
  const card = await cardWithBothContacts(page);

  // First click: fetched and revealed.
  await card.getByRole('button', { name: /^Email / }).click();
  const emailButton = card.getByRole('button', { name: /@.+, copy email$/ });
  await expect(emailButton).toBeVisible();
  const email = ((await emailButton.textContent()) ?? '').replace(', copy email', '').trim();
  expect(email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
  // An address of usual length is shown whole (only a long one is cut: the next test).
  expect(
    await emailButton.evaluate((element, address) => {
      const text = [...element.querySelectorAll('span')].find((span) => span.textContent === address)!;
      return text.scrollWidth <= text.clientWidth;
    }, email),
  ).toBe(true);
  await expect(card.getByText(/^\d[\d,]* of [\d,]+ contact reveals left today$/)).toBeVisible();
  await expect(card.getByText(/^Verified valid, \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();

  // The contact is already loaded: the phone reveals at once.
  await card.getByRole('button', { name: /^Phone / }).click();
  await expect(card.getByRole('button', { name: /\d.*, copy phone number$/ })).toBeVisible();

  // Third click: copied, 'Copied' on the button and the toast.
  await emailButton.click();
  await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(page.getByText('Email copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(email);
  // 'Copied' lasts 2 seconds, then the address comes back.
  await expect(card.getByRole('button', { name: /@.+, copy email$/ })).toBeVisible();

  await card.scrollIntoViewIfNeeded();
  await screenshotBoth(page, 'contacts-revealed-card');
});

/** How the revealed address is drawn: whole (its text fits its box, no ellipsis) and on how many lines. */
async function drawnAddress(button: Locator, address: string) {
  return button.evaluate((element, value) => {
    const text = [...element.querySelectorAll('span')].find((span) => span.textContent === value)!;
    const style = getComputedStyle(text);
    return {
      whole: text.scrollWidth <= text.clientWidth + 1 && style.textOverflow !== 'ellipsis',
      lines: Math.round(text.getBoundingClientRect().height / parseFloat(style.lineHeight)),
    };
  }, address);
}

test('basic: a long revealed email shows whole inside the card, wrapping at its dots and @; the copy holds it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The demo directory's addresses are short, real ones run to 50 characters and more: the
  // server's real answer is passed on with its email swapped for a long one.
  const long = 'maximiliana.vanderlinden-oyelaran@northwesternmedicine-lakeforest.example.org';
  await page.route(/\/api\/physicians\/\d+\/contact$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), email: long } });
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'basic@example.com');
  await page.goto('/search');
  const card = await cardWithBothContacts(page);
  const cardBefore = (await card.boundingBox())!;

  await card.getByRole('button', { name: /^Email / }).click();
  const emailButton = card.getByRole('button', { name: /, copy email$/ });
  await expect(emailButton).toHaveAttribute('title', long);
  // The card's contact row: email, phone and LinkedIn.
  const controls = () =>
    card
      .getByRole('button')
      .or(card.getByRole('link', { name: /LinkedIn/ }))
      .all();
  const inside = async () => {
    const cardBox = (await card.boundingBox())!;
    for (const control of await controls()) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width, `${await control.textContent()} inside the card`).toBeLessThanOrEqual(
        cardBox.x + cardBox.width,
      );
    }
  };
  await inside();
  // At 1280 there is room: the address is whole on one line, the card keeps its width, and the
  // skills beside the buttons are not covered.
  expect(await drawnAddress(emailButton, long)).toEqual({ whole: true, lines: 1 });
  expect((await card.boundingBox())!.width).toBe(cardBefore.width);
  const skills = (await card.getByRole('list', { name: 'Skills' }).boundingBox())!;
  for (const control of await controls()) {
    const box = (await control.boundingBox())!;
    const apart =
      box.x >= skills.x + skills.width ||
      box.x + box.width <= skills.x ||
      box.y >= skills.y + skills.height ||
      box.y + box.height <= skills.y;
    expect(apart, `${await control.textContent()} does not cover the skills`).toBe(true);
  }

  // The copy button still works and copies the whole address.
  await emailButton.click();
  await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(long);
  await expect(emailButton).toBeVisible();

  await card.scrollIntoViewIfNeeded();
  await screenshotBoth(page, 'contacts-revealed-long-email');
  // On a phone it wraps onto more lines, still whole and inside the card.
  await page.setViewportSize({ width: 375, height: 812 });
  await inside();
  const phone = await drawnAddress(emailButton, long);
  expect(phone.whole).toBe(true);
  expect(phone.lines).toBeGreaterThan(1);
});

test('basic: the profile reveals too and shows the allowance beside the buttons', async ({ page }) => {
  await signIn(page, 'basic@example.com');
  await page.goto('/search');
  const card = await cardWithBothContacts(page);
  await card.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/of [\d,]+ contact reveals left today$/)).toBeVisible();
  await page.getByRole('button', { name: /^View Phone / }).click();
  await expect(page.getByRole('button', { name: /, copy phone number$/ })).toBeVisible();
  await screenshotBoth(page, 'contacts-profile-revealed');
});

test('free: contact buttons are dimmed, explain why, and reveal nothing', async ({ page }) => {
  await signIn(page, 'free@example.com');
  let revealCalls = 0;
  page.on('request', (request) => {
    if (/\/api\/physicians\/\d+\/contact$/.test(request.url())) revealCalls++;
  });
  await page.goto('/search');
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  const card = cards(page).first();
  const email = card.getByRole('button', { name: /^Email / });
  await expect(email).toHaveAttribute('aria-disabled', 'true');
  await email.hover();
  await expect(
    page.getByRole('tooltip').filter({ hasText: 'Subscription required to view email' }),
  ).toBeVisible();
  // Playwright treats aria-disabled as disabled; the click must still reach the page and do nothing.
  await email.click({ force: true });
  await expect(card.getByRole('button', { name: /^Email / })).toBeVisible();

  const phone = card.getByRole('button', { name: /^Phone / });
  await expect(phone).toHaveAttribute('aria-disabled', 'true');
  await phone.focus();
  await expect(
    page.getByRole('tooltip').filter({ hasText: 'Subscription required to view phone number' }),
  ).toBeVisible();
  expect(revealCalls).toBe(0);
  await expect(page.getByText(/contact reveals left today/)).toHaveCount(0);
  await screenshotBoth(page, 'contacts-free-dimmed');
});
