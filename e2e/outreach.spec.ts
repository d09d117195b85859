import { CSRF, expect, screenshotBoth, signIn, test } from './fixtures';

/*
 * Outreach (ADR 066), first part: an Annual recruiter emails a list (who will receive it is said
 * before sending; the message previewed with a recipient's merge fields), a recipient opens the
 * email's unsubscribe link and stops every recruiter's email, and the recruiter's Outreach tab says
 * what became of the email. The shared server has no SMTP: mail lands in the development mailbox.
 */

test('email a list, unsubscribe from the email, see the outcome', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'premium@example.com');
  // Three physicians whose email was checked valid.
  const found = await page.request.get('/api/physicians?verifiedWithinMonths=12&specialty=Cardiology');
  const physicians = ((await found.json()) as { results: Array<{ id: number; lastName: string }> }).results.slice(0, 3);
  expect(physicians).toHaveLength(3);
  const subject = `Cardiology opening ${Date.now()}`;
  const created = await page.request.post('/api/lists', { headers: CSRF, data: { name: `Outreach ${Date.now()}`, physicianIds: physicians.map((p) => p.id) } });
  expect(created.status()).toBe(201);
  const listId = ((await created.json()) as { list: { id: string } }).list.id;

  await page.goto(`/lists/${listId}`);
  await page.getByRole('button', { name: 'Email list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email physicians' });
  await expect(dialog.getByRole('status')).toContainText(/\d of 3 will receive it\./);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Enter a subject.')).toBeVisible();
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('Dear Dr. ');
  await dialog.getByRole('group', { name: 'Insert a merge field' }).getByRole('button', { name: 'Last name' }).click();
  await dialog.getByLabel('Message').press('End');
  await dialog.getByLabel('Message').pressSequentially(', a {{specialty}} role paying {{payRange}}.');
  await dialog.getByLabel('Pay range (optional)').fill('$450k-$520k');
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(/Dear Dr\. \S+, a Cardiology role paying \$450k-\$520k\./);
  await screenshotBoth(page, 'outreach-compose');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email sent')).toBeVisible();

  const mailbox = (await (await page.request.get('/api/dev/mailbox')).json()) as { messages: Array<{ to: string; subject: string; text: string }> };
  const mails = mailbox.messages.filter((m) => m.subject === subject);
  expect(mails[0].text).toMatch(/Dear Dr\. \S+, a Cardiology role paying \$450k-\$520k\./);
  expect(mails[0].text).toContain('wrote to you through PhysicianDirect');
  expect(mails.length).toBe(3);
  const preferencesLink = /Choose how often recruiters may write to you: (\S+)/.exec(mails[0].text)![1];
  const unsubscribeLink = /Unsubscribe from recruiter emails: (\S+)/.exec(mails[1].text)![1];

  // The mail worker sends within a second or two; then the message counts as who contacted them.
  const preferencesApi = preferencesLink.replace('/my-preferences', '/api/outreach/preferences');
  await expect
    .poll(async () => ((await (await page.request.get(preferencesApi)).json()) as { contactedBy: unknown[] }).contactedBy.length, { timeout: 20_000 })
    .toBe(1);

  // One recipient, signed out in a browser of their own, opens the preference centre from the message.
  const recipient = await page.context().browser()!.newContext();
  const inbox = await recipient.newPage();
  await inbox.goto(preferencesLink);
  await expect(inbox.getByRole('heading', { name: 'Your recruiter email preferences' })).toBeVisible();
  const name = /For (.+?)\. Recruiters/.exec((await inbox.getByText(/^For .+\. Recruiters/).textContent()) ?? '')![1];
  await inbox.getByRole('radio', { name: 'Open to offers' }).check();
  await inbox.getByRole('radio', { name: '1', exact: true }).check();
  await expect(inbox.getByRole('region', { name: 'Who contacted you through PhysicianDirect' }).getByRole('listitem')).toHaveCount(1);
  await screenshotBoth(inbox, 'outreach-preferences');
  await inbox.getByRole('button', { name: 'Save preferences' }).click();
  await expect(inbox.getByText('Preferences saved')).toBeVisible();

  // Another unsubscribes from every recruiter.
  await inbox.goto(unsubscribeLink);
  await expect(inbox.getByRole('heading', { name: 'Unsubscribe from recruiter emails' })).toBeVisible();
  await screenshotBoth(inbox, 'outreach-unsubscribe');
  await inbox.getByRole('button', { name: 'Stop all recruiter emails' }).click();
  await expect(inbox.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
  await expect(inbox.getByRole('status')).toContainText('will get no more recruiter emails through PhysicianDirect, from anyone');
  await recipient.close();

  // The recruiter sees the badge on the first one's profile.
  const chosen = physicians.find((p) => name.endsWith(p.lastName))!;
  await page.goto(`/physician/${chosen.id}`);
  await expect(page.getByText('Open to offers')).toBeVisible();
  await screenshotBoth(page, 'outreach-profile-badge');

  await page.goto('/account?tab=outreach');
  const sent = page.getByRole('list', { name: 'Emails sent' }).getByRole('listitem').filter({ hasText: subject });
  await expect(sent).toContainText(/\d+ waiting|\d+ sent/);
  await screenshotBoth(page, 'outreach-campaigns');
  await page.goto(`/lists/${listId}`);
  await page.getByRole('button', { name: 'Email list' }).click();
  // The same list again: the one at their own limit (1 a month) and the one who unsubscribed are skipped.
  await expect(page.getByRole('dialog', { name: 'Email physicians' }).getByRole('status')).toContainText(
    /^1 of 3 will receive it\. 1 of 3 have reached their contact limit until [A-Z][a-z]{2} \d{1,2}, \d{4}\./,
  );
  await screenshotBoth(page, 'outreach-limit');

  // The operators see the sender with its rates, and can stop it (and let it send again).
  const operator = await page.context().browser()!.newContext();
  const adminPage = await operator.newPage();
  await signIn(adminPage, 'admin@example.com');
  await adminPage.goto('/admin-dashboard');
  const senders = adminPage.getByRole('region', { name: 'Outreach senders (last 30 days)' });
  const row = senders.getByRole('row').filter({ hasText: 'premium' }).first();
  await expect(row).toContainText(/\d+ \(\d+\.\d %\)/);
  await row.getByRole('button', { name: /^Suspend / }).click();
  await expect(row.getByText('Suspended')).toBeVisible();
  await senders.scrollIntoViewIfNeeded();
  await screenshotBoth(adminPage, 'outreach-senders');
  await row.getByRole('button', { name: /^Restore / }).click();
  await expect(row.getByText('Suspended')).toHaveCount(0);
  await operator.close();
});
