import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';

/**
 * Every browser test fails if the page logs console.error or throws. A page load (goto, reload)
 * returns once the page is live (`<html data-live>`, app-providers.tsx): /search is on screen,
 * drawn by the server, before its scripts run (ADR 026), and a click before then would do nothing;
 * the test of that moment itself (search-live.spec.ts) uses `gotoDrawn`.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const untilLive = async <T,>(response: T) => {
      if (!new URL(page.url()).pathname.startsWith('/api/')) {
        await page.locator('html[data-live]').waitFor({ state: 'attached' });
      }
      return response;
    };
    page.goto = async (url, options) => untilLive(await goto(url, options));
    page.reload = async (options) => untilLive(await reload(options));
    Object.assign(page, { gotoDrawn: goto });
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** `page.goto` without waiting for the page to be live: what the browser shows before its scripts run. */
export function gotoDrawn(page: Page, url: string) {
  // Not until 'load' or 'DOMContentLoaded': both wait for the page's module scripts.
  return (page as Page & { gotoDrawn: Page['goto'] }).gotoDrawn(url, { waitUntil: 'commit' });
}

/**
 * The browser logs every 4xx answer as a console error, which fails a test (fixtures.ts); a test
 * that provokes one on purpose forgives exactly that status.
 */
export function forgiveFailedRequests(consoleErrors: string[], statuses: number[]) {
  const expected = statuses.map((status) => `the server responded with a status of ${status}`);
  const kept = consoleErrors.filter((message) => !expected.some((text) => message.includes(text)));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
}


const SHOTS = 'e2e/screenshots';

/** Saves a full-page screenshot at desktop (1280) and phone (375) widths, for a person to look at. */
export async function screenshotBoth(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // Lists drawn in two steps (the search results, ADR 025) are whole before the picture.
  await expect(page.locator('main [aria-label="Physicians"][aria-busy="true"]')).toHaveCount(0);
  // From the top: a full-page picture taken scrolled down draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  const original = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/${name}-mobile.png`, fullPage: true });
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${name} has no horizontal scroll at 375 px`).toBeLessThanOrEqual(375);
  if (original) await page.setViewportSize(original);
}

export const DEMO_PASSWORD = 'demo-password';

/** Signs in through the real login form. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await expect(page.getByRole('button', { name: /account/i })).toBeVisible();
}

/** The header every state-changing API call needs (the app's CSRF check). */
export const CSRF = { 'x-requested-with': 'fetch' };

/** A verified free account, made through the API (for specs whose subject is not sign-up). */
export async function createFreeAccount(request: APIRequestContext, email: string, password: string) {
  const signup = await request.post('/api/auth/signup', {
    headers: CSRF,
    data: { email, password, confirmPassword: password, acceptTerms: true },
  });
  expect(signup.status()).toBe(201);
  let token = '';
  await expect
    .poll(async () => {
      const response = await request.get('/api/dev/mailbox');
      const { messages } = (await response.json()) as { messages: Array<{ to: string; text: string }> };
      const match = messages
        .filter((message) => message.to === email)
        .map((message) => /\/verify-email\?token=([^\s]+)/.exec(message.text))
        .find(Boolean);
      return (token = match?.[1] ?? '');
    })
    .not.toBe('');
  const verify = await request.post('/api/auth/verify-email', { headers: CSRF, data: { token } });
  expect(verify.ok()).toBe(true);
}

/**
 * Opens an Export menu, runs `whileOpen` (assertions, screenshots), downloads its CSV and checks
 * the file name and the 'Export Successful' toast for `count` physicians. Returns the file: its
 * text as written (BOM included) and its rows parsed (RFC 4180).
 */
export async function exportCsv(
  page: Page,
  exportButton: Locator,
  count: number,
  whileOpen: () => Promise<void> = async () => {},
): Promise<{ text: string; rows: string[][] }> {
  await exportButton.click();
  await expect(page.getByRole('menuitem', { name: /CSV/ })).toBeVisible();
  await whileOpen();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /CSV/ }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`physicians-${new Date().toISOString().slice(0, 10)}.csv`);
  await expect(page.getByText('Export Successful')).toBeVisible();
  await expect(page.getByText(`Exported ${count} physician records`)).toBeVisible();
  const text = await readFile((await download.path())!, 'utf8');
  return { text, rows: parse(text, { bom: true }) as string[][] };
}

/**
 * The resume-confirmation link last mailed to `email` (read from the development mailbox), as a
 * path to open in the browser: a submission reaches the operators only once its link is followed.
 */
export async function resumeConfirmationPath(request: APIRequestContext, email: string): Promise<string> {
  let path = '';
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mailbox');
        if (!response.ok()) return '';
        const { messages } = (await response.json()) as { messages: Array<{ to: string; text: string }> };
        const match = messages
          .filter((message) => message.to === email)
          .map((message) => /\/confirm-resume\?token=[^\s]+/.exec(message.text))
          .find(Boolean);
        return (path = match?.[0] ?? '');
      },
      { message: `a resume confirmation link mailed to ${email}` },
    )
    .not.toBe('');
  return path;
}

/** Follows the emailed link of a resume submission through the API. */
export async function confirmResume(request: APIRequestContext, email: string): Promise<void> {
  const path = await resumeConfirmationPath(request, email);
  const token = decodeURIComponent(path.slice(path.indexOf('token=') + 'token='.length));
  const confirmed = await request.post('/api/submissions/confirm', { headers: CSRF, data: { token } });
  expect(confirmed.status()).toBe(200);
}

/**
 * Chooses `option` in the select named `label`. On a busy machine the click can land while the
 * menu is still opening (its animation): open it again and pick until the box shows the choice.
 */
export async function pickOption(page: Page, label: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await expect(async () => {
    if ((await box.getAttribute('aria-expanded')) !== 'true') await box.click();
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 2_000 });
    await expect(box).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Uploads a public file of `kind` on the admin import (as the signed-in admin) and waits for its import to finish. */
export async function uploadImport(request: APIRequestContext, kind: string, fileName: string, text: string) {
  const started = await request.post(`/api/admin/imports?${new URLSearchParams({ kind, fileName })}`, {
    headers: { ...CSRF, 'content-type': 'application/octet-stream' },
    data: Buffer.from(text),
  });
  expect(started.status(), await started.text()).toBe(202);
  const { import: job } = (await started.json()) as { import: { id: string } };
  await expect
    .poll(async () => ((await (await request.get(`/api/admin/imports/${job.id}`)).json()) as { import: { status: string } }).import.status, {
      timeout: 30_000,
    })
    .toBe('finished');
}
