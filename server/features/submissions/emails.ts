import { compose, type Email } from '../auth/emails';

/** The receipt a physician gets for a resume submission. */
export function submissionReceiptEmail(input: { firstName: string; appUrl: string }): Email {
  return compose('We received your resume', {
    paragraphs: [
      `Dear ${input.firstName},`,
      'Thank you for submitting your resume to PhysicianDirect. Our team reviews each submission within a few days.',
      'We will email you when your profile is approved and listed in the directory.',
    ],
    after: [
      'If you submit again with this email address before then, your new submission replaces this one.',
      `If you did not submit a resume, you can ignore this email, or ask for any information about you to be removed: ${input.appUrl}/remove-info`,
    ],
  });
}
