import { confirmResume, CSRF, expect, screenshotBoth, signIn, test } from './fixtures';

/*
 * New-match alerts (docs/rules.md#alerts): a recruiter turns on a daily alert for a saved search; an operator
 * approves a matching resume; the alert run queues a digest whose link opens the search showing
 * the new physician; the digest's unsubscribe link turns the alert off.
 */

test('an alert, an approval, the digest, its link and its unsubscribe', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const lastName = `Alertson${tag}`;
  const searchName = `Bend internists ${tag}`;
  await signIn(page, 'premium@example.com');

  // The saved search (the save dialog is covered by the lists spec), then its alert in the Notifications tab.
  const saved = await page.request.post('/api/saved-searches', {
    headers: CSRF,
    data: { name: searchName, params: { specialty: 'Internal Medicine', city: 'Bend' } },
  });
  expect(saved.status()).toBe(201);
  await page.goto('/account?tab=notifications');
  await expect(page.getByRole('heading', { name: 'Saved search alerts' })).toBeVisible();
  const alertSelect = page.getByRole('combobox', { name: searchName });
  await expect(alertSelect).toHaveText('Off');
  await alertSelect.click();
  await page.getByRole('option', { name: 'Daily' }).click();
  await expect(page.getByText(`You'll get a daily email when new physicians match "${searchName}".`)).toBeVisible();
  await expect(alertSelect).toHaveText('Daily');
  await screenshotBoth(page, 'alerts-notifications-tab');

  // A physician submits a matching resume; an operator approves it.
  const submitted = await page.request.post('/api/submissions', {
    headers: CSRF,
    data: {
      firstName: 'Imogen',
      middleName: '',
      lastName,
      title: 'Hospitalist',
      companyName: 'High Desert Health',
      specialty: 'Internal Medicine',
      otherSpecialty: '',
      email: `${lastName.toLowerCase()}@example.com`,
      phone: '(541) 555-0188',
      location: 'Bend, OR',
      linkedinUrl: '',
      education: [],
      skills: [],
    },
  });
  expect(submitted.status()).toBe(201);
  await confirmResume(page.request, `${lastName.toLowerCase()}@example.com`);
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin@example.com');
    await admin.goto('/resume-approval');
    const row = admin.getByRole('table', { name: 'Pending submissions' }).getByRole('row').filter({ hasText: lastName });
    await row.getByRole('button', { name: `Approve Imogen ${lastName}` }).click();
    await expect(admin.getByText('Resume Approved')).toBeVisible();
  } finally {
    await adminContext.close();
  }

  // The maintenance pass runs alerts every 10 minutes; the development tool runs it as of tomorrow.
  const run = await page.request.post('/api/dev/alert-runs', { headers: CSRF, data: { daysAhead: 1 } });
  expect(run.status()).toBe(200);
  expect((await run.json()).digests).toBeGreaterThanOrEqual(1);
  const mailbox = await (await page.request.get('/api/dev/mailbox')).json();
  const digest = mailbox.messages.find((m: { to: string; subject: string }) => m.to === 'premium@example.com' && m.subject.includes(searchName));
  expect(digest.subject).toBe(`1 new physician matches "${searchName}"`);
  expect(digest.text).toContain(`Imogen ${lastName}: Internal Medicine, Bend, OR`);

  // The digest's link: the saved search, only what is new since the alert's window began.
  const link = /See the 1 new match: (\S+)/.exec(digest.text)![1];
  await page.goto(link);
  const results = page.getByRole('list', { name: 'Physicians' }).getByRole('article');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText(`Imogen ${lastName}`);
  await expect(page.getByText(/New since/)).toBeVisible();
  await screenshotBoth(page, 'alerts-digest-link');

  // One click on the unsubscribe link (no sign-in needed) turns the alert off.
  const unsubscribe = /Unsubscribe with one click: (\S+)/.exec(digest.text)![1];
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(unsubscribe);
    await expect(visitor.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
    await expect(visitor.getByText(`"${searchName}"`)).toBeVisible();
    await screenshotBoth(visitor, 'alerts-unsubscribed');
  } finally {
    await visitorContext.close();
  }
  await page.goto('/account?tab=notifications');
  await expect(page.getByRole('combobox', { name: searchName })).toHaveText('Off');
});
