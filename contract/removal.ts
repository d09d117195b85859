import { z } from 'zod';
import { PublicEmail } from './submissions';

// The removal screens' texts and rules (/remove-info, /confirm-removal; docs/rules.md#removal).
export const REMOVAL_MESSAGES = {
  emailInvalid: 'Please enter a valid email address.',
  sentTitle: 'Verification Email Sent',
  requestFailedTitle: 'Request failed',
  requestFailed: 'There was a problem submitting your request. Please try again later.',
  processingTitle: 'Processing Your Request',
  removedTitle: 'Information Successfully Removed',
  removed: 'Your information has been successfully removed from our database.',
  errorTitle: 'Error Processing Request',
  confirmFailed: 'Failed to process your removal request. The token may be invalid or expired.',
  noToken: 'No confirmation token provided. Please check your email link and try again.',
} as const;

/** How long an emailed removal link works (docs/rules.md#removal). */
export const REMOVAL_TOKEN_TTL_HOURS = 24;

/**
 * POST /api/removal-requests -> 202 RemovalRequestResponse, the same whether or not the address
 * is in the directory (a link is emailed only when it is).
 */
export const CreateRemovalRequest = z.object({ email: PublicEmail });
export type CreateRemovalRequest = z.input<typeof CreateRemovalRequest>;
export const RemovalRequestResponse = z.object({ ok: z.literal(true) });
export type RemovalRequestResponse = z.infer<typeof RemovalRequestResponse>;

/** POST /api/removal-requests/confirm -> 200 ConfirmRemovalResponse, or 400 invalid_token. */
export const ConfirmRemovalRequest = z.object({
  token: z.string({ error: REMOVAL_MESSAGES.noToken }).trim().min(1, REMOVAL_MESSAGES.noToken).max(200, REMOVAL_MESSAGES.confirmFailed),
});
export type ConfirmRemovalRequest = z.input<typeof ConfirmRemovalRequest>;
export const ConfirmRemovalResponse = z.object({ ok: z.literal(true) });
export type ConfirmRemovalResponse = z.infer<typeof ConfirmRemovalResponse>;
