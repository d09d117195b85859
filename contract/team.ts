import { z } from 'zod';
import { Email } from './auth';
import { isCalendarDay } from './dates';

/*
 * Teams (docs/decisions/061-teams.md): an owner who pays, admins and members; seats are the owner's
 * subscription's; invitations by email hold a seat for 7 days.
 */

export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export const TeamRole = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof TeamRole>;
/** The roles an invitation or a role change can give (there is one owner; ownership is handed over). */
export const InvitableRole = z.enum(['admin', 'member'], { error: 'role must be admin or member' });
export type InvitableRole = z.infer<typeof InvitableRole>;

export const TEAM_NAME_MAX = 80;
/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

export const TeamName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(TEAM_NAME_MAX, `name must be at most ${TEAM_NAME_MAX} characters`);

export const TeamMember = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  role: TeamRole,
  joinedAt: z.string(),
  /** The member's monthly cap of counted reveals, or null (none). */
  revealCap: z.number().int().nullable(),
  /**
   * Counted reveals the member made under the team this calendar month (UTC); null: another
   * member's, which only owners and admins read (ADR 061).
   */
  revealsThisMonth: z.number().int().nullable(),
  /** The member's monthly cap of exported contacts, or null (none). */
  exportCap: z.number().int().nullable(),
  /** Contacts the member exported under the team this calendar month (UTC); null as for reveals. */
  exportsThisMonth: z.number().int().nullable(),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: InvitableRole,
  invitedByName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** pending holds a seat; expired does not (resend it or revoke it). */
  status: z.enum(['pending', 'expired']),
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

export const Team = z.object({
  id: z.string(),
  name: z.string(),
  myRole: TeamRole,
  /** The owner's subscription's seats. */
  seats: z.number().int(),
  /** Members plus pending invitations. */
  seatsUsed: z.number().int(),
  members: z.array(TeamMember),
  /** Open invitations (owners and admins see them; members get an empty list). */
  invitations: z.array(TeamInvitation),
});
export type Team = z.infer<typeof Team>;

/** GET /api/team and every team change: the caller's team, or null when they are in none. */
export const TeamResponse = z.object({ team: Team.nullable() });
export type TeamResponse = z.infer<typeof TeamResponse>;

/** POST /api/team (a subscriber starts a team and owns it); PATCH /api/team renames it. */
export const CreateTeamRequest = z.object({ name: TeamName });
export type CreateTeamRequest = z.infer<typeof CreateTeamRequest>;

/** POST /api/team/invitations */
export const CreateInvitationRequest = z.object({ email: Email, role: InvitableRole });
export type CreateInvitationRequest = z.infer<typeof CreateInvitationRequest>;

export const InvitationParams = z.object({ invitationId: z.string().uuid('invitationId must be a UUID') });
export const MemberParams = z.object({ userId: z.string().uuid('userId must be a UUID') });

/** A monthly cap of counted contact reveals (null: none). */
export const RevealCap = z
  .number({ error: 'revealCap must be a whole number or null' })
  .int('revealCap must be a whole number')
  .min(0, 'revealCap must be 0 or more')
  .max(100_000, 'revealCap must be at most 100,000')
  .nullable();

const ExportCap = z
  .number({ error: 'exportCap must be a whole number or null' })
  .int('exportCap must be a whole number')
  .min(0, 'exportCap must be 0 or more')
  .max(1_000_000, 'exportCap must be at most 1,000,000')
  .nullable();

/** PATCH /api/team/members/{userId}: a role, a monthly reveal cap, a monthly export cap, or several. */
export const UpdateMemberRequest = z
  .object({ role: InvitableRole.optional(), revealCap: RevealCap.optional(), exportCap: ExportCap.optional() })
  .refine((body) => body.role !== undefined || body.revealCap !== undefined || body.exportCap !== undefined, {
    message: 'Send a role, a revealCap or an exportCap',
    path: ['role'],
  });
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequest>;

/**
 * DELETE /api/team/members/{userId}: who receives a removed member's lists and saved searches (an
 * owner or admin of the team; default the caller). Leaving, one keeps one's own.
 */
export const RemoveMemberQuery = z.object({ transferTo: z.string().uuid('transferTo must be a UUID').optional() });

/** POST /api/team/ownership: the owner hands the team (and its subscription) to a member. */
export const TransferOwnershipRequest = z.object({ userId: z.string().uuid('userId must be a UUID') });
export type TransferOwnershipRequest = z.infer<typeof TransferOwnershipRequest>;

const Token = z.string({ error: 'token is required' }).min(20, 'token is not a valid invitation link').max(200, 'token is not a valid invitation link');

/** GET /api/team/invitations/preview?token= : what the join page shows before anyone signs in. */
export const InvitationPreviewQuery = z.object({ token: Token });
export const InvitationPreview = z.object({
  teamName: z.string(),
  invitedByName: z.string().nullable(),
  role: InvitableRole,
  /** The address it was sent to: the join page asks to sign in (or sign up) with it. */
  email: z.string(),
  state: z.enum(['pending', 'expired']),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** POST /api/team/invitations/accept */
export const AcceptInvitationRequest = z.object({ token: Token });
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;

/** The longest period the usage page reads (days, both ends counted). */
export const USAGE_MAX_DAYS = 366;

const usageDay = (field: 'from' | 'to') =>
  z
    .string()
    .refine(isCalendarDay, `${field} must be a date (YYYY-MM-DD)`)
    .optional();

/** GET /api/team/usage: a period of UTC days, both ends included (default: this calendar month); CSV or JSON. */
export const TeamUsageQuery = z.object({
  from: usageDay('from'),
  to: usageDay('to'),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
});
export type TeamUsageQuery = z.infer<typeof TeamUsageQuery>;

export const MemberUsage = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  /** The member's role, or 'removed' for one who left or was removed (their history stays the team's). */
  role: z.enum(['owner', 'admin', 'member', 'removed']),
  searches: z.number().int(),
  reveals: z.number().int(),
  exports: z.number().int(),
  listAdds: z.number().int(),
  lastActiveAt: z.string().nullable(),
});
export type MemberUsage = z.infer<typeof MemberUsage>;

export const DayUsage = z.object({
  day: z.string(),
  searches: z.number().int(),
  reveals: z.number().int(),
  exports: z.number().int(),
  listAdds: z.number().int(),
});
export type DayUsage = z.infer<typeof DayUsage>;

/** The team's usage per member (owners and admins) for the period, and per day for the chart. */
export const TeamUsageResponse = z.object({
  from: z.string(),
  to: z.string(),
  members: z.array(MemberUsage),
  days: z.array(DayUsage),
});
export type TeamUsageResponse = z.infer<typeof TeamUsageResponse>;
