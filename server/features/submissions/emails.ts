import { SUBMISSION_CONFIRM_TTL_DAYS } from '../../../contract/submissions';
import { compose, userText, type Email } from '../../lib/mail-layout';

/**
 * The first and only mail to an address nobody has proven yet: a confirmation link, carrying no
 * text the submitter typed (the form could otherwise make our mail say anything to anyone).
 */
export function submissionConfirmationEmail(input: { link: string; appUrl: string }): Email {
  return compose('Confirm your resume submission to PhysicianDirect', {
    paragraphs: [
      'A resume was submitted to PhysicianDirect with this email address.',
      'Confirm that it was you, and our team will review it. Until you confirm, nobody at PhysicianDirect sees it.',
    ],
    action: { label: 'Confirm my submission', url: input.link },
    after: [
      `This link expires in ${SUBMISSION_CONFIRM_TTL_DAYS} days and works once; an unconfirmed submission is then deleted.`,
      `If you did not submit a resume, ignore this email, or ask for any information about you to be removed: ${input.appUrl}/remove-info`,
    ],
  });
}

/** The receipt, sent once the address is confirmed. */
export function submissionReceiptEmail(input: { firstName: string; appUrl: string }): Email {
  return compose('We received your resume', {
    paragraphs: [
      ['Dear ', userText(input.firstName), ','],
      'Thank you for submitting your resume to PhysicianDirect. Our team reviews each submission within a few days.',
      'We will email you when your profile is approved and listed in the directory.',
    ],
    after: [
      'If you submit again with this email address before then, your new submission replaces this one.',
      `If you did not submit a resume, you can ignore this email, or ask for any information about you to be removed: ${input.appUrl}/remove-info`,
    ],
  });
}
