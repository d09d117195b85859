import {
  INVITATION_DAYS,
  type InvitableRole,
  type InvitationPreview,
  type Team,
  type TeamResponse,
  type TeamUsageResponse,
} from '../../../contract/team';
import type { Db } from '../../db/client';
import type { Env } from '../../lib/env';
import type { CurrentUser } from '../../lib/current-user';
import { recordAudit } from '../../lib/audit';
import { AppError, fieldError } from '../../lib/errors';
import { enqueueEmail } from '../../lib/mail-queue';
import { hashToken, newToken } from '../../lib/tokens';
import { invitationEmail } from './emails';
import * as repo from './repo';
import { teamUsage, usagePeriod, type SearchCounts } from './usage';

/*
 * Teams (docs/decisions/061-teams.md). Every change runs in one transaction that first locks the
 * team's row (repo.findMembership with lock), so two admins inviting at once cannot both take the
 * last seat, and the last owner cannot be removed by a change racing another.
 */

/** What the team calls use of the app (ADR 060). */
export type TeamDeps = {
  db: Db;
  env: Pick<Env, 'APP_URL'>;
  /** This process's counted searches, written before a usage read (usage.ts). */
  searchCounts?: Pick<SearchCounts, 'flush'>;
};

const DAY_MS = 86_400_000;
const notInTeam = () => new AppError('not_found', 'You are not in a team.');
const managers: readonly string[] = ['owner', 'admin'];

function requireManager(membership: repo.Membership): void {
  if (!managers.includes(membership.role)) {
    throw new AppError('forbidden', 'Only the team’s owner and admins can manage its members and invitations.');
  }
}

/** The team as the caller sees it (members see no invitations). */
/** The team as `viewerId` (a member of it) may see it. */
async function teamOf(db: Db, membership: repo.Membership, viewerId: string): Promise<Team> {
  const [members, invitations, seats, seatsUsed] = await Promise.all([
    repo.listMembers(db, membership.teamId),
    managers.includes(membership.role) ? repo.listOpenInvitations(db, membership.teamId) : Promise.resolve([]),
    repo.seatsOf(db, membership.ownerId),
    repo.seatsUsed(db, membership.teamId),
  ]);
  const now = Date.now();
  // A member reads their own month's counts; the others' are their managers' (ADR 061).
  const reads = (userId: string) => managers.includes(membership.role) || userId === viewerId;
  return {
    id: membership.teamId,
    name: membership.teamName,
    myRole: membership.role,
    seats,
    seatsUsed,
    members: members.map((m) => ({
      ...m,
      joinedAt: m.joinedAt.toISOString(),
      revealsThisMonth: reads(m.userId) ? m.revealsThisMonth : null,
      exportsThisMonth: reads(m.userId) ? m.exportsThisMonth : null,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      invitedByName: i.invitedByName,
      createdAt: i.createdAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
      status: i.expiresAt.getTime() > now ? ('pending' as const) : ('expired' as const),
    })),
  };
}

async function responseFor(db: Db, userId: string): Promise<TeamResponse> {
  const membership = await repo.findMembership(db, userId);
  return { team: membership ? await teamOf(db, membership, userId) : null };
}

/** Runs `change` in a transaction holding the caller's team (locked); answers the team after it. */
async function changeTeam(
  deps: TeamDeps,
  user: CurrentUser,
  change: (tx: Db, membership: repo.Membership) => Promise<void>,
): Promise<TeamResponse> {
  await deps.db.transaction(async (tx) => {
    const membership = await repo.findMembership(tx, user.id, { lock: true });
    if (!membership) throw notInTeam();
    await change(tx, membership);
  });
  return responseFor(deps.db, user.id);
}

/** GET /api/team */
export function getTeam(deps: TeamDeps, { user }: { user: CurrentUser }): Promise<TeamResponse> {
  return responseFor(deps.db, user.id);
}

/**
 * GET /api/team/usage: the team's usage per member and day for a period (owners and admins; a
 * member's usage is their manager's to read, as Lusha and ZoomInfo do).
 */
export async function getUsage(
  deps: TeamDeps,
  { user, from, to }: { user: CurrentUser; from?: string; to?: string },
): Promise<TeamUsageResponse> {
  const period = usagePeriod({ from, to });
  // This process's latest searches first; the page still answers if they cannot be written now.
  await deps.searchCounts?.flush(deps.db).catch(() => undefined);
  const membership = await repo.findMembership(deps.db, user.id);
  if (!membership) throw notInTeam();
  if (!managers.includes(membership.role)) throw new AppError('forbidden', 'Only the team’s owner and admins can see its usage.');
  return teamUsage(deps.db, membership.teamId, period);
}

/** POST /api/team: a subscriber starts a team and owns it (their subscription is its plan). */
export async function createTeam(deps: TeamDeps, { user, name }: { user: CurrentUser; name: string }): Promise<TeamResponse> {
  await deps.db.transaction(async (tx) => {
    await tx.sql.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
    if (await repo.findMembership(tx, user.id)) {
      throw new AppError('conflict', 'You are already in a team. Leave it first to start another.');
    }
    // Outside a team the session's plan is the caller's own (the owner pays: payerIdOf).
    if (!user.subscription.subscribed) {
      throw new AppError('subscription_required', 'A team runs on a Monthly or Annual plan: subscribe first, then invite your recruiters.', {
        requiredTier: 'basic',
      });
    }
    const teamId = await repo.insertTeam(tx, { name, ownerId: user.id });
    await recordAudit(tx, { action: 'team.created', actorUserId: user.id, targetType: 'team', targetId: teamId, details: { name } });
  });
  return responseFor(deps.db, user.id);
}

/** PATCH /api/team: owners and admins rename it. */
export function renameTeam(deps: TeamDeps, { user, name }: { user: CurrentUser; name: string }): Promise<TeamResponse> {
  return changeTeam(deps, user, async (tx, membership) => {
    requireManager(membership);
    await repo.renameTeam(tx, membership.teamId, name);
    await recordAudit(tx, { action: 'team.renamed', actorUserId: user.id, targetType: 'team', targetId: membership.teamId, details: { from: membership.teamName, to: name } });
  });
}

async function sendInvitation(
  tx: Db,
  deps: TeamDeps,
  input: { token: string; email: string; role: InvitableRole; teamName: string; inviter: CurrentUser },
): Promise<void> {
  const link = `${deps.env.APP_URL}/team/join?token=${encodeURIComponent(input.token)}`;
  await enqueueEmail(tx, { to: input.email, ...invitationEmail({ link, teamName: input.teamName, inviterName: input.inviter.name ?? input.inviter.email, role: input.role }) });
}

async function requireFreeSeat(tx: Db, membership: repo.Membership): Promise<void> {
  const [seats, used] = await Promise.all([repo.seatsOf(tx, membership.ownerId), repo.seatsUsed(tx, membership.teamId)]);
  if (used >= seats) {
    throw new AppError(
      'conflict',
      `All ${seats} ${seats === 1 ? 'seat is' : 'seats are'} taken. Add a seat on the Subscription tab to invite another recruiter.`,
    );
  }
}

/** POST /api/team/invitations: a link by email for 7 days; it holds a seat while pending. */
export function inviteMember(
  deps: TeamDeps,
  { user, email, role }: { user: CurrentUser; email: string; role: InvitableRole },
): Promise<TeamResponse> {
  return changeTeam(deps, user, async (tx, membership) => {
    requireManager(membership);
    const members = await repo.listMembers(tx, membership.teamId);
    if (members.some((m) => m.email.toLowerCase() === email)) throw fieldError('email', `${email} is already a member of this team.`);
    const open = await repo.findOpenInvitationByEmail(tx, membership.teamId, email);
    if (open && open.expiresAt.getTime() > Date.now()) {
      throw fieldError('email', `${email} is already invited: send the invitation again from the list if it was lost.`);
    }
    // An expired invitation frees its seat: inviting again needs one.
    await requireFreeSeat(tx, membership);
    const token = newToken();
    const expiresAt = new Date(Date.now() + INVITATION_DAYS * DAY_MS);
    let invitationId: string;
    if (open) {
      await repo.renewInvitation(tx, open.id, { tokenHash: hashToken(token), expiresAt, invitedBy: user.id });
      invitationId = open.id;
    } else {
      invitationId = await repo.insertInvitation(tx, { teamId: membership.teamId, email, role, tokenHash: hashToken(token), invitedBy: user.id, expiresAt });
    }
    await sendInvitation(tx, deps, { token, email, role: open?.role ?? role, teamName: membership.teamName, inviter: user });
    await recordAudit(tx, {
      action: 'team.invitation_sent',
      actorUserId: user.id,
      targetType: 'team',
      targetId: membership.teamId,
      details: { invitationId, email, role },
    });
  });
}

/** POST /api/team/invitations/{id}/resend: a new link (the old one stops working), 7 more days. */
export function resendInvitation(deps: TeamDeps, { user, invitationId }: { user: CurrentUser; invitationId: string }): Promise<TeamResponse> {
  return changeTeam(deps, user, async (tx, membership) => {
    requireManager(membership);
    const invitation = await repo.findInvitation(tx, membership.teamId, invitationId);
    if (!invitation) throw new AppError('not_found', 'No such open invitation in your team.');
    // An expired one held no seat: sending it again takes one.
    if (invitation.expiresAt.getTime() <= Date.now()) await requireFreeSeat(tx, membership);
    const token = newToken();
    await repo.renewInvitation(tx, invitation.id, { tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS), invitedBy: user.id });
    await sendInvitation(tx, deps, { token, email: invitation.email, role: invitation.role, teamName: membership.teamName, inviter: user });
    await recordAudit(tx, { action: 'team.invitation_resent', actorUserId: user.id, targetType: 'team', targetId: membership.teamId, details: { invitationId, email: invitation.email } });
  });
}

/** DELETE /api/team/invitations/{id}: the link stops working and the seat is free. */
export function revokeInvitation(deps: TeamDeps, { user, invitationId }: { user: CurrentUser; invitationId: string }): Promise<TeamResponse> {
  return changeTeam(deps, user, async (tx, membership) => {
    requireManager(membership);
    const invitation = await repo.findInvitation(tx, membership.teamId, invitationId);
    if (!invitation) throw new AppError('not_found', 'No such open invitation in your team.');
    await repo.revokeInvitation(tx, invitation.id);
    await recordAudit(tx, { action: 'team.invitation_revoked', actorUserId: user.id, targetType: 'team', targetId: membership.teamId, details: { invitationId, email: invitation.email } });
  });
}

const invalidLink = () => new AppError('not_found', 'This invitation link is no longer valid: ask your team for a new one.');

async function openInvitationOf(db: Db, token: string) {
  const invitation = await repo.findInvitationByToken(db, hashToken(token));
  if (!invitation || invitation.acceptedAt || invitation.revokedAt) throw invalidLink();
  return invitation;
}

/** GET /api/team/invitations/preview: what the join page shows (the token is the secret). */
export async function previewInvitation(deps: TeamDeps, { token }: { token: string }): Promise<InvitationPreview> {
  const invitation = await openInvitationOf(deps.db, token);
  return {
    teamName: invitation.teamName,
    invitedByName: invitation.invitedByName,
    role: invitation.role,
    email: invitation.email,
    state: invitation.expiresAt.getTime() > Date.now() ? 'pending' : 'expired',
  };
}

/**
 * POST /api/team/invitations/accept: the signed-in account whose address the invitation was sent
 * to joins. An account in another team is told so and never moved; one paying for a plan of its
 * own is asked to cancel it first (it would pay twice).
 */
export async function acceptInvitation(deps: TeamDeps, { user, token }: { user: CurrentUser; token: string }): Promise<TeamResponse> {
  await deps.db.transaction(async (tx) => {
    const invitation = await openInvitationOf(tx, token);
    await tx.sql.query(`SELECT 1 FROM teams WHERE id = $1 FOR UPDATE`, [invitation.teamId]);
    if (invitation.expiresAt.getTime() <= Date.now()) {
      throw new AppError('conflict', 'This invitation has expired: ask your team to send it again.');
    }
    if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError('forbidden', `This invitation was sent to another address. Sign in with ${invitation.email} to accept it.`);
    }
    const current = await repo.findMembership(tx, user.id);
    if (current) {
      throw new AppError(
        'conflict',
        current.teamId === invitation.teamId
          ? 'You are already a member of this team.'
          : 'This account already belongs to a team. Leave it first to join another.',
      );
    }
    // Not in a team (just checked): the session's plan is the caller's own.
    if (user.subscription.subscribed && !user.subscription.cancelAtPeriodEnd) {
      throw new AppError(
        'conflict',
        'You have a subscription of your own. Cancel it under Account Settings, Subscription, then accept: the team’s plan covers you and you would pay twice.',
      );
    }
    await repo.addMember(tx, { teamId: invitation.teamId, userId: user.id, role: invitation.role });
    await repo.markInvitationAccepted(tx, invitation.id, user.id);
    await recordAudit(tx, {
      action: 'team.member_joined',
      actorUserId: user.id,
      targetType: 'team',
      targetId: invitation.teamId,
      details: { invitationId: invitation.id, role: invitation.role },
    });
  });
  return responseFor(deps.db, user.id);
}

async function memberOf(tx: Db, membership: repo.Membership, userId: string): Promise<repo.MemberRow> {
  const member = (await repo.listMembers(tx, membership.teamId)).find((m) => m.userId === userId);
  if (!member) throw new AppError('not_found', 'No such member in your team.');
  return member;
}

/**
 * PATCH /api/team/members/{userId}: the owner and admins make members admins and back (nobody
 * changes the owner's role) and set a member's monthly reveal cap (the owner's too: a cap is a
 * budget, not a role).
 */
export function updateMember(
  deps: TeamDeps,
  {
    user,
    userId,
    role,
    revealCap,
    exportCap,
  }: { user: CurrentUser; userId: string; role?: InvitableRole; revealCap?: number | null; exportCap?: number | null },
): Promise<TeamResponse> {
  return changeTeam(deps, user, async (tx, membership) => {
    requireManager(membership);
    const member = await memberOf(tx, membership, userId);
    if (role !== undefined && member.role !== role) {
      if (member.role === 'owner') {
        throw new AppError('conflict', 'The owner’s role does not change: the owner hands the team over to another member instead.');
      }
      await repo.setRole(tx, membership.teamId, userId, role);
      await recordAudit(tx, { action: 'team.role_changed', actorUserId: user.id, targetType: 'user', targetId: userId, details: { teamId: membership.teamId, from: member.role, to: role } });
    }
    if (revealCap !== undefined && revealCap !== member.revealCap) {
      await repo.setRevealCap(tx, membership.teamId, userId, revealCap);
      await recordAudit(tx, {
        action: 'team.cap_changed',
        actorUserId: user.id,
        targetType: 'user',
        targetId: userId,
        details: { teamId: membership.teamId, from: member.revealCap, to: revealCap },
      });
    }
    if (exportCap !== undefined && exportCap !== member.exportCap) {
      await repo.setExportCap(tx, membership.teamId, userId, exportCap);
      await recordAudit(tx, {
        action: 'team.export_cap_changed',
        actorUserId: user.id,
        targetType: 'user',
        targetId: userId,
        details: { teamId: membership.teamId, from: member.exportCap, to: exportCap },
      });
    }
  });
}

/**
 * DELETE /api/team/members/{userId}: the owner and admins remove a member (never the owner), whose
 * lists and saved searches go to an owner or admin (`transferTo`, default the caller); a member
 * removes themselves (leaves) and keeps theirs. Their access under the team ends with the next request (the
 * plan follows the active membership); their reveals and exports stay in the team's history.
 */
export async function removeMember(
  deps: TeamDeps,
  { user, userId, transferTo }: { user: CurrentUser; userId: string; transferTo?: string },
): Promise<TeamResponse> {
  const leaving = userId === user.id;
  const answer = await changeTeam(deps, user, async (tx, membership) => {
    const member = await memberOf(tx, membership, userId);
    if (member.role === 'owner') {
      throw new AppError(
        'conflict',
        leaving ? 'Hand the team over to another member before you leave: a team always has an owner.' : 'The owner cannot be removed from the team.',
      );
    }
    let moved = { lists: 0, savedSearches: 0 };
    if (!leaving) {
      requireManager(membership);
      // Their lists and saved searches stay with the team: to an owner or admin (the caller by default).
      const heir = (await repo.listMembers(tx, membership.teamId)).find((m) => m.userId === (transferTo ?? user.id));
      if (!heir || heir.userId === userId || !managers.includes(heir.role)) {
        throw fieldError('transferTo', 'Their lists and saved searches go to an owner or admin of the team.');
      }
      moved = await repo.moveWork(tx, userId, heir.userId);
    } else {
      // One who leaves keeps their private work; what they shared stays with the team, under its owner.
      moved = await repo.moveWork(tx, userId, membership.ownerId, { sharedWith: membership.teamId });
    }
    await repo.endFollowing(tx, membership.teamId, userId);
    await repo.removeMember(tx, membership.teamId, userId, user.id);
    await recordAudit(tx, {
      action: leaving ? 'team.member_left' : 'team.member_removed',
      actorUserId: user.id,
      targetType: 'user',
      targetId: userId,
      details: { teamId: membership.teamId, role: member.role, ...(leaving ? {} : { transferTo: transferTo ?? user.id, ...moved }) },
    });
  });
  return leaving ? { team: null } : answer;
}

/**
 * POST /api/team/ownership: the owner hands the team to a member, who becomes its owner and its
 * payer (the subscription and the billing customer move to them); the old owner becomes an admin.
 */
export function transferOwnership(deps: TeamDeps, { user, userId }: { user: CurrentUser; userId: string }): Promise<TeamResponse> {
  return changeTeam(deps, user, async (tx, membership) => {
    if (membership.role !== 'owner') throw new AppError('forbidden', 'Only the team’s owner can hand it over.');
    if (userId === user.id) throw fieldError('userId', 'You already own this team.');
    const member = await memberOf(tx, membership, userId);
    if (await repo.hasBilling(tx, userId)) {
      throw new AppError(
        'conflict',
        `${member.name ?? member.email} has billing of their own from an earlier subscription, so the team’s subscription cannot move to them. Write to support to hand the team over.`,
      );
    }
    // The old owner steps down first: one owner per team at every moment.
    await repo.setRole(tx, membership.teamId, user.id, 'admin');
    await repo.setRole(tx, membership.teamId, userId, 'owner');
    await repo.moveBilling(tx, user.id, userId);
    await recordAudit(tx, { action: 'team.ownership_transferred', actorUserId: user.id, targetType: 'team', targetId: membership.teamId, details: { from: user.id, to: userId } });
  });
}

/**
 * Seats the caller's team uses (members and pending invitations) when the caller owns one, else 1:
 * the floor of PUT /api/billing/seats (ADR 062).
 */
export async function seatsInUse(db: Db, userId: string): Promise<number> {
  const membership = await repo.findMembership(db, userId);
  if (!membership || membership.role !== 'owner') return 1;
  return repo.seatsUsed(db, membership.teamId);
}
