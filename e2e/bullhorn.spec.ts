import { createSession, SESSION_COOKIE } from '../server/features/auth/session';
import { createTestUser } from '../server/test/harness';
import { startBullhornServer, type BullhornServer } from '../server/test/support/bullhorn-server';
import { prepareServerDatabase, startServer, stopServer, type ServerProcess } from '../server/test/support/server-process';
import { CSRF, expect, screenshotBoth, test } from './fixtures';

/*
 * Bullhorn (ADR 064) in a browser, against a local Bullhorn (server/test/support/bullhorn-server.ts):
 * an Annual recruiter connects through Bullhorn's sign-in, pushes a list (one physician Bullhorn
 * already holds by NPI, two created), reads the outcomes, and sees 'In your ATS' on the profile and
 * the 'Not in my ATS' filter. Its own server, so that the Bullhorn app's settings can point here.
 */

let bullhorn: BullhornServer;
let server: ServerProcess;
let drop: () => Promise<void>;
let sessionToken: string;
let physicians: Array<{ id: number; npi: string; first_name: string; last_name: string }>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  bullhorn = await startBullhornServer();
  const prepared = await prepareServerDatabase({ engine: 'pglite', rows: 300, name: 'e2e-bullhorn' });
  const user = await createTestUser(prepared.db, { tier: 'premium', email: `bullhorn-${Date.now()}@example.com` });
  sessionToken = (await createSession(prepared.db, user.id)).token;
  ({ rows: physicians } = await prepared.db.sql.query(`SELECT id, npi, first_name, last_name FROM physicians WHERE npi IS NOT NULL ORDER BY id LIMIT 3`));
  await prepared.driver.close();
  drop = prepared.drop;
  // The first is in Bullhorn already, entered by hand with the NPI.
  bullhorn.candidates.set(7, { id: 7, firstName: physicians[0].first_name, lastName: physicians[0].last_name, externalID: physicians[0].npi });
  server = await startServer({
    ...prepared.serverEnv,
    BULLHORN_CLIENT_ID: bullhorn.clientId,
    BULLHORN_CLIENT_SECRET: bullhorn.clientSecret,
    BULLHORN_LOGIN_INFO_URL: bullhorn.loginInfoUrl,
    INTEGRATIONS_KEY: 'e2e-integrations-key-0123456789abcdef0123456789',
  });
});

test.afterAll(async () => {
  if (server) await stopServer(server.child);
  await bullhorn?.close();
  await drop?.();
});

test('connect Bullhorn, push a list, read the outcomes, see In your ATS', async ({ page }) => {
  test.setTimeout(120_000);
  await page.context().addCookies([{ name: SESSION_COOKIE, value: sessionToken, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  const created = await page.request.post(`${server.url}/api/lists`, {
    headers: CSRF,
    data: { name: 'Bullhorn shortlist', physicianIds: physicians.map((p) => p.id) },
  });
  expect(created.status()).toBe(201);
  const listId = ((await created.json()) as { list: { id: string } }).list.id;

  await page.goto(`${server.url}/account?tab=integrations`);
  await expect(page.getByRole('heading', { name: 'Bullhorn', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Connect Bullhorn' }).click();
  await expect(page.getByText('Enter your Bullhorn user name.')).toBeVisible();
  await screenshotBoth(page, 'bullhorn-connect');
  await page.getByLabel('Bullhorn user name').fill('jane.recruiter');
  await page.getByRole('button', { name: 'Connect Bullhorn' }).click();
  // Bullhorn's sign-in sends the browser back to the callback, which lands on this tab.
  await page.waitForURL(/\/account\?tab=integrations$/);
  await expect(page.getByText('Bullhorn connected')).toBeVisible();
  await expect(page.getByText(/Connected as jane\.recruiter/)).toBeVisible();
  await expect(page.getByText('No pushes yet.', { exact: false })).toBeVisible();

  await page.goto(`${server.url}/lists/${listId}`);
  await page.getByRole('button', { name: 'Push list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Push to Bullhorn' });
  await expect(dialog.getByRole('cell', { name: 'externalID', exact: true })).toBeVisible();
  await screenshotBoth(page, 'bullhorn-push-mapping');
  await dialog.getByRole('button', { name: 'Push', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(/Pushed 3 physicians/, { timeout: 30_000 });
  await expect(dialog.getByRole('list', { name: 'Outcomes' })).toHaveText(/Created: 2.*Already there: 1/);
  await expect(dialog.getByRole('row').filter({ hasText: physicians[0].last_name })).toContainText('Already there');
  await screenshotBoth(page, 'bullhorn-push-outcomes');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  expect(bullhorn.candidates.size).toBe(3);

  // The list's cards and the profile say so; the filter leaves them out.
  await page.goto(`${server.url}/physician/${physicians[1].id}`);
  await expect(page.getByText('In your ATS')).toBeVisible();
  await screenshotBoth(page, 'bullhorn-profile-in-ats');
  const lastName = physicians[2].last_name;
  await page.goto(`${server.url}/search?query=${encodeURIComponent(`${physicians[2].first_name} ${lastName}`)}`);
  const card2 = page.getByRole('list', { name: 'Physicians' }).getByRole('article').filter({ hasText: lastName }).first();
  await expect(card2.getByText('In your ATS')).toBeVisible();
  await page.goto(`${server.url}/search?query=${encodeURIComponent(`${physicians[2].first_name} ${lastName}`)}&notInAts=true`);
  await expect(page.getByRole('button', { name: /Not in my ATS/ }).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Physicians' }).getByRole('article').filter({ hasText: `${physicians[2].first_name} ${lastName}` })).toHaveCount(0);
  await screenshotBoth(page, 'bullhorn-not-in-ats');

  // The account tab lists the push.
  await page.goto(`${server.url}/account?tab=integrations`);
  await expect(page.getByRole('list', { name: 'Latest pushes' })).toContainText('Created 2 · Already there 1');
  await expect(page.getByText(/3 directory physicians are in your Bullhorn/)).toBeVisible();
  await screenshotBoth(page, 'bullhorn-connected');
});
