import type { Page } from '@playwright/test';
import { createSession, SESSION_COOKIE } from '../server/features/auth/session';
import { createTestUser } from '../server/test/harness';
import { prepareServerDatabase, startServer, stopServer, type ServerProcess } from '../server/test/support/server-process';
import { test, expect, forgiveFailedRequests, screenshotBoth } from './fixtures';

/*
 * A Monthly recruiter typing quickly is never locked out of search (ADR 051). This test runs its
 * own server with the real allowances (RATE_LIMIT_FACTOR=1; the shared browser-test server
 * multiplies every limit by 50), types 30 queries at 60 ms a key with the page settled between
 * them, and counts the search and facets requests each query sent.
 */

const QUERIES = [
  'urologist phoenix',
  'ob/gyn boston ma',
  'ENT',
  'cardiology new york',
  'pediatric cardiologist',
  'smith',
  'family medicine texas',
  'anesthesiology',
  'garcia houston',
  'internal medicine chicago',
  'radiology',
  'psychiatry california',
  'emergency medicine',
  'dermatology miami',
  'oncology',
  'johnson',
  'orthopedic surgery',
  'neurology seattle',
  'gastroenterology',
  'pulmonology denver',
  'nguyen',
  'pediatrics atlanta',
  'general surgery',
  'ophthalmology',
  'patel',
  'obstetrics',
  'hospitalist',
  'nephrology',
  'urology phoenix az',
  'pathology',
];

let server: ServerProcess;
let drop: () => Promise<void>;
let sessionToken: string;
let limitedToken: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const prepared = await prepareServerDatabase({ engine: 'pglite', rows: 2000, name: 'e2e-typing' });
  const user = await createTestUser(prepared.db, { tier: 'basic', email: `typing-${Date.now()}@example.com` });
  sessionToken = (await createSession(prepared.db, user.id)).token;
  const limited = await createTestUser(prepared.db, { tier: 'basic', email: `typing-limited-${Date.now()}@example.com` });
  limitedToken = (await createSession(prepared.db, limited.id)).token;
  await prepared.driver.close();
  drop = prepared.drop;
  server = await startServer({ ...prepared.serverEnv, RATE_LIMIT_FACTOR: '1' });
});

test.afterAll(async () => {
  if (server) await stopServer(server.child);
  await drop?.();
});

function isSearchCall(url: string): boolean {
  const path = new URL(url).pathname;
  return path === '/api/physicians' || path === '/api/directory/facets';
}

// The page keeps each facets answer for five minutes: a query that is the start of an earlier one
// may have rested (and been answered) while that one was typed, and would send no request of its own.
for (const [index, text] of QUERIES.entries()) {
  const earlier = QUERIES.slice(0, index).find((other) => other.startsWith(text));
  if (earlier) throw new Error(`'${text}' starts the earlier query '${earlier}': its facets may come from the page's cache`);
}

/** The facets answer for `text` (the page asks once the typed query has rested). */
function facetsAnswered(page: Page, text: string) {
  return page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/directory/facets' &&
      (new URL(response.url()).searchParams.get('query') ?? '').trim() === text.trim(),
    { timeout: 20_000 },
  );
}

test('a Monthly recruiter types 30 queries at 60 ms a key and never meets a limit', async ({ page }) => {
  test.setTimeout(300_000);
  await page.context().addCookies([
    { name: SESSION_COOKIE, value: sessionToken, url: server.url, httpOnly: true, sameSite: 'Lax' },
  ]);
  const statuses: number[] = [];
  let sent = 0;
  page.on('request', (request) => {
    if (isSearchCall(request.url())) sent++;
  });
  page.on('response', (response) => {
    if (isSearchCall(response.url())) statuses.push(response.status());
  });
  await page.goto(`${server.url}/search`);
  await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search physicians' });

  const perQuery: number[] = [];
  const started = Date.now();
  for (const text of QUERIES) {
    const before = sent;
    const answered = facetsAnswered(page, text);
    await box.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(text, { delay: 60 });
    expect((await answered).status(), text).toBe(200);
    await expect(page).toHaveURL((url) => (url.searchParams.get('query') ?? '').trim() === text);
    perQuery.push(sent - before);
  }
  const seconds = (Date.now() - started) / 1000;
  const mean = perQuery.reduce((a, b) => a + b, 0) / perQuery.length;
  console.log(
    `typing: ${QUERIES.length} queries in ${seconds.toFixed(0)} s; search + facets requests per query: mean ${mean.toFixed(1)}, max ${Math.max(...perQuery)} (${perQuery.join(' ')})`,
  );
  expect(statuses.filter((status) => status === 429)).toEqual([]);
  expect(new Set(statuses)).toEqual(new Set([200]));
  await expect(page.getByText(/Too many|Searching resumes/)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toBeVisible();
});

test('a limit met anyway: the results stay, and the page says when searching resumes', async ({ page, consoleErrors }) => {
  await page.context().addCookies([
    { name: SESSION_COOKIE, value: limitedToken, url: server.url, httpOnly: true, sameSite: 'Lax' },
  ]);
  await page.goto(`${server.url}/search?query=smith`);
  const results = page.getByRole('status').filter({ hasText: /^Showing / });
  await expect(results).toBeVisible();
  const cards = page.getByRole('list', { name: 'Physicians' }).getByRole('article');
  const shown = await cards.first().getByRole('heading').textContent();
  expect(shown).toMatch(/Smith/);
  // A script's worth of searches (no typing token): the whole minute's allowance.
  let status = 200;
  for (let i = 0; status === 200 && i < 200; i++) {
    status = (await page.request.get(`${server.url}/api/physicians?query=script${i}`)).status();
  }
  expect(status).toBe(429);
  const box = page.getByRole('searchbox', { name: 'Search physicians' });
  await box.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('cardiology', { delay: 60 });
  await expect(page.getByRole('status').filter({ hasText: /^Searching resumes in \d+ seconds/ })).toBeVisible();
  // The last results stay on screen meanwhile, never an error in their place.
  await expect(cards.first().getByRole('heading')).toHaveText(shown!);
  await expect(page.getByText("We couldn't load the directory")).toHaveCount(0);
  await screenshotBoth(page, 'search-limit-met');
  // The page keeps asking (it retries by itself): closed first, so no later 429 is logged.
  await page.close();
  forgiveFailedRequests(consoleErrors, [429]);
});
