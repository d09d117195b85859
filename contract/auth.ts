import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './limits';
import { isAuthPage, safeLocalPath } from './local-path';

// The account forms' texts and rules (docs/rules.md#accounts).
export const AUTH_MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match.',
  termsRequired: 'You must accept the terms and conditions.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  invalidCredentials: 'Invalid email or password.',
  emailNotVerified: 'Please verify your email address before signing in. We can send you a new link.',
  invalidToken: 'This link is invalid or has expired. Please request a new one.',
  // Account settings, Change Password (the spec has no texts for it; ours).
  currentPasswordRequired: 'Current password is required.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  newPasswordSameAsCurrent: 'New password must be different from the current one.',
} as const;

export const Email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid))
  .transform((e) => e.toLowerCase());

const NewPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(200, 'Password must be at most 200 characters long.');

/**
 * Where the emailed verification link leads after sign-in: a path of this site that is not a
 * sign-in page ('/start-trial', '/search?query=x#physician-12'); anything else is a 400.
 */
export const ReturnTo = z
  .string()
  .max(2000, 'returnTo must be at most 2000 characters.')
  .refine((value) => {
    const path = safeLocalPath(value);
    return path !== null && !isAuthPage(path);
  }, 'returnTo must be a path of this site.')
  .transform((value) => safeLocalPath(value) as string);

/**
 * POST /api/auth/signup -> 201 SignupResponse. The same answer whether or not the email exists.
 * `returnTo` rides on the verification link (Start Free Trial: '/start-trial').
 */
export const SignupRequest = z
  .object({
    email: Email,
    password: NewPassword,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordRequired }),
    acceptTerms: z
      .boolean({ error: AUTH_MESSAGES.termsRequired })
      .refine((v) => v, AUTH_MESSAGES.termsRequired),
    returnTo: ReturnTo.optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignupRequest = z.input<typeof SignupRequest>;
export const SignupResponse = z.object({ email: z.string() });
export type SignupResponse = z.infer<typeof SignupResponse>;

/** POST /api/auth/login -> 200 MeResponse (contract/account.ts) and the session cookie. */
export const LoginRequest = z.object({
  email: Email,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(200),
});
export type LoginRequest = z.input<typeof LoginRequest>;

/** POST /api/auth/forgot-password -> 200 OkResponse, always. */
export const EmailOnlyRequest = z.object({ email: Email });
export type EmailOnlyRequest = z.input<typeof EmailOnlyRequest>;

/** POST /api/auth/resend-verification -> 200 OkResponse, always; `returnTo` as at sign-up. */
export const ResendVerificationRequest = z.object({ email: Email, returnTo: ReturnTo.optional() });
export type ResendVerificationRequest = z.input<typeof ResendVerificationRequest>;

/** POST /api/auth/verify-email -> 200 OkResponse, or 400 invalid_token. */
export const VerifyEmailRequest = z.object({ token: z.string().min(1, 'Token is required.').max(200) });
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequest>;

/** POST /api/auth/reset-password -> 200 OkResponse; ends every session of the user. */
export const ResetPasswordRequest = z
  .object({
    token: z.string().min(1, 'Token is required.').max(200),
    password: NewPassword,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

/**
 * POST /api/auth/change-password -> 200 EndedSessionsResponse. A wrong current password is a 400
 * naming currentPassword; the new one follows the sign-up rules. Every other session of the
 * user ends; the one that asked stays signed in.
 */
export const ChangePasswordRequest = z
  .object({
    currentPassword: z
      .string({ error: AUTH_MESSAGES.currentPasswordRequired })
      .min(1, AUTH_MESSAGES.currentPasswordRequired)
      .max(200),
    newPassword: NewPassword,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordRequired }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: AUTH_MESSAGES.newPasswordSameAsCurrent,
    path: ['newPassword'],
  });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

/**
 * POST /api/auth/sign-out-others (body optional). `endApiKeys`: revoke every API key of the user
 * too (scripts using them stop working).
 */
export const SignOutOthersRequest = z.object({ endApiKeys: z.boolean().optional() });
export type SignOutOthersRequest = z.input<typeof SignOutOthersRequest>;

/**
 * POST /api/auth/change-password and POST /api/auth/sign-out-others: how many other sessions
 * ended, and how many API keys were revoked (a password change always revokes them).
 */
export const EndedSessionsResponse = z.object({
  endedSessions: z.number().int().min(0),
  endedApiKeys: z.number().int().min(0),
});
export type EndedSessionsResponse = z.infer<typeof EndedSessionsResponse>;

export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

/** GET /api/account/profile; PATCH /api/account/profile and PATCH /api/account/notifications return the same. */
export const NotificationPreferences = z.object({
  marketing: z.boolean(),
  newFeatures: z.boolean(),
  securityAlerts: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const ProfileResponse = z.object({
  email: z.string(),
  /** Defaults to the part of the email before the @ sign. */
  name: z.string(),
  bio: z.string(),
  notifications: NotificationPreferences,
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** PATCH /api/account/profile */
export const UpdateProfileRequest = z.object({
  name: z.string().trim().max(100, 'Name must be at most 100 characters.'),
  bio: z.string().trim().max(1000, 'Bio must be at most 1000 characters.'),
});
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequest>;

/** PATCH /api/account/notifications: any subset. */
export const UpdateNotificationsRequest = NotificationPreferences.partial();
export type UpdateNotificationsRequest = z.input<typeof UpdateNotificationsRequest>;

/** GET /api/account/exports: total exported contacts and the 5 latest export entries. */
export const ExportStatsResponse = z.object({
  totalExported: z.number().int(),
  recent: z.array(
    z.object({
      exportDate: z.string(),
      exportCount: z.number().int(),
      /** 'csv', 'xlsx' or 'pdf' (ExportFormat of contract/exports.ts). */
      format: z.enum(['csv', 'xlsx', 'pdf']),
    }),
  ),
});
export type ExportStatsResponse = z.infer<typeof ExportStatsResponse>;

/**
 * GET /api/dev/mailbox (development and test only, and only without SMTP_URL; else 404): the
 * mail the app wrote to its outbox, newest first.
 */
export const DevMailboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  text: z.string(),
  html: z.string().nullable(),
});
export type DevMailboxMessage = z.infer<typeof DevMailboxMessage>;
export const DevMailboxResponse = z.object({ messages: z.array(DevMailboxMessage) });
export type DevMailboxResponse = z.infer<typeof DevMailboxResponse>;
