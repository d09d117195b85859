import { compose, userText, type Email } from '../../lib/mail-layout';

/** Sent when an operator approves a resume: the profile is now in the directory. */
export function profileLiveEmail(input: { firstName: string; profileUrl: string }): Email {
  return compose('Your PhysicianDirect profile is live', {
    paragraphs: [
      ['Hello ', userText(input.firstName), ','],
      'Thank you for submitting your resume. We have reviewed it and your profile is now live in the PhysicianDirect directory, where healthcare recruiters can find you.',
    ],
    action: { label: 'View your profile', url: input.profileUrl },
    after: [
      'If anything is wrong, or you would like your information removed, reply to this email or use the Remove My Information page on our site.',
    ],
  });
}
