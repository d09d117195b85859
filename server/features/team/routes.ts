import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  AcceptInvitationRequest,
  CreateInvitationRequest,
  CreateTeamRequest,
  InvitationParams,
  InvitationPreview,
  InvitationPreviewQuery,
  MemberParams,
  RemoveMemberQuery,
  TeamResponse,
  TeamUsageQuery,
  TeamUsageResponse,
  TransferOwnershipRequest,
  UpdateMemberRequest,
} from '../../../contract/team';
import type { AppDeps, AppEnv } from '../../lib/context';
import { signedInGuard } from '../../lib/guards';
import { errorResponse, json, jsonBody, publicAccess, signedIn } from '../../lib/openapi';
import { enforceRateLimits } from '../../lib/rate-limit';
import { writeCsv } from '../../lib/exporters/csv';
import * as team from './service';
import { usageTable } from './usage';

/*
 * Teams (docs/decisions/061-teams.md): session calls only (an API key acts for one recruiter, not
 * for the team's administration). Every answer is the caller's team as they may see it.
 */

const teamDeps = ({ db, env, services }: AppDeps): team.TeamDeps => ({ db, env, searchCounts: services.searchCounts });

const errors = {
  badRequest: { 400: errorResponse('A bad field (named in error.fields)') },
  unauthenticated: { 401: errorResponse('Not signed in') },
  forbidden: { 403: errorResponse('The caller’s role in the team does not allow it') },
  notFound: { 404: errorResponse('Not in a team, or no such member or invitation in the caller’s team') },
  conflict: { 409: errorResponse('The team’s rules refuse it (seats, the owner, another team); the message says why') },
  rateLimited: { 429: errorResponse('Too many changes: wait (Retry-After) and try again') },
};
const teamAnswer = (description: string) => ({ 200: { description, ...json(TeamResponse) } });
const guarded = { security: signedIn, middleware: signedInGuard, tags: ['team'] };

function limit<E extends AppEnv>(c: Context<E>, rule: 'invitationsPerUser' | 'acceptsPerUser' | 'changesPerUser', userId: string) {
  return enforceRateLimits([[c.var.deps.services.teamRateLimits[rule], userId]]);
}

const getUsage = createRoute({
  method: 'get',
  path: '/team/usage',
  operationId: 'getTeamUsage',
  summary: 'The team’s usage per member and day (searches, reveals, exported contacts, list adds, last active) for a period; owners and admins; format=csv for the file',
  ...guarded,
  request: { query: TeamUsageQuery },
  responses: {
    200: {
      description: 'The usage (JSON), or one row per member (CSV)',
      content: { 'application/json': { schema: TeamUsageResponse }, 'text/csv': { schema: { type: 'string', format: 'binary' } } },
    },
    ...errors.badRequest,
    ...errors.unauthenticated,
    ...errors.forbidden,
    ...errors.notFound,
  },
});

const getTeam = createRoute({
  method: 'get',
  path: '/team',
  operationId: 'getTeam',
  summary: 'The caller’s team: members, roles, seats and (owners and admins) open invitations; null when in none',
  ...guarded,
  responses: { ...teamAnswer('The team, or null'), ...errors.unauthenticated },
});

const createTeam = createRoute({
  method: 'post',
  path: '/team',
  operationId: 'createTeam',
  summary: 'Start a team (a subscriber; they own it and their subscription is its plan)',
  ...guarded,
  request: jsonBody(CreateTeamRequest),
  responses: {
    201: { description: 'The new team', ...json(TeamResponse) },
    ...errors.badRequest,
    ...errors.unauthenticated,
    403: errorResponse('No plan of the caller’s own (subscription_required)'),
    ...errors.conflict,
    ...errors.rateLimited,
  },
});

const renameTeam = createRoute({
  method: 'patch',
  path: '/team',
  operationId: 'renameTeam',
  summary: 'Rename the team (owners and admins)',
  ...guarded,
  request: jsonBody(CreateTeamRequest),
  responses: { ...teamAnswer('The team'), ...errors.badRequest, ...errors.unauthenticated, ...errors.forbidden, ...errors.notFound, ...errors.rateLimited },
});

const inviteMember = createRoute({
  method: 'post',
  path: '/team/invitations',
  operationId: 'inviteTeamMember',
  summary: 'Invite a recruiter by email (owners and admins): a single-use link for 7 days that holds a seat',
  ...guarded,
  request: jsonBody(CreateInvitationRequest),
  responses: {
    ...teamAnswer('The team with the invitation'),
    ...errors.badRequest,
    ...errors.unauthenticated,
    ...errors.forbidden,
    ...errors.notFound,
    ...errors.conflict,
    ...errors.rateLimited,
  },
});

const resendInvitation = createRoute({
  method: 'post',
  path: '/team/invitations/{invitationId}/resend',
  operationId: 'resendTeamInvitation',
  summary: 'Send an invitation again with a new link (the old one stops working), 7 more days',
  ...guarded,
  request: { params: InvitationParams },
  responses: {
    ...teamAnswer('The team'),
    ...errors.badRequest,
    ...errors.unauthenticated,
    ...errors.forbidden,
    ...errors.notFound,
    ...errors.conflict,
    ...errors.rateLimited,
  },
});

const revokeInvitation = createRoute({
  method: 'delete',
  path: '/team/invitations/{invitationId}',
  operationId: 'revokeTeamInvitation',
  summary: 'Revoke an invitation: its link stops working and its seat is free',
  ...guarded,
  request: { params: InvitationParams },
  responses: { ...teamAnswer('The team'), ...errors.badRequest, ...errors.unauthenticated, ...errors.forbidden, ...errors.notFound, ...errors.rateLimited },
});

const previewInvitation = createRoute({
  method: 'get',
  path: '/team/invitations/preview',
  operationId: 'previewTeamInvitation',
  summary: 'What an invitation link is for (the team, who invited, the role, the address), before signing in',
  tags: ['team'],
  security: publicAccess,
  request: { query: InvitationPreviewQuery },
  responses: {
    200: { description: 'The invitation', ...json(InvitationPreview) },
    ...errors.badRequest,
    404: errorResponse('No open invitation has this link'),
  },
});

const acceptInvitation = createRoute({
  method: 'post',
  path: '/team/invitations/accept',
  operationId: 'acceptTeamInvitation',
  summary: 'Join the team of an invitation sent to the caller’s address',
  ...guarded,
  request: jsonBody(AcceptInvitationRequest),
  responses: {
    ...teamAnswer('The team joined'),
    ...errors.badRequest,
    ...errors.unauthenticated,
    403: errorResponse('The invitation was sent to another address'),
    404: errorResponse('No open invitation has this link'),
    ...errors.conflict,
    ...errors.rateLimited,
  },
});

const changeRole = createRoute({
  method: 'patch',
  path: '/team/members/{userId}',
  operationId: 'updateTeamMember',
  summary: 'Make a member an admin or back (never the owner), or set their monthly reveal cap (owners and admins)',
  ...guarded,
  request: { params: MemberParams, ...jsonBody(UpdateMemberRequest) },
  responses: {
    ...teamAnswer('The team'),
    ...errors.badRequest,
    ...errors.unauthenticated,
    ...errors.forbidden,
    ...errors.notFound,
    ...errors.conflict,
    ...errors.rateLimited,
  },
});

const removeMember = createRoute({
  method: 'delete',
  path: '/team/members/{userId}',
  operationId: 'removeTeamMember',
  summary:
    'Remove a member (owners and admins; never the owner; their lists and saved searches go to transferTo, an owner or admin, default the caller), or leave (one’s own id): access under the team ends at once',
  ...guarded,
  request: { params: MemberParams, query: RemoveMemberQuery },
  responses: {
    ...teamAnswer('The team (null for who left)'),
    ...errors.badRequest,
    ...errors.unauthenticated,
    ...errors.forbidden,
    ...errors.notFound,
    ...errors.conflict,
    ...errors.rateLimited,
  },
});

const transferOwnership = createRoute({
  method: 'post',
  path: '/team/ownership',
  operationId: 'transferTeamOwnership',
  summary: 'Hand the team, and its subscription, to a member (the owner; they become an admin)',
  ...guarded,
  request: jsonBody(TransferOwnershipRequest),
  responses: {
    ...teamAnswer('The team'),
    ...errors.badRequest,
    ...errors.unauthenticated,
    ...errors.forbidden,
    ...errors.notFound,
    ...errors.conflict,
    ...errors.rateLimited,
  },
});

export const teamRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getUsage, async (c) => {
    const { from, to, format } = c.req.valid('query');
    const usage = await team.getUsage(teamDeps(c.var.deps), { user: c.var.user, from, to });
    c.header('Cache-Control', 'private, no-store');
    if (format !== 'csv') return c.json(usage, 200);
    const body = writeCsv(usageTable(usage));
    return new Response(new Uint8Array(body), {
      status: 200,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="team-usage-${usage.from}-to-${usage.to}.csv"`,
        'Cache-Control': 'private, no-store',
      },
    }) as never;
  })
  .openapi(getTeam, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await team.getTeam(teamDeps(c.var.deps), { user: c.var.user }), 200);
  })
  .openapi(createTeam, async (c) => {
    await limit(c, 'changesPerUser', c.var.user.id);
    return c.json(await team.createTeam(teamDeps(c.var.deps), { user: c.var.user, name: c.req.valid('json').name }), 201);
  })
  .openapi(renameTeam, async (c) => {
    await limit(c, 'changesPerUser', c.var.user.id);
    return c.json(await team.renameTeam(teamDeps(c.var.deps), { user: c.var.user, name: c.req.valid('json').name }), 200);
  })
  .openapi(inviteMember, async (c) => {
    await limit(c, 'invitationsPerUser', c.var.user.id);
    const { email, role } = c.req.valid('json');
    return c.json(await team.inviteMember(teamDeps(c.var.deps), { user: c.var.user, email, role }), 200);
  })
  .openapi(resendInvitation, async (c) => {
    await limit(c, 'invitationsPerUser', c.var.user.id);
    return c.json(await team.resendInvitation(teamDeps(c.var.deps), { user: c.var.user, invitationId: c.req.valid('param').invitationId }), 200);
  })
  .openapi(revokeInvitation, async (c) => {
    await limit(c, 'changesPerUser', c.var.user.id);
    return c.json(await team.revokeInvitation(teamDeps(c.var.deps), { user: c.var.user, invitationId: c.req.valid('param').invitationId }), 200);
  })
  .openapi(previewInvitation, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await team.previewInvitation(teamDeps(c.var.deps), { token: c.req.valid('query').token }), 200);
  })
  .openapi(acceptInvitation, async (c) => {
    await limit(c, 'acceptsPerUser', c.var.user.id);
    return c.json(await team.acceptInvitation(teamDeps(c.var.deps), { user: c.var.user, token: c.req.valid('json').token }), 200);
  })
  .openapi(changeRole, async (c) => {
    await limit(c, 'changesPerUser', c.var.user.id);
    const { userId } = c.req.valid('param');
    const { role, revealCap, exportCap } = c.req.valid('json');
    return c.json(await team.updateMember(teamDeps(c.var.deps), { user: c.var.user, userId, role, revealCap, exportCap }), 200);
  })
  .openapi(removeMember, async (c) => {
    await limit(c, 'changesPerUser', c.var.user.id);
    const { transferTo } = c.req.valid('query');
    return c.json(await team.removeMember(teamDeps(c.var.deps), { user: c.var.user, userId: c.req.valid('param').userId, transferTo }), 200);
  })
  .openapi(transferOwnership, async (c) => {
    await limit(c, 'changesPerUser', c.var.user.id);
    return c.json(await team.transferOwnership(teamDeps(c.var.deps), { user: c.var.user, userId: c.req.valid('json').userId }), 200);
  });
