import { INVITATION_DAYS, type InvitableRole } from '../../../contract/team';
import { compose, userText, type Email } from '../../lib/mail-layout';

const BRAND = 'PhysicianDirect';

/** The invitation: who invites, to which team, as what; the single-use link and when it stops working. */
export function invitationEmail(input: { link: string; teamName: string; inviterName: string | null; role: InvitableRole }): Email {
  const inviter = userText(input.inviterName ?? 'A teammate', { max: 100 });
  const team = userText(input.teamName, { max: 80 });
  return compose(['Join ', team, ` on ${BRAND}`], {
    paragraphs: [
      [inviter, ' invited you to join ', team, ` on ${BRAND} as ${input.role === 'admin' ? 'an admin' : 'a member'}: search the physician directory, reveal verified contacts and share lists with your team, on the team's plan.`],
      'Sign in with this email address (or create an account with it) to accept.',
    ],
    action: { label: 'Accept the invitation', url: input.link },
    after: [`This link works once and expires in ${INVITATION_DAYS} days. If you did not expect it, you can ignore this email.`],
  });
}
