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
  expect(mails.length).toBeGreaterThanOrEqual(1);
  expect(mails[0].text).toMatch(/Dear Dr\. \S+, a Cardiology role paying \$450k-\$520k\./);
  expect(mails[0].text).toContain('wrote to you through PhysicianDirect');
  const link = /Unsubscribe from recruiter emails: (\S+)/.exec(mails[0].text)![1];

  // The recipient, signed out, in a browser of their own.
  const recipient = await page.context().browser()!.newContext();
  const inbox = await recipient.newPage();
  await inbox.goto(link);
  await expect(inbox.getByRole('heading', { name: 'Unsubscribe from recruiter emails' })).toBeVisible();
  await screenshotBoth(inbox, 'outreach-unsubscribe');
  await inbox.getByRole('button', { name: 'Stop all recruiter emails' }).click();
  await expect(inbox.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
  await expect(inbox.getByRole('status')).toContainText('will get no more recruiter emails through PhysicianDirect, from anyone');
  await recipient.close();

  await page.goto('/account?tab=outreach');
  const sent = page.getByRole('list', { name: 'Emails sent' }).getByRole('listitem').filter({ hasText: subject });
  await expect(sent).toContainText(/\d+ waiting|\d+ sent/);
  await screenshotBoth(page, 'outreach-campaigns');
  // The same list again: the one who unsubscribed is skipped, and the check says so.
  await page.goto(`/lists/${listId}`);
  await page.getByRole('button', { name: 'Email list' }).click();
  await expect(page.getByRole('dialog', { name: 'Email physicians' }).getByRole('status')).toContainText(/[0-2] of 3 will receive it\./);
});
