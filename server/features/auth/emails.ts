import { isStartTrialPath } from '../../../contract/local-path';
import { compose, type Email } from '../../lib/mail-layout';

const BRAND = 'PhysicianDirect';

/**
 * The verification link, at sign-up and when asked for again (`resent`). It only confirms the
 * address: the password stays the one chosen at sign-up (ADR 028). Signed up from Start Free
 * Trial (`returnTo` '/start-trial'), it says the trial's checkout opens after signing in.
 */
export function verificationEmail(
  link: string,
  { resent = false, returnTo = null }: { resent?: boolean; returnTo?: string | null } = {},
): Email {
  return compose(`Verify your email address for ${BRAND}`, {
    paragraphs: [
      resent
        ? `Here is a new link to confirm this email address for your ${BRAND} account. Opening it only verifies the address: your password stays the one you chose when you signed up.`
        : `Welcome to ${BRAND}. Please confirm that this is your email address to finish creating your account.`,
      ...(isStartTrialPath(returnTo)
        ? ['Then log in with your password: your 7-day free trial of the Monthly plan starts at checkout.']
        : []),
    ],
    action: { label: 'Verify email address', url: link },
    after: [
      'This link expires in 24 hours and works once. If you did not sign up, you can ignore this email.',
    ],
  });
}

/**
 * Sent instead of a verification link when someone signs up with an address that already has an
 * account (verified or not): the sign-up form answers the same either way, and nothing about the
 * account changes. The reset link is the owner's way in; for an unverified account it also
 * confirms the address (docs/decisions/028-sign-up-and-device-cookies.md).
 */
export function accountExistsEmail(
  links: { login: string },
  resetLink: string,
  { verified }: { verified: boolean },
): Email {
  return compose(`Someone tried to create a ${BRAND} account with your email`, {
    paragraphs: [
      `Someone, maybe you, tried to create a ${BRAND} account with this email address. There already is an account for it, so nothing was created and its password was not changed.`,
      ...(verified
        ? [`If it was you, sign in: ${links.login}`, 'Forgot your password? Choose a new one with the button below.']
        : [
            // Often the owner signing up twice: they may keep the password they just chose.
            'The account has not been verified yet. If it was you, confirm this address with the button below and enter your password there (the one you just chose is fine). Earlier verification links for it no longer work.',
          ]),
    ],
    action: verified
      ? { label: 'Choose a new password', url: resetLink }
      : { label: 'Confirm your email address', url: `${resetLink}&confirm=1` },
    after: [
      'This link expires in 1 hour and works once. If it was not you, ignore this email: your account has not been changed.',
    ],
  });
}

export function passwordResetEmail(link: string): Email {
  return compose(`Reset your ${BRAND} password`, {
    paragraphs: ['We received a request to reset the password of your account.'],
    action: { label: 'Reset password', url: link },
    after: [
      'This link expires in 1 hour and works once. If you did not ask for it, you can ignore this email: your password stays the same.',
    ],
  });
}

/**
 * After a reset (`signedOut: 'every device'`) or a change in Account Settings ('other devices');
 * `endedApiKeys`: how many API keys were revoked with it.
 */
export function passwordChangedEmail(
  links: { forgotPassword: string },
  { signedOut, endedApiKeys = 0 }: { signedOut: 'every device' | 'other devices'; endedApiKeys?: number },
): Email {
  const keys =
    endedApiKeys === 0 ? '' : ` ${endedApiKeys === 1 ? 'Your API key was' : `Your ${endedApiKeys} API keys were`} revoked too.`;
  return compose(`Your ${BRAND} password was changed`, {
    paragraphs: [
      (signedOut === 'every device'
        ? 'The password of your account was just changed, and every device signed in to it was signed out.'
        : 'The password of your account was just changed in Account Settings, and every other device signed in to it was signed out.') +
        keys,
      `If you did not do this, reset your password now: ${links.forgotPassword}`,
    ],
  });
}
