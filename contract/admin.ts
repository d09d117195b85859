import { z } from 'zod';
import { Role } from './account';
import { EducationEntrySchema } from './directory';
import { SPECIALTIES } from './directory-options';
import { RESUME_APPROVAL_PAGE_SIZE } from './limits';
import { isCalendarDay } from './dates';

/**
 * Every action that writes an audit row (server/lib/audit.ts), with what the operators' audit
 * view calls it. Features add theirs here.
 */
export const AUDIT_ACTION_LABELS = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.sign_out': 'Signed out',
  'auth.sign_out_others': 'Signed out other devices',
  'auth.password_reset': 'Password reset',
  'auth.password_changed': 'Password changed',
  'auth.email_verified': 'Email verified',
  'auth.sign_up_existing': 'Sign-up with an existing email',
  'role.granted': 'Admin role granted',
  'role.revoked': 'Admin role revoked',
  'admin.sessions_revoked': 'Sessions ended by an admin',
  'contact.revealed': 'Contact revealed',
  'export.created': 'Export',
  'list.deleted': 'List deleted',
  'submission.confirmed': 'Resume confirmed',
  'submission.approved': 'Resume approved',
  'submission.rejected': 'Resume rejected',
  'removal.requested': 'Removal requested',
  'removal.confirmed': 'Removal confirmed',
  'billing.subscription_changed': 'Subscription changed',
  'billing.refund_requested': 'Refund requested',
  'billing.refund_resolved': 'Refund resolved',
  'import.completed': 'Data import completed',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'contact.reported': 'Contact reported wrong',
  'contact.report_resolved': 'Contact report resolved',
  'contact.verified_now': 'Contact verified now',
  'team.created': 'Team created',
  'team.renamed': 'Team renamed',
  'team.invitation_sent': 'Team invitation sent',
  'team.invitation_resent': 'Team invitation sent again',
  'team.invitation_revoked': 'Team invitation revoked',
  'team.member_joined': 'Joined a team',
  'team.role_changed': 'Team role changed',
  'team.cap_changed': 'Monthly reveal cap changed',
  'team.export_cap_changed': 'Monthly export cap changed',
  'team.member_removed': 'Removed from a team',
  'team.member_left': 'Left a team',
  'team.ownership_transferred': 'Team ownership handed over',
  'integration.connected': 'ATS connected',
  'integration.disconnected': 'ATS disconnected',
  'integration.pushed': 'Pushed to the ATS',
  'outreach.campaign_queued': 'Outreach email queued',
  'outreach.unsubscribed': 'Unsubscribed from outreach',
  'outreach.sender_suspended': 'Outreach sender suspended',
  'outreach.sender_restored': 'Outreach sender restored',
  'outreach.preferences_link_requested': 'Outreach preferences link asked for',
  'outreach.complained': 'Outreach email marked as spam',
  'webhook.created': 'Webhook endpoint added',
  'webhook.updated': 'Webhook endpoint changed',
  'webhook.deleted': 'Webhook endpoint deleted',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** The words for an action code; an unknown code (an older row) as it is. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/**
 * The operators' API (docs/rules.md#admin): every call lives under /api/admin and
 * needs the 'admin:access' capability (401 signed out, 403 for anyone else).
 */

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const SubmissionStatus = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof SubmissionStatus>;

/** Rows per page of the users table. */
export const USERS_PAGE_SIZE = 25;
/** Rows per page of the audit view. */
export const AUDIT_PAGE_SIZE = 50;
/** The dashboard lists up to this many pending submissions on one screen. */
export const DASHBOARD_PENDING_LIMIT = 100;

const pageParam = z
  .string()
  .regex(/^[1-9]\d{0,5}$/, 'page must be a whole number of at least 1')
  .transform(Number)
  .optional();

const uuidParam = (name: string) => z.string().uuid(`${name} must be a UUID`);

/** GET /api/admin/submissions */
export const ListSubmissionsQuery = z.object({
  status: z.enum(SUBMISSION_STATUSES, { error: 'status must be pending, approved or rejected' }).optional(),
  page: pageParam,
  pageSize: z
    .string()
    .regex(/^\d{1,3}$/, 'pageSize must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'pageSize must be at least 1').max(DASHBOARD_PENDING_LIMIT, `pageSize must be at most ${DASHBOARD_PENDING_LIMIT}`))
    .optional(),
});
export type ListSubmissionsRequest = z.output<typeof ListSubmissionsQuery>;

/**
 * What approving a submission does to one kind of contact of the physician it matches: the value
 * is already on file; added in an empty place; or kept beside the values on file. Never a
 * replacement: submitted values are marked 'self_reported' (docs/decisions/030-resume-confirmation-and-reports.md).
 */
export const CONTACT_OUTCOMES = ['on_file', 'added', 'beside'] as const;
export const ContactComparison = z.object({
  submitted: z.string(),
  /** The values of this kind on file now (personal and work email; mobile and office phone). */
  onFile: z.array(z.string()),
  outcome: z.enum(CONTACT_OUTCOMES),
});
export type ContactComparison = z.infer<typeof ContactComparison>;

/** The directory record a pending submission would update (matched by NPI, else by email). */
export const SubmissionMatch = z.object({
  physicianId: z.number().int(),
  physicianName: z.string(),
  email: ContactComparison,
  phone: ContactComparison,
});
export type SubmissionMatch = z.infer<typeof SubmissionMatch>;

export const Submission = z.object({
  id: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  title: z.string(),
  organization: z.string(),
  /** One of the 18, or 'Other' (then otherSpecialty holds what the physician typed). */
  specialty: z.string(),
  otherSpecialty: z.string().nullable(),
  /**
   * Pending 'Other' submissions: the nearest of the 18 to what was typed (contract/specialty-suggestion.ts),
   * the operator's starting point; null when nothing is near, and for every other submission.
   */
  suggestedSpecialty: z.enum(SPECIALTIES).nullable(),
  /**
   * With suggestedSpecialty: NUCC's name of the sub-specialty the typed words name under it ('ENT':
   * Otolaryngology under General Surgery), or null when they name the specialty itself. Approving
   * under suggestedSpecialty lists the physician with this sub-specialty; under another specialty,
   * with the words as typed (ADR 052).
   */
  suggestedSubSpecialty: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  linkedinUrl: z.string().nullable(),
  education: z.array(EducationEntrySchema),
  skills: z.array(z.string()),
  status: SubmissionStatus,
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  processedByEmail: z.string().nullable(),
  physicianId: z.number().int().nullable(),
  /** Pending only: the existing physician an approval would update, with the contact differences (null: a new physician). */
  match: SubmissionMatch.nullable(),
});
export type Submission = z.infer<typeof Submission>;

export const SubmissionCounts = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});
export type SubmissionCounts = z.infer<typeof SubmissionCounts>;

export const ListSubmissionsResponse = z.object({
  submissions: z.array(Submission),
  status: SubmissionStatus,
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  /** Every tab's count, so the tabs show them without three calls. */
  counts: SubmissionCounts,
});
export type ListSubmissionsResponse = z.infer<typeof ListSubmissionsResponse>;
export const SUBMISSIONS_PAGE_SIZE = RESUME_APPROVAL_PAGE_SIZE;

export const SubmissionIdParams = z.object({ id: uuidParam('id') });

/** The message when an 'Other' submission is approved without one of the 18. */
export const SPECIALTY_CHOICE_REQUIRED =
  "This resume's specialty is 'Other': choose one of the 18 specialties to list the physician under.";

/**
 * POST /api/admin/submissions/{id}/approve (the body is optional): the specialty the physician is
 * listed under. Required for an 'Other' submission (its typed specialty becomes the
 * sub-specialty); for another, it replaces the one submitted.
 */
export const ApproveSubmissionRequest = z.object({
  specialty: z
    .enum(SPECIALTIES, { error: `specialty must be one of the 18 specialties (${SPECIALTIES.join(', ')})` })
    .optional(),
});
export type ApproveSubmissionRequest = z.infer<typeof ApproveSubmissionRequest>;

/** POST /api/admin/submissions/{id}/approve and /reject */
export const ProcessSubmissionResponse = z.object({
  submission: Submission,
  /** Shown in the confirmation toast (the call may carry a message). */
  message: z.string(),
});
export type ProcessSubmissionResponse = z.infer<typeof ProcessSubmissionResponse>;

/** The plans an operator sees, with what each brings in per month (for MRR). */
export const PlanRevenue = z.object({
  priceId: z.string(),
  tier: z.enum(['basic', 'premium']),
  name: z.string(),
  subscribers: z.number().int(),
  /** What one subscriber of this plan is worth per month, in cents. */
  monthlyCentsEach: z.number().int(),
});
export type PlanRevenue = z.infer<typeof PlanRevenue>;

export const DailyActivity = z.object({
  /** YYYY-MM-DD (UTC) */
  date: z.string(),
  exports: z.number().int(),
  reveals: z.number().int(),
});
export type DailyActivity = z.infer<typeof DailyActivity>;

/** GET /api/admin/overview: the operator's numbers at a glance. */
export const AdminOverview = z.object({
  users: z.number().int(),
  /** Paying (status active) subscribers per plan; trials are counted apart. */
  plans: z.array(PlanRevenue),
  trialing: z.number().int(),
  /** Monthly recurring revenue in cents: active subscribers x their plan's monthly value. */
  mrrCents: z.number().int(),
  pendingSubmissions: z.number().int(),
  /** Contacts exported (rows in exports) and reveals in the last 30 days, and per day. */
  exportedContactsLast30Days: z.number().int(),
  exportsLast30Days: z.number().int(),
  revealsLast30Days: z.number().int(),
  activity: z.array(DailyActivity),
  /** null when that feature is not installed in this build. */
  openRefundRequests: z.number().int().nullable(),
  contactMessages: z.number().int().nullable(),
});
export type AdminOverview = z.infer<typeof AdminOverview>;

/** GET /api/admin/users: one page, searched on the server. */
export const ListUsersQuery = z.object({
  query: z
    .string()
    .max(200, 'query must be at most 200 characters')
    .transform((v) => v.trim())
    .optional(),
  page: pageParam,
});
export type ListUsersRequest = z.output<typeof ListUsersQuery>;

/** A row of the user_summary view (docs/rules.md#admin); null fields get the spec's defaults on screen. */
export const UserSummary = z.object({
  id: z.string(),
  email: z.string(),
  role: Role,
  signupDate: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  subscriptionStatus: z.string().nullable(),
  subscriptionPlan: z.string().nullable(),
  totalExports: z.number().int().nullable(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const ListUsersResponse = z.object({
  users: z.array(UserSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type ListUsersResponse = z.infer<typeof ListUsersResponse>;

/** GET /api/admin/users/stats: the three stat cards of /users. */
export const UserStats = z.object({
  totalUsers: z.number().int(),
  /** Subscriptions whose status is active. */
  activeSubscriptions: z.number().int(),
  /** Contacts exported by every user, all time (the sum of the Exported Contacts column). */
  totalExports: z.number().int(),
});
export type UserStats = z.infer<typeof UserStats>;

export const UserIdParams = z.object({ id: uuidParam('id') });

export const UserSession = z.object({
  /** The first characters of the stored hash: enough to tell sessions apart, useless to sign in. */
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
});
export type UserSession = z.infer<typeof UserSession>;

export const UserDetail = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: Role,
    emailVerified: z.boolean(),
    signupDate: z.string(),
    lastSignInAt: z.string().nullable(),
  }),
  subscription: z
    .object({
      status: z.string(),
      plan: z.string(),
      tier: z.enum(['basic', 'premium']),
      provider: z.string(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  sessions: z.array(UserSession),
  totalExports: z.number().int(),
  recentExports: z.array(
    z.object({ id: z.number().int(), exportDate: z.string(), exportCount: z.number().int(), format: z.string() }),
  ),
  totalReveals: z.number().int(),
  recentReveals: z.array(
    z.object({
      id: z.number().int(),
      physicianId: z.number().int(),
      physicianName: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /**
   * The team the user is in (docs/decisions/061-teams.md), its owner and seats, and its latest
   * changes from the audit log; null outside a team.
   */
  team: z
    .object({
      id: z.string(),
      name: z.string(),
      role: z.enum(['owner', 'admin', 'member']),
      ownerEmail: z.string(),
      seats: z.number().int(),
      members: z.number().int(),
      events: z.array(z.object({ action: z.string(), label: z.string(), actorEmail: z.string().nullable(), createdAt: z.string() })),
    })
    .nullable(),
});
export type UserDetail = z.infer<typeof UserDetail>;

/** POST /api/admin/users/{id}/sessions/revoke */
export const RevokeSessionsResponse = z.object({ revoked: z.number().int() });
export type RevokeSessionsResponse = z.infer<typeof RevokeSessionsResponse>;

/** PUT /api/admin/users/{id}/role */
export const SetUserRoleRequest = z.object({ role: Role });
export type SetUserRoleRequest = z.infer<typeof SetUserRoleRequest>;
export const SetUserRoleResponse = z.object({ role: Role, changed: z.boolean() });
export type SetUserRoleResponse = z.infer<typeof SetUserRoleResponse>;

const dateParam = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDay, `${name} must be a real date`)
    .optional();

/** GET /api/admin/audit */
export const ListAuditEventsQuery = z.object({
  /** Events done by or done to this user (email, partial, case-insensitive). */
  user: z
    .string()
    .max(200, 'user must be at most 200 characters')
    .transform((v) => v.trim())
    .optional(),
  action: z.string().max(60, 'action must be at most 60 characters').optional(),
  /** Inclusive days, UTC. */
  from: dateParam('from'),
  to: dateParam('to'),
  page: pageParam,
});
export type ListAuditEventsRequest = z.output<typeof ListAuditEventsQuery>;

export const AuditEventRow = z.object({
  id: z.number().int(),
  action: z.string(),
  actorEmail: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The target user's email when the target is a user. */
  targetLabel: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEventRow = z.infer<typeof AuditEventRow>;

export const ListAuditEventsResponse = z.object({
  events: z.array(AuditEventRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  /** Every action name, for the filter. */
  actions: z.array(z.string()),
});
export type ListAuditEventsResponse = z.infer<typeof ListAuditEventsResponse>;
