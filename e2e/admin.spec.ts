import type { Locator, Page } from '@playwright/test';
import { sampleNppesFile } from '../server/test/support/import/fixtures';
import { confirmResume, createFreeAccount, CSRF, test, expect, screenshotBoth, signIn } from './fixtures';

/** The count badge of a Pending / Approved / Rejected tab. */
async function tabCount(page: Page, name: 'Pending' | 'Approved' | 'Rejected'): Promise<number> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${name}`) });
  await expect(tab).toHaveText(new RegExp(`^${name}\\s*[\\d,]+$`));
  const text = (await tab.textContent()) ?? '';
  return Number(text.replace(name, '').replaceAll(',', '').trim());
}

/**
 * At 375 px the control lies inside the viewport without scrolling anything sideways (a table
 * scrolls in its own container, so the page's width alone would not show a cut-off button).
 */
async function expectReachableOnPhone(page: Page, control: Locator) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  const { left, right, clipRight } = await control.evaluate((el) => {
    let clipRight = window.innerWidth;
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      box.scrollLeft = 0;
      if (getComputedStyle(box).overflowX !== 'visible') clipRight = Math.min(clipRight, box.getBoundingClientRect().right);
    }
    const rect = el.getBoundingClientRect();
    return { left: rect.left, right: rect.right, clipRight };
  });
  expect(left).toBeGreaterThanOrEqual(0);
  expect(right, 'the control ends inside every box that clips it').toBeLessThanOrEqual(clipRight);
  if (original) await page.setViewportSize(original);
}

function statCard(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${label}: \\d+$`));
}

async function statValue(page: Page, label: string): Promise<number> {
  const text = (await statCard(page, label).getAttribute('aria-label')) ?? '';
  return Number(text.split(': ')[1]);
}

test('a submitted resume is approved on /resume-approval and found on /search', async ({ page, browser }) => {
  const lastName = `Approvington${Date.now().toString(36)}`;
  await signIn(page, 'admin@example.com');

  await page.goto('/resume-approval');
  const pendingBefore = await tabCount(page, 'Pending');
  const approvedBefore = await tabCount(page, 'Approved');

  // A physician, signed out in a browser of their own, submits the public resume form.
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto('/submit-resume');
    const form = visitor.getByRole('form', { name: 'Submit Your Resume' });
    await expect(form.getByRole('combobox', { name: 'Specialty' })).toBeEnabled({ timeout: 30_000 });
    await form.getByLabel('First Name').fill('Rosalind');
    await form.getByLabel('Last Name').fill(lastName);
    await form.getByLabel('Physician Title').fill('Hospitalist');
    await form.getByLabel('Company Name').fill('Riverbend Medical Group');
    await form.getByRole('combobox', { name: 'Specialty' }).click();
    await visitor.getByRole('option', { name: 'Internal Medicine', exact: true }).click();
    await form.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
    await form.getByLabel('Phone').fill('(503) 555-0142');
    await form.getByLabel('Location').fill('Portland, OR');
    await form.getByLabel('LinkedIn URL').fill('linkedin.com/in/rosalind-approvington');
    await form.getByLabel('School Name').fill('Oregon Health & Science University');
    await form.getByLabel('Degree').fill('MD');
    await form.getByRole('button', { name: 'Add Education' }).click();
    const skill = form.getByLabel('Skill', { exact: true });
    for (const value of ['Inpatient Medicine', 'Quality Improvement']) {
      await skill.fill(value);
      await skill.press('Enter');
    }
    await form.getByRole('button', { name: 'Submit Resume' }).click();
    await expect(visitor).toHaveURL(/\/success$/);
  } finally {
    await visitorContext.close();
  }
  // The operators see it once its sender follows the emailed link.
  await confirmResume(page.request, `${lastName.toLowerCase()}@example.com`);

  await page.reload();
  await expect.poll(() => tabCount(page, 'Pending')).toBe(pendingBefore + 1);
  const table = page.getByRole('table', { name: 'Pending submissions' });
  const row = table.getByRole('row').filter({ hasText: lastName });
  await expect(row).toContainText('Riverbend Medical Group');
  await expect(row).toContainText('Internal Medicine');
  await expect(row).toContainText('Hospitalist');
  await screenshotBoth(page, 'admin-resume-approval');
  await expectReachableOnPhone(page, row.getByRole('button', { name: `Approve Rosalind ${lastName}` }));
  await expectReachableOnPhone(page, page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Import' }));

  await row.getByRole('button', { name: `Approve Rosalind ${lastName}` }).click();
  await expect(page.getByText('Resume Approved')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect.poll(() => tabCount(page, 'Pending')).toBe(pendingBefore);
  await expect.poll(() => tabCount(page, 'Approved')).toBe(approvedBefore + 1);

  await page.getByRole('tab', { name: /^Approved/ }).click();
  const approvedRow = page.getByRole('table', { name: 'Approved submissions' }).getByRole('row').filter({ hasText: lastName });
  await expect(approvedRow).toContainText('by admin@example.com');
  await expect(page.getByRole('columnheader', { name: 'Approved At' })).toBeVisible();

  await page.goto(`/search?query=${lastName}`);
  const card = page.getByRole('list', { name: 'Physicians' }).getByRole('article').filter({ hasText: lastName });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Rosalind');
  await expect(card).toContainText('Portland, OR');
});

test('the dashboard shows pending submissions, the numbers and the chart', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Pending Submissions \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Exports and reveals per day over the last 30 days/ })).toBeVisible();
  await expect(page.getByText('Monthly recurring revenue')).toBeVisible();

  // Nothing selected: the spec's toast.
  await page.getByRole('button', { name: 'Approve Selected' }).click();
  await expect(page.getByText('Please select at least one profile to perform this action.')).toBeVisible();
  await screenshotBoth(page, 'admin-dashboard');
});

test('a refund request is listed on the dashboard and marked refunded, and the customer sees it', async ({ page, browser }) => {
  // A customer buys the Monthly plan (demo provider) and asks for a refund, through the API.
  const email = `e2e-refund-${Date.now().toString(36)}@example.com`;
  const password = 'refund-password-1';
  const customerContext = await browser.newContext();
  try {
    const customer = customerContext.request;
    await createFreeAccount(customer, email, password);
    expect((await customer.post('/api/auth/login', { headers: CSRF, data: { email, password } })).ok()).toBe(true);
    const checkout = await customer.post('/api/billing/checkout', { headers: CSRF, data: { priceId: 'price_monthly' } });
    const sessionId = /cs_demo_[^/?]+/.exec(((await checkout.json()) as { url: string }).url)?.[0];
    const pay = await customer.post(`/api/billing/demo/checkout/${sessionId}/pay`, {
      headers: CSRF,
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Rita Refund' },
    });
    expect(pay.ok()).toBe(true);
    const refund = await customer.post('/api/billing/refund-request', { headers: CSRF, data: { reason: 'Not the specialties I need' } });
    expect(refund.status()).toBe(200);

    await signIn(page, 'admin@example.com');
    await page.goto('/admin-dashboard');
    const table = page.getByRole('table', { name: 'Refund requests' });
    const row = table.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Open');
    await expect(row).toContainText('Monthly Plan');
    await expect(row).toContainText('Not the specialties I need');
    await expect(page.getByRole('heading', { name: /^Refund Requests \(\d+ open\)$/ })).toBeVisible();
    await screenshotBoth(page, 'admin-dashboard-refunds');
    const markRefunded = row.getByRole('button', { name: `Mark the refund for ${email} refunded` });
    await expectReachableOnPhone(page, markRefunded);

    await markRefunded.click();
    const dialog = page.getByRole('alertdialog', { name: 'Mark this request refunded?' });
    await dialog.getByRole('button', { name: 'Mark refunded' }).click();
    await expect(page.getByText(`Marked refunded; ${email} was emailed.`)).toBeVisible();
    await expect(row.getByText('Refunded', { exact: true }).filter({ visible: true })).toHaveCount(1);
    await expect(row).toContainText('by admin@example.com');
    await expect(row.getByRole('button')).toHaveCount(0);

    const state = (await (await customer.get('/api/billing/subscription')).json()) as { refund: { status: string } };
    expect(state.refund.status).toBe('refunded');
  } finally {
    await customerContext.close();
  }
});

test('an admin uploads an NPPES file on /admin/import and sees the progress and the summary', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.goto('/admin-dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Import' }).click();
  await expect(page).toHaveURL(/\/admin\/import$/);
  await expect(page.getByRole('heading', { name: 'Import Physician Data' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Uploaded imports' })).toContainText('No uploads yet');

  // Nothing chosen: the form says so.
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a file to import.' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Import a file' });
  await form.getByRole('radio', { name: /^NPPES/ }).check();
  await form.getByLabel('File', { exact: true }).setInputFiles({
    name: 'npidata_pfile_20050523-20261109.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(sampleNppesFile()),
  });
  await page.getByRole('button', { name: 'Start import' }).click();

  const result = page.getByRole('region', { name: /npidata_pfile_20050523-20261109\.csv/ });
  // The sample's malformed line 7: a partial import never reads as a whole one.
  await expect(result.getByText('Finished with 1 line skipped', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(result.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  const summary = result.getByRole('table', { name: 'Import summary' });
  const value = (label: string) => summary.getByRole('row').filter({ hasText: label }).getByRole('cell').last();
  await expect(value('Rows read')).toHaveText('8');
  await expect(value('Skipped: organisation')).toHaveText('1');
  await expect(value('Skipped: not a physician')).toHaveText('1');
  await expect(value('Skipped: deactivated')).toHaveText('1');
  await expect(value('Skipped: malformed')).toHaveText('1');
  await expect(result.getByText('Line 7: expected 330 fields, found 3')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Uploaded imports' }).getByRole('row').filter({ hasText: 'npidata_pfile_20050523-20261109.csv' })).toContainText('Finished with 1 line skipped');
  await screenshotBoth(page, 'admin-import');
  await expectReachableOnPhone(page, page.getByRole('table', { name: 'Uploaded imports' }).getByRole('cell').last());
});

test('/users lists the demo accounts with their badges, and the stat cards match the table', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Users' });
  const rowOf = (email: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name: email, exact: true }) });

  await expect(rowOf('premium@example.com')).toContainText('Annual Plan');
  await expect(rowOf('basic@example.com')).toContainText('Monthly Plan');
  await expect(rowOf('free@example.com')).toContainText('Free');
  await expect(rowOf('admin@example.com')).toContainText('Admin');
  await expect(rowOf('admin@example.com')).toContainText('Free');
  // Never signed in.
  await expect(rowOf('free@example.com')).toContainText('Never');

  // The cards come from one query, the table from another: they must agree.
  const footer = page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ users$/ });
  await expect(footer).toBeVisible();
  const [, shown, total] = /Showing (\d+) of (\d+) users/.exec((await footer.textContent()) ?? '') ?? [];
  expect(Number(shown)).toBe(Number(total)); // one page holds every account of the test server
  await expect(statCard(page, 'Total Users')).toBeVisible();
  expect(await statValue(page, 'Total Users')).toBe(Number(total));
  // The narrow-screen copy of each badge is hidden at this width: count what is shown.
  const activeBadges = await table.getByText(/^(Monthly|Annual) Plan$/).filter({ visible: true }).count();
  expect(await statValue(page, 'Active Subscriptions')).toBe(activeBadges);
  const exported = await table.getByRole('row').evaluateAll((rows) =>
    rows.slice(1).reduce((sum, row) => sum + Number(row.lastElementChild?.textContent?.replaceAll(',', '') || 0), 0),
  );
  expect(await statValue(page, 'Total Exports')).toBe(exported);

  // Server-side search.
  await page.getByRole('searchbox', { name: 'Search users by email' }).fill('premium@');
  await expect(page).toHaveURL(/query=premium%40/);
  await expect(footer).toHaveText('Showing 1 of 1 users');
  await page.getByRole('searchbox', { name: 'Search users by email' }).fill('nobody-matches-this');
  await expect(table.getByText('No users found')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users by email' }).fill('');
  await expect(rowOf('basic@example.com')).toBeVisible();
  await screenshotBoth(page, 'admin-users');
  await expectReachableOnPhone(page, rowOf('basic@example.com').getByRole('cell').last());

  // A click anywhere on a row opens the user (here: on its Exported Contacts cell, which the
  // row's link covers: Playwright's own click would refuse a covered target).
  const cell = (await rowOf('free@example.com').getByRole('cell').last().boundingBox())!;
  await page.mouse.click(cell.x + cell.width / 2, cell.y + cell.height / 2);
  await expect(page.getByRole('heading', { name: 'free@example.com' })).toBeVisible();
  await page.goBack();
  // Enter on the row's (one) tab stop opens it too.
  await rowOf('basic@example.com').getByRole('link', { name: 'basic@example.com', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'basic@example.com' })).toBeVisible();
  await expect(page.getByText('Monthly Plan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Grant admin' })).toBeVisible();
  await screenshotBoth(page, 'admin-user-detail');
});

test('non-admins are kept out of the admin screens as the spec says', async ({ page }) => {
  await signIn(page, 'basic@example.com');
  await page.goto('/resume-approval');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();

  await page.goto('/users');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { name: 'Access Denied. Redirecting...' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('the audit log names its actions in words, the code kept as a hint', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.goto('/admin/audit');
  const filter = page.getByLabel('Action');
  await expect(filter.locator('option', { hasText: 'Sign-in failed' })).toHaveCount(1);
  await expect(filter.locator('option', { hasText: 'auth.sign_in_failed' })).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Audit events' });
  await expect(table.getByRole('cell', { name: 'Signed in', exact: true }).first()).toBeVisible();
  await expect(table.getByText('auth.sign_in', { exact: true })).toHaveCount(0);
});
