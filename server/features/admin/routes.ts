import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  AdminOverview,
  ApproveSubmissionRequest,
  ListAuditEventsQuery,
  ListAuditEventsResponse,
  ListSubmissionsQuery,
  ListSubmissionsResponse,
  ListUsersQuery,
  ListUsersResponse,
  ProcessSubmissionResponse,
  RevokeSessionsResponse,
  SetUserRoleRequest,
  SetUserRoleResponse,
  SubmissionIdParams,
  UserDetail,
  UserIdParams,
  UserStats,
} from '../../../contract/admin';
import type { AppDeps, AppEnv } from '../../lib/context';
import { capabilityGuard, type GuardedContext } from '../../lib/guards';
import { errorResponse, json, jsonBody, signedIn } from '../../lib/openapi';
import { clientIp } from '../../lib/rate-limit';

import { adminService, type AdminDeps } from './service';

/** What the admin calls use of the app (ADR 060), handed in here. */
const adminDeps = ({ db, env, services }: AppDeps): AdminDeps => ({ db, env, directory: services.directory });

/** Every admin call: 401 signed out, 403 for a signed-in non-admin. */
const guarded = {
  tags: ['admin'],
  security: signedIn,
  middleware: capabilityGuard('admin:access'),
};
const guardResponses = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Signed in, but not an admin'),
};

/** The admin making the call, with the client IP for the audit row. */
function actorOf(c: GuardedContext) {
  return { userId: c.var.user.id, ip: clientIp(c, c.var.deps.env.TRUST_PROXY) };
}

const getOverview = createRoute({
  method: 'get',
  path: '/admin/overview',
  operationId: 'getAdminOverview',
  summary: "The operator's numbers: users, subscribers per plan, MRR, 30 days of exports and reveals, open items",
  ...guarded,
  responses: { 200: { description: 'The numbers', ...json(AdminOverview) }, ...guardResponses },
});

const listSubmissions = createRoute({
  method: 'get',
  path: '/admin/submissions',
  operationId: 'listSubmissions',
  summary: 'Resume submissions of one status (default pending), 25 a page, with every status count',
  ...guarded,
  request: { query: ListSubmissionsQuery },
  responses: {
    200: { description: 'One page', ...json(ListSubmissionsResponse) },
    400: errorResponse('A bad parameter'),
    ...guardResponses,
  },
});

const approveSubmission = createRoute({
  method: 'post',
  path: '/admin/submissions/{id}/approve',
  operationId: 'approveSubmission',
  summary:
    'Approve a pending resume: creates or updates the directory record (matched on NPI, else email), searchable at once; emails the physician',
  ...guarded,
  request: { params: SubmissionIdParams, body: { required: false, ...json(ApproveSubmissionRequest) } },
  responses: {
    200: { description: 'Approved', ...json(ProcessSubmissionResponse) },
    400: errorResponse("A bad id or specialty; or an 'Other' resume approved without one of the 18 (fields.specialty)"),
    ...guardResponses,
    404: errorResponse('No such submission'),
    409: errorResponse('Already processed, or the email / NPI is on the removal (suppression) list'),
  },
});

const rejectSubmission = createRoute({
  method: 'post',
  path: '/admin/submissions/{id}/reject',
  operationId: 'rejectSubmission',
  summary: 'Reject a pending resume (the row is kept, marked rejected, with who and when)',
  ...guarded,
  request: { params: SubmissionIdParams },
  responses: {
    200: { description: 'Rejected', ...json(ProcessSubmissionResponse) },
    400: errorResponse('A bad id'),
    ...guardResponses,
    404: errorResponse('No such submission'),
    409: errorResponse('Already processed'),
  },
});

const listUsers = createRoute({
  method: 'get',
  path: '/admin/users',
  operationId: 'listUsers',
  summary: 'One page (25) of the user summary, newest first, searched by email on the server',
  ...guarded,
  request: { query: ListUsersQuery },
  responses: {
    200: { description: 'One page', ...json(ListUsersResponse) },
    400: errorResponse('A bad parameter'),
    ...guardResponses,
  },
});

const getUserStats = createRoute({
  method: 'get',
  path: '/admin/users/stats',
  operationId: 'getUserStats',
  summary: 'The stat cards of /users: Total Users, Active Subscriptions, Total Exports',
  ...guarded,
  responses: { 200: { description: 'The stats', ...json(UserStats) }, ...guardResponses },
});

const getUser = createRoute({
  method: 'get',
  path: '/admin/users/{id}',
  operationId: 'getUserDetail',
  summary: "One user: profile, role, subscription, live sessions, recent exports and reveals",
  ...guarded,
  request: { params: UserIdParams },
  responses: {
    200: { description: 'The user', ...json(UserDetail) },
    400: errorResponse('A bad id'),
    ...guardResponses,
    404: errorResponse('No such user'),
  },
});

const revokeSessions = createRoute({
  method: 'post',
  path: '/admin/users/{id}/sessions/revoke',
  operationId: 'revokeUserSessions',
  summary: "Sign the user out everywhere (deletes every session; audited)",
  ...guarded,
  request: { params: UserIdParams },
  responses: {
    200: { description: 'How many sessions ended', ...json(RevokeSessionsResponse) },
    400: errorResponse('A bad id'),
    ...guardResponses,
    404: errorResponse('No such user'),
  },
});

const setUserRole = createRoute({
  method: 'put',
  path: '/admin/users/{id}/role',
  operationId: 'setUserRole',
  summary: 'Grant or revoke admin (audited); an admin cannot revoke their own role or the last admin',
  ...guarded,
  request: { params: UserIdParams, ...jsonBody(SetUserRoleRequest) },
  responses: {
    200: { description: 'The role now', ...json(SetUserRoleResponse) },
    400: errorResponse('A bad id or role'),
    ...guardResponses,
    404: errorResponse('No such user'),
    409: errorResponse('Own role, or the last admin'),
  },
});

const listAudit = createRoute({
  method: 'get',
  path: '/admin/audit',
  operationId: 'listAuditEvents',
  summary: 'The audit log, newest first, 50 a page, filtered by user email, action and days',
  ...guarded,
  request: { query: ListAuditEventsQuery },
  responses: {
    200: { description: 'One page', ...json(ListAuditEventsResponse) },
    400: errorResponse('A bad parameter'),
    ...guardResponses,
  },
});

const noStore = <E extends AppEnv>(c: Context<E>) => c.header('Cache-Control', 'private, no-store');

export const adminRoutes = new OpenAPIHono<AppEnv>();
adminRoutes
  .openapi(getOverview, async (c) => {
    noStore(c);
    return c.json(await adminService.overview(adminDeps(c.var.deps)), 200);
  })
  .openapi(listSubmissions, async (c) => {
    noStore(c);
    return c.json(await adminService.listSubmissions(adminDeps(c.var.deps), c.req.valid('query')), 200);
  })
  .openapi(approveSubmission, async (c) => {
    const actor = actorOf(c);
    return c.json(
      await adminService.approveSubmission(adminDeps(c.var.deps), c.req.valid('param').id, actor, c.req.valid('json')),
      200,
    );
  })
  .openapi(rejectSubmission, async (c) => {
    const actor = actorOf(c);
    return c.json(await adminService.rejectSubmission(adminDeps(c.var.deps), c.req.valid('param').id, actor), 200);
  })
  .openapi(listUsers, async (c) => {
    noStore(c);
    return c.json(await adminService.listUsers(adminDeps(c.var.deps), c.req.valid('query')), 200);
  })
  .openapi(getUserStats, async (c) => {
    noStore(c);
    return c.json(await adminService.userStats(adminDeps(c.var.deps)), 200);
  })
  .openapi(getUser, async (c) => {
    noStore(c);
    return c.json(await adminService.userDetail(adminDeps(c.var.deps), c.req.valid('param').id), 200);
  })
  .openapi(revokeSessions, async (c) => {
    const actor = actorOf(c);
    return c.json(await adminService.revokeSessions(adminDeps(c.var.deps), c.req.valid('param').id, actor), 200);
  })
  .openapi(setUserRole, async (c) => {
    const actor = actorOf(c);
    const { role } = c.req.valid('json');
    return c.json(await adminService.setRole(adminDeps(c.var.deps), c.req.valid('param').id, role, actor), 200);
  })
  .openapi(listAudit, async (c) => {
    noStore(c);
    return c.json(await adminService.listAudit(adminDeps(c.var.deps), c.req.valid('query')), 200);
  });
