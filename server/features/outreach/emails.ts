import { PREFERENCES_LINK_TTL_HOURS } from '../../../contract/outreach';
import { compose, type Email } from '../../lib/mail-layout';

/** The single-use link to the preference centre a physician asked for (sent only to an address the directory holds; ADR 066). */
export function preferencesLinkEmail(link: string): Email {
  return compose('Your recruiter email preferences at PhysicianDirect', {
    paragraphs: [
      'You asked for a link to your recruiter email preferences at PhysicianDirect: whether you are looking for a new position, how many recruiter emails a month you accept, and who wrote to you.',
    ],
    action: { label: 'Open my preferences', url: link },
    after: [`This link works once, within ${PREFERENCES_LINK_TTL_HOURS} hours. If you did not ask for it, ignore this email: nothing changes.`],
  });
}
