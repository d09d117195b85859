import { z } from 'zod';

/** Days during which revealing the same physician again is free (not counted). */
export const FREE_REVEAL_DAYS = 30;

/** Path parameter of the reveal call: a physician id (digits only). */
export const RevealContactParams = z.object({
  id: z.string().regex(/^\d{1,10}$/, 'id must be a physician id'),
});
export type RevealContactParams = z.infer<typeof RevealContactParams>;

/** How many counted reveals the user has left today, and when the count starts again. */
export const RevealAllowance = z.object({
  dailyLimit: z.number().int(),
  remaining: z.number().int(),
  /** ISO time of the next reset (midnight UTC). */
  resetsAt: z.string(),
});
export type RevealAllowance = z.infer<typeof RevealAllowance>;

/** POST /api/physicians/{id}/contact: one physician's email and phone (null when none on file). */
export const RevealContactResponse = z.object({
  physicianId: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** When the contact was last verified (physicians.verified_at), or null. */
  verifiedAt: z.string().nullable(),
  /** False when this reveal was free: the same physician was revealed in the last 30 days. */
  counted: z.boolean(),
  allowance: RevealAllowance,
});
export type RevealContactResponse = z.infer<typeof RevealContactResponse>;
