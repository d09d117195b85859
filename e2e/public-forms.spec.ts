import type { APIRequestContext } from '@playwright/test';
import { generatePhysicians } from '../server/db/seed/generator';
import { pickOption, resumeConfirmationPath, test, expect, screenshotBoth, signIn } from './fixtures';

/*
 * Public forms (docs/rules.md#contact-form, #resumes, #removal): contact, resume submission, data
 * removal. The e2e server has no SMTP_URL, so mail lands in the outbox and is read back through
 * GET /api/dev/mailbox.
 */

type OutboxMessage = { to: string; subject: string; text: string; createdAt: string };

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e-${label}-${Date.now()}-${counter}@example.com`;
}

/** The newest message to `to` whose subject matches, waiting (by polling the outbox) until it is there. */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mailbox');
        if (!response.ok()) return false;
        const { messages } = (await response.json()) as { messages: OutboxMessage[] };
        found = messages.find((m) => m.to === to && subject.test(m.subject));
        return Boolean(found);
      },
      { message: `a mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

/**
 * A physician of the e2e server's demo directory (2,000 generated records, deterministic), chosen
 * late in the id range and with a last name nobody else has, so searching the name finds only them.
 */
function removablePhysician() {
  const all = [...generatePhysicians({ count: 2000 })];
  const lastNames = new Map<string, number>();
  for (const p of all) lastNames.set(p.lastName, (lastNames.get(p.lastName) ?? 0) + 1);
  const pick = all.find((p) => p.id > 1900 && p.personalEmail && lastNames.get(p.lastName) === 1);
  if (!pick?.personalEmail) throw new Error('no removable physician in the demo directory');
  return { id: pick.id, name: `${pick.firstName} ${pick.lastName}`, lastName: pick.lastName, email: pick.personalEmail };
}

test('contact form: a validation error, then the message is sent, the form cleared, and admins read it', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  await screenshotBoth(page, 'contact');

  const form = page.getByRole('form', { name: 'Contact Us' });
  await form.getByLabel('Name').fill('R');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Subject').fill('Hi');
  await form.getByLabel('Message').fill('Short');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Name must be at least 2 characters.')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(form.getByText('Subject must be at least 5 characters.')).toBeVisible();
  await expect(form.getByText('Message must be at least 10 characters.')).toBeVisible();
  await expect(form.getByLabel('Name'), 'the first invalid field gets focus').toBeFocused();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await screenshotBoth(page, 'contact-errors');

  const email = uniqueEmail('contact');
  await form.getByLabel('Name').fill('Rita Recruiter');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Subject').fill('Team accounts');
  await form.getByLabel('Message').fill('Do you offer a plan for five recruiters?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  // The toast, and a confirmation that stays in the form while its fields clear.
  await expect(page.locator('[data-sonner-toast]').getByText('Message sent!')).toBeVisible();
  const confirmation = form.getByRole('status');
  await expect(confirmation).toContainText("Message sent! We'll get back to you as soon as possible.");
  await expect(confirmation).toContainText(email);
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(form.getByText('Name must be at least 2 characters.')).toHaveCount(0);

  // The e2e server has no ADMIN_EMAILS, so no copy is mailed; the message is in the admins' inbox.
  await signIn(page, 'admin@example.com');
  await page.goto('/admin/messages');
  await expect(page.getByRole('heading', { name: 'Contact Messages', level: 1 })).toBeVisible();
  const newest = page.getByRole('list', { name: 'Contact messages' }).getByRole('listitem').first();
  await expect(newest).toContainText('Team accounts');
  await expect(newest).toContainText(email);
  await expect(newest).toContainText('Do you offer a plan for five recruiters?');
  await screenshotBoth(page, 'admin-messages');
});

test('resume: Other specialty, two education entries and three skills -> /success and a receipt', async ({ page, request }) => {
  await page.goto('/submit-resume');
  await expect(page.getByRole('heading', { name: 'Submit Your Resume', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Submit Your Resume' });
  const specialty = form.getByRole('combobox', { name: 'Specialty' });
  await expect(specialty).toBeEnabled({ timeout: 30_000 }); // specialties loaded
  await screenshotBoth(page, 'submit-resume');

  // Every required field's message on an empty submit; focus on the first.
  await form.getByRole('button', { name: 'Submit Resume' }).click();
  for (const message of [
    'First name is required.',
    'Last name is required.',
    'Physician title is required.',
    'Company name is required.',
    'Specialty is required.',
    'Please enter a valid email address.',
    'Please enter a valid phone number.',
    'Location is required.',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel('First Name')).toBeFocused();
  await screenshotBoth(page, 'submit-resume-errors');

  const email = uniqueEmail('resume');
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Middle Name').fill('Byron');
  await form.getByLabel('Last Name').fill('Lovelace');
  await form.getByLabel('Physician Title').fill('Attending Physician');
  await form.getByLabel('Company Name').fill('Analytical Health');
  await expect(form.getByLabel('Other Specialty')).toHaveCount(0);
  await pickOption(page, 'Specialty', 'Other');
  await form.getByLabel('Other Specialty').fill('Sleep Medicine');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('(555) 010-4477');
  await form.getByLabel('Location').fill('Boston, MA');
  const linkedin = form.getByLabel('LinkedIn URL');
  await linkedin.fill('linkedin.com/in/ada');
  await linkedin.blur();
  await expect(linkedin).toHaveValue('https://linkedin.com/in/ada');

  // Education: added only with both parts, removed one at a time.
  const addEducation = form.getByRole('button', { name: 'Add Education' });
  await form.getByLabel('School Name').fill('Harvard Medical School');
  await expect(addEducation).toBeDisabled();
  await form.getByLabel('Degree').fill('MD');
  await addEducation.click();
  await form.getByLabel('School Name').fill('Old College');
  await form.getByLabel('Degree').fill('BA');
  await addEducation.click();
  await form.getByLabel('School Name').fill('MIT');
  await form.getByLabel('Degree').fill('BS');
  await form.getByLabel('Degree').press('Enter'); // adds the entry, does not submit the form
  const education = form.getByRole('list', { name: 'Education entries' }).getByRole('listitem');
  await expect(education).toHaveCount(3);
  await form.getByRole('button', { name: 'Remove education Old College, BA' }).click();
  await expect(education).toHaveCount(2);

  // Skills: trimmed, no duplicates, removed one at a time.
  const skill = form.getByLabel('Skill', { exact: true });
  for (const value of ['Sleep studies', ' Research ', 'Teaching', 'Polysomnography']) {
    await skill.fill(value);
    await skill.press('Enter');
  }
  await skill.fill('Research');
  await expect(form.getByRole('button', { name: 'Add Skill' })).toBeDisabled();
  await skill.fill('');
  await form.getByRole('button', { name: 'Remove skill Teaching' }).click();
  const skills = form.getByRole('list', { name: 'Skills' }).getByRole('listitem');
  await expect(skills).toHaveText(['Sleep studies', 'Research', 'Polysomnography']);
  await screenshotBoth(page, 'submit-resume-filled');

  await form.getByRole('button', { name: 'Submit Resume' }).click();
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByText('Resume submitted successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you for your submission!' })).toBeVisible();
  await expect(page.getByText(/follow the link we sent to confirm your submission/).first()).toBeVisible();
  await expect(page.getByText(/reviews your resume within a few days/)).toBeVisible();
  await screenshotBoth(page, 'submission-success');

  // The only mail before confirmation is the link; the receipt follows it.
  const confirmation = await mailTo(request, email, /Confirm your resume submission/);
  expect(confirmation.text).not.toContain('Ada');
  await page.goto(await resumeConfirmationPath(request, email));
  await expect(page.getByRole('heading', { name: 'Submission confirmed' })).toBeVisible();
  await screenshotBoth(page, 'confirm-resume-success');
  const receipt = await mailTo(request, email, /We received your resume/);
  expect(receipt.text).toContain('Dear Ada');
});

test('removal: request, link from the outbox, removed, gone from search', async ({ page, request }) => {
  const physician = removablePhysician();

  await page.goto(`/search?query=${encodeURIComponent(physician.lastName)}`);
  // The first search of a fresh server can take a while on a busy machine.
  await expect(page.getByRole('heading', { name: new RegExp(physician.name) }).first()).toBeVisible({ timeout: 30_000 });

  // No token: the spec's error at once.
  await page.goto('/confirm-removal');
  await expect(page.getByRole('heading', { name: 'Error Processing Request' })).toBeVisible();
  await expect(page.getByText('No confirmation token provided. Please check your email link and try again.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/remove-info');

  await page.goto('/remove-info');
  const form = page.getByRole('form', { name: 'Remove Your Information' });
  await screenshotBoth(page, 'remove-info');
  await form.getByLabel('Email').fill('nope');
  await form.getByRole('button', { name: 'Send Verification Email' }).click();
  await expect(form.getByText('Please enter a valid email address.')).toBeVisible();

  await form.getByLabel('Email').fill(physician.email.toUpperCase());
  await form.getByRole('button', { name: 'Send Verification Email' }).click();
  await expect(page.getByRole('heading', { name: 'Verification Email Sent' })).toBeVisible();
  await expect(page.getByText(/check your spam/)).toBeVisible();
  await screenshotBoth(page, 'remove-info-sent');

  const mail = await mailTo(request, physician.email, /Confirm the removal/);
  const link = /https?:\/\/\S+\/confirm-removal\?token=\S+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Information Successfully Removed' })).toBeVisible();
  await expect(page.getByText('Your information has been successfully removed from our database.')).toBeVisible();
  await screenshotBoth(page, 'confirm-removal-success');

  await page.getByRole('link', { name: 'Return to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);

  const api = await request.get(`/api/physicians?query=${encodeURIComponent(physician.lastName)}`);
  expect(await api.json()).toMatchObject({ total: 0, results: [] });
  await page.goto(`/search?query=${encodeURIComponent(physician.lastName)}`);
  await expect(page.getByText('No physicians found matching your criteria.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: new RegExp(physician.name) })).toHaveCount(0);
});
