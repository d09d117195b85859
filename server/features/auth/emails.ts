import { compose, type Email } from '../../lib/mail-layout';

// The layout (and how text a person typed appears in it) lives in lib/mail-layout.ts.
export { compose, type Email };

const BRAND = 'PhysicianDirect';

export function verificationEmail(link: string): Email {
  return compose(`Verify your email address for ${BRAND}`, {
    paragraphs: [
      `Welcome to ${BRAND}. Please confirm that this is your email address to finish creating your account.`,
    ],
    action: { label: 'Verify email address', url: link },
    after: [
      'This link expires in 24 hours and works once. If you did not sign up, you can ignore this email.',
    ],
  });
}

/**
 * The resent verification link: it carries no password (the resend form asks only for the
 * address), so following it lets the person choose the password while confirming the address.
 * Someone who signed up first with another person's address therefore never keeps their
 * password on the account that person confirms (issue 7, item 3).
 */
export function confirmAndSetPasswordEmail(link: string): Email {
  return compose(`Verify your email address for ${BRAND}`, {
    paragraphs: [
      `Please confirm that this is your email address and choose your password to finish creating your ${BRAND} account.`,
    ],
    action: { label: 'Verify email and choose password', url: link },
    after: [
      'This link expires in 24 hours and works once. If you did not sign up, you can ignore this email.',
    ],
  });
}

/**
 * Sent instead of a verification link when someone signs up with an address that already has an
 * account: the sign-up form answers the same either way (docs/decisions/004-no-account-enumeration.md).
 */
export function accountExistsEmail(links: { login: string; forgotPassword: string }): Email {
  return compose(`Someone tried to sign up to ${BRAND} with your email`, {
    paragraphs: [
      `Someone (perhaps you) tried to create a ${BRAND} account with this email address, but you already have an account.`,
      `If it was you, sign in: ${links.login}`,
    ],
    action: { label: 'Reset your password', url: links.forgotPassword },
    after: ['If it was not you, no action is needed: your account has not been changed.'],
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

/** After a reset (`signedOut: 'every device'`) or a change in Account Settings ('other devices'). */
export function passwordChangedEmail(
  links: { forgotPassword: string },
  signedOut: 'every device' | 'other devices' = 'every device',
): Email {
  return compose(`Your ${BRAND} password was changed`, {
    paragraphs: [
      signedOut === 'every device'
        ? 'The password of your account was just changed, and every device signed in to it was signed out.'
        : 'The password of your account was just changed in Account Settings, and every other device signed in to it was signed out.',
      `If you did not do this, reset your password now: ${links.forgotPassword}`,
    ],
  });
}
