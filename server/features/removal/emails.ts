import { REMOVAL_TOKEN_TTL_HOURS } from '../../../contract/removal';
import { compose, type Email } from '../../lib/mail-layout';

/** The confirmation link of a removal request (sent only to an address the directory holds). */
export function removalConfirmationEmail(link: string): Email {
  return compose('Confirm the removal of your information from PhysicianDirect', {
    paragraphs: [
      'We received a request to remove the information about you held under this email address from the PhysicianDirect directory.',
      'Confirm it to delete every directory record with this address, together with any resume you submitted. We will also make sure future updates do not add it again.',
    ],
    action: { label: 'Confirm removal', url: link },
    after: [
      `This link expires in ${REMOVAL_TOKEN_TTL_HOURS} hours and works once. If you did not ask for this, ignore this email: nothing will be removed.`,
    ],
  });
}
