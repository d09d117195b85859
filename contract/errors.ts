import { z } from 'zod';

/** Every error the API returns has this body; `fields` names each bad field and why. */
export const ErrorCode = z.enum([
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'subscription_required',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'email_not_verified',
  'invalid_token',
  'internal',
  'service_unavailable',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorResponse = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** For subscription_required: the tier that would allow the call. */
    requiredTier: z.enum(['basic', 'premium']).optional(),
    /** On a 5xx: the request's id (also its X-Request-Id header), for support to find its log lines. */
    requestId: z.string().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

// The CSRF header's name and value: in csrf.ts (no zod, for the web app's first script).
export { CSRF_HEADER, CSRF_HEADER_VALUE } from './csrf';
