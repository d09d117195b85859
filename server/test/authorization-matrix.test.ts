import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../features/auth/session';
import {
  createTestContext,
  createTestUser,
  resumeSubmission,
  submitConfirmedResume,
  TEST_PASSWORD,
  type TestAgent,
  type TestResponse,
} from './harness';
import { insertPhysicians } from './support/physicians';
import { signedInAgents } from './support/roles';

/*
 * Authorisation matrix: every operation of /api/openapi.json x every kind of caller,
 * with the expected status from ONE table (EXPECTED below). An operation without a row fails the
 * test, so a new endpoint cannot escape it. The same calls feed a leak scan: nothing a physician
 * can be reached by (email, phone) reaches an anonymous or free caller.
 *
 * 'unverified' holds a session of an account whose email was never verified (sign-in refuses such an
 * account, so the session can only be left over or forged into the table): it must be treated exactly
 * as anonymous, so its expected status is the anonymous one of each row (no column of its own).
 * 'other' is a basic user calling an owned resource of someone else (a list, a saved search, a
 * demo checkout session): it must look missing (404), never readable or writable.
 * 400 means 'authorised, but the minimal body was invalid': the guard let the caller through.
 * 'premiumKey' is a premium user's API key (Authorization: Bearer, no cookie, no CSRF header; ADR 022):
 * on the operations whose security lists bearerAuth it must answer exactly what the premium column
 * says, and 401 on every other operation (no column of its own either).
 */

type Caller = 'anonymous' | 'unverified' | 'free' | 'basic' | 'premium' | 'admin' | 'other' | 'premiumKey';
const CALLERS: Caller[] = ['anonymous', 'unverified', 'free', 'basic', 'premium', 'admin', 'other', 'premiumKey'];
type Row = Partial<Record<Caller, number>>;

/*
 * Read against each feature's routes. Notes on rows that are not 200/401/403:
 * - public calls with a body (auth, submissions, removal, contact form, webhook): 400 for everyone
 *   because the minimal body is empty. Signed-in calls with a body (profile, checkout, demo pay and
 *   portal): 401 for anonymous (app.ts checks the session before validation), 400 for the others.
 * - select-all: premium (selection:all); exports: premium; profile.pdf: admin (profile:export).
 * - lists: free may create/rename/delete its own lists and remove members, not add (lists:add).
 * - billing portal / demo checkout / demo portal: 404 without a provider subscription or session.
 * - refund-request: 409 for a caller without a refundable payment.
 * - dev mailbox: 404 outside development.
 * - reject: 409 for the admin, as the one fixture submission was approved by the row before.
 * - refund request resolve: 404 for the admin (a well-formed id of no request: the guard let it through).
 * - import upload: 400 for the admin (no kind, no file name, no file); an import by id: 400 ('{id}' is no UUID).
 * - matches: Monthly and up upload (400: the minimal body has no file) and read, resolve (404: a
 *   well-formed id of no upload); the enriched download needs the Annual Plan (404 past the guard).
 */
const EXPECTED: Record<string, Row> = {
  'GET /api/health': { anonymous: 200, free: 200, basic: 200, premium: 200, admin: 200 },
  'GET /api/me': { anonymous: 200, free: 200, basic: 200, premium: 200, admin: 200 },
  'GET /api/ready': { anonymous: 200, free: 200, basic: 200, premium: 200, admin: 200 },
  // Operations: this machine only (the matrix's callers are not), whoever is signed in.
  'GET /metrics': { anonymous: 404, free: 404, basic: 404, premium: 404, admin: 404 },
  'POST /api/backups': { anonymous: 404, free: 404, basic: 404, premium: 404, admin: 404 },
  'POST /api/auth/signup': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/auth/resend-verification': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/auth/verify-email': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/auth/login': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/auth/forgot-password': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/auth/reset-password': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  // Signed in only, guarded before the body is read: 401 anonymous, then 400 for the empty body.
  'POST /api/auth/change-password': { anonymous: 401, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/auth/sign-out-others': { anonymous: 401, free: 200, basic: 200, premium: 200, admin: 200 },
  'GET /api/account/profile': { anonymous: 401, free: 200, basic: 200, premium: 200, admin: 200 },
  'PATCH /api/account/profile': { anonymous: 401, free: 400, basic: 400, premium: 400, admin: 400 },
  'PATCH /api/account/notifications': { anonymous: 401, free: 200, basic: 200, premium: 200, admin: 200 },
  'GET /api/account/exports': { anonymous: 401, free: 200, basic: 200, premium: 200, admin: 200 },
  'GET /api/dev/mailbox': { anonymous: 404, free: 404, basic: 404, premium: 404, admin: 404 },
  'POST /api/dev/alert-runs': { anonymous: 404, free: 404, basic: 404, premium: 404, admin: 404 },
  'GET /api/physicians/select-all': { anonymous: 401, free: 403, basic: 403, premium: 200, admin: 200 },
  'GET /api/physicians': { anonymous: 200, free: 200, basic: 200, premium: 200, admin: 200 },
  'GET /api/physicians/{id}': { anonymous: 200, free: 200, basic: 200, premium: 200, admin: 200 },
  'GET /api/specialties': { anonymous: 200, free: 200, basic: 200, premium: 200, admin: 200 },
  'GET /api/directory/facets': { anonymous: 200, free: 200, basic: 200, premium: 200, admin: 200 },
  'GET /api/directory/hospitals': { anonymous: 200, free: 200, basic: 200, premium: 200, admin: 200 },
  'POST /api/submissions': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'GET /api/lists': { anonymous: 401, free: 200, basic: 200, premium: 200, admin: 200 },
  'POST /api/lists': { anonymous: 401, free: 403, basic: 201, premium: 201, admin: 201 },
  'GET /api/lists/{listId}': { anonymous: 401, free: 200, basic: 200, premium: 200, admin: 200, other: 404 },
  'PATCH /api/lists/{listId}': {
    anonymous: 401,
    free: 200,
    basic: 200,
    premium: 200,
    admin: 200,
    other: 404,
  },
  'DELETE /api/lists/{listId}': {
    anonymous: 401,
    free: 204,
    basic: 204,
    premium: 204,
    admin: 204,
    other: 404,
  },
  'POST /api/lists/{listId}/members': {
    anonymous: 401,
    free: 403,
    basic: 200,
    premium: 200,
    admin: 200,
    other: 404,
  },
  'DELETE /api/lists/{listId}/members': {
    anonymous: 401,
    free: 200,
    basic: 200,
    premium: 200,
    admin: 200,
    other: 404,
  },
  'GET /api/saved-searches': { anonymous: 401, free: 200, basic: 200, premium: 200, admin: 200 },
  'POST /api/saved-searches': { anonymous: 401, free: 201, basic: 201, premium: 201, admin: 201 },
  'DELETE /api/saved-searches/{id}': {
    anonymous: 401,
    free: 204,
    basic: 204,
    premium: 204,
    admin: 204,
    other: 404,
  },
  'PATCH /api/saved-searches/{id}': {
    anonymous: 401,
    free: 200,
    basic: 200,
    premium: 200,
    admin: 200,
    other: 404,
  },
  // Following a teammate's shared search (ADR 061): one's own is refused by field (400), another
  // account's private one looks missing.
  'PUT /api/saved-searches/{id}/following': {
    anonymous: 401,
    free: 400,
    basic: 400,
    premium: 400,
    admin: 400,
    other: 404,
  },
  // Public (the digest's signed link): the minimal body has no signature.
  'POST /api/saved-searches/{id}/unsubscribe': {
    anonymous: 400,
    free: 400,
    basic: 400,
    premium: 400,
    admin: 400,
    other: 400,
  },
  'POST /api/physicians/{id}/contact': { anonymous: 401, free: 403, basic: 200, premium: 200, admin: 200 },
  'GET /api/contacts/allowance': { anonymous: 401, free: 403, basic: 200, premium: 200, admin: 200 },
  'POST /api/exports': { anonymous: 401, free: 403, basic: 403, premium: 200, admin: 200 },
  'GET /api/physicians/{id}/profile.pdf': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 200 },
  'GET /api/admin/overview': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 200 },
  'GET /api/admin/submissions': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 200 },
  'POST /api/admin/submissions/{id}/approve': {
    anonymous: 401,
    free: 403,
    basic: 403,
    premium: 403,
    admin: 200,
  },
  'POST /api/admin/submissions/{id}/reject': {
    anonymous: 401,
    free: 403,
    basic: 403,
    premium: 403,
    admin: 409,
  },
  'GET /api/admin/users': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 200 },
  'GET /api/admin/users/stats': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 200 },
  'GET /api/admin/users/{id}': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 200 },
  'POST /api/admin/users/{id}/sessions/revoke': {
    anonymous: 401,
    free: 403,
    basic: 403,
    premium: 403,
    admin: 200,
  },
  'PUT /api/admin/users/{id}/role': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 400 },
  'GET /api/admin/audit': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 200 },
  'POST /api/billing/checkout': { anonymous: 401, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/billing/portal': { anonymous: 401, free: 404, basic: 404, premium: 404, admin: 404 },
  'GET /api/billing/subscription': { anonymous: 401, free: 200, basic: 200, premium: 200, admin: 200 },
  'PUT /api/billing/seats': { anonymous: 401, free: 400, basic: 400, premium: 400, admin: 400 },
  // Teams (ADR 061): no caller is in a team here, so the calls on one answer 404; the rules between
  // roles and between two teams are team.test.ts's matrix.
  'GET /api/team': { anonymous: 401, free: 200, basic: 200, premium: 200, admin: 200 },
  'POST /api/team': { anonymous: 401, free: 400, basic: 400, premium: 400, admin: 400 },
  'PATCH /api/team': { anonymous: 401, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/team/invitations': { anonymous: 401, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/team/invitations/{invitationId}/resend': { anonymous: 401, free: 404, basic: 404, premium: 404, admin: 404 },
  'DELETE /api/team/invitations/{invitationId}': { anonymous: 401, free: 404, basic: 404, premium: 404, admin: 404 },
  'GET /api/team/invitations/preview': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/team/invitations/accept': { anonymous: 401, free: 400, basic: 400, premium: 400, admin: 400 },
  'PATCH /api/team/members/{userId}': { anonymous: 401, free: 400, basic: 400, premium: 400, admin: 400 },
  'DELETE /api/team/members/{userId}': { anonymous: 401, free: 404, basic: 404, premium: 404, admin: 404 },
  'POST /api/team/ownership': { anonymous: 401, free: 400, basic: 400, premium: 400, admin: 400 },
  // Owners and admins of a team only; nobody here is in one, so 404 (team.test.ts, usage.test.ts).
  'GET /api/team/usage': { anonymous: 401, free: 404, basic: 404, premium: 404, admin: 404 },
  // No billing customer (and a session id of no one): 404 for everyone signed in.
  'GET /api/billing/checkout-sessions/{sessionId}': {
    anonymous: 401,
    free: 404,
    basic: 404,
    premium: 404,
    admin: 404,
    other: 404,
  },
  'POST /api/billing/webhook': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/billing/refund-request': { anonymous: 401, free: 409, basic: 409, premium: 409, admin: 409 },
  'GET /api/admin/refund-requests': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 200 },
  'POST /api/admin/refund-requests/{id}/resolve': {
    anonymous: 401,
    free: 403,
    basic: 403,
    premium: 403,
    admin: 404,
  },
  'POST /api/admin/imports': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 400 },
  'GET /api/admin/imports': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 200 },
  'GET /api/admin/imports/{id}': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 400 },
  'GET /api/billing/demo/checkout/{sessionId}': {
    anonymous: 401,
    free: 404,
    basic: 404,
    premium: 404,
    admin: 404,
    other: 404,
  },
  'POST /api/billing/demo/checkout/{sessionId}/pay': {
    anonymous: 401,
    free: 400,
    basic: 400,
    premium: 400,
    admin: 400,
    other: 400,
  },
  'GET /api/billing/demo/portal': { anonymous: 401, free: 404, basic: 404, premium: 404, admin: 404 },
  'POST /api/billing/demo/portal': { anonymous: 401, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/removal-requests': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/removal-requests/confirm': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/submissions/confirm': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/contact-messages': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'GET /api/admin/contact-messages': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 200 },
  'POST /api/auth/logout': { anonymous: 200, free: 200, basic: 200, premium: 200, admin: 200 },
  // API keys: premium and admins create (free and basic 403); anyone signed in lists and revokes
  // their own (a missing id: 404).
  'POST /api/account/api-keys': { anonymous: 401, free: 403, basic: 403, premium: 201, admin: 201 },
  'GET /api/account/api-keys': { anonymous: 401, free: 200, basic: 200, premium: 200, admin: 200 },
  'DELETE /api/account/api-keys/{id}': { anonymous: 401, free: 404, basic: 404, premium: 404, admin: 404 },
  // Webhooks (ADR 065): Monthly and Annual Plans (a recruiter in no team manages their own); the
  // minimal body is empty (400), a missing endpoint 404.
  'GET /api/integrations/bullhorn': { anonymous: 401, free: 403, basic: 200, premium: 200, admin: 200 },
  'POST /api/integrations/bullhorn/connection': { anonymous: 401, free: 403, basic: 400, premium: 400, admin: 400 },
  'DELETE /api/integrations/bullhorn/connection': { anonymous: 401, free: 403, basic: 404, premium: 404, admin: 404 },
  'GET /api/integrations/bullhorn/callback': { anonymous: 401, free: 403, basic: 302, premium: 302, admin: 302 },
  'POST /api/integrations/bullhorn/pushes': { anonymous: 401, free: 403, basic: 400, premium: 400, admin: 400 },
  'GET /api/integrations/bullhorn/pushes': { anonymous: 401, free: 403, basic: 200, premium: 200, admin: 200 },
  'GET /api/integrations/bullhorn/pushes/{id}': { anonymous: 401, free: 403, basic: 404, premium: 404, admin: 404 },
  'POST /api/outreach/campaigns/check': { anonymous: 401, free: 403, basic: 400, premium: 400, admin: 400 },
  'POST /api/outreach/campaigns': { anonymous: 401, free: 403, basic: 400, premium: 400, admin: 400 },
  'GET /api/outreach/campaigns': { anonymous: 401, free: 403, basic: 200, premium: 200, admin: 200 },
  'GET /api/outreach/campaigns/{id}': { anonymous: 401, free: 403, basic: 404, premium: 404, admin: 404 },
  'GET /api/admin/outreach/senders': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 200 },
  'PUT /api/admin/outreach/senders/{sender}/suspension': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 400 },
  'GET /api/outreach/preferences': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'PUT /api/outreach/preferences': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'GET /api/outreach/unsubscribe': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/outreach/unsubscribe': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  // The preferences link asked for by email and its use: public, the minimal body is empty (400).
  'POST /api/outreach/preferences/link': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  'POST /api/outreach/preferences/access': { anonymous: 400, free: 400, basic: 400, premium: 400, admin: 400 },
  // The complaints intake takes only OUTREACH_COMPLAINTS_TOKEN, unset here: off (404) for every
  // session; an API key is a credential sent where none is set (401, as every key elsewhere).
  'POST /api/outreach/complaints': { anonymous: 404, free: 404, basic: 404, premium: 404, admin: 404 },
  'GET /api/integrations/webhooks': { anonymous: 401, free: 403, basic: 200, premium: 200, admin: 200 },
  'POST /api/integrations/webhooks': { anonymous: 401, free: 403, basic: 400, premium: 400, admin: 400 },
  'PATCH /api/integrations/webhooks/{id}': { anonymous: 401, free: 403, basic: 400, premium: 400, admin: 400 },
  'DELETE /api/integrations/webhooks/{id}': { anonymous: 401, free: 403, basic: 404, premium: 404, admin: 404 },
  'POST /api/integrations/webhooks/{id}/secret': { anonymous: 401, free: 403, basic: 404, premium: 404, admin: 404 },
  'GET /api/integrations/webhooks/{id}/deliveries': { anonymous: 401, free: 403, basic: 404, premium: 404, admin: 404 },
  'POST /api/integrations/webhooks/{id}/deliveries/{deliveryId}/retry': { anonymous: 401, free: 403, basic: 404, premium: 404, admin: 404 },
  'POST /api/integrations/webhooks/{id}/test': { anonymous: 401, free: 403, basic: 404, premium: 404, admin: 404 },
  // Report wrong contact: reveal holders only; the minimal body is empty (400).
  'POST /api/contact-reports': { anonymous: 401, free: 403, basic: 400, premium: 400, admin: 400 },
  'GET /api/admin/contact-reports': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 200 },
  'POST /api/matches': { anonymous: 401, free: 403, basic: 400, premium: 400, admin: 400 },
  'POST /api/matches/preview': { anonymous: 401, free: 403, basic: 400, premium: 400, admin: 400 },
  'GET /api/matches/{id}': { anonymous: 401, free: 403, basic: 404, premium: 404, admin: 404 },
  'POST /api/matches/{id}/rows/{row}': { anonymous: 401, free: 403, basic: 404, premium: 404, admin: 404 },
  'GET /api/matches/{id}/enriched': { anonymous: 401, free: 403, basic: 403, premium: 404, admin: 404 },
  // Contact verification (ADR 032): the pages' coverage is public; the operators' page and
  // 'verify now' (of the fixture physician) are admins'.
  'GET /api/verification/summary': { anonymous: 200, free: 200, basic: 200, premium: 200, admin: 200 },
  'GET /api/admin/verification': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 200 },
  'POST /api/admin/verification/physicians/{id}': { anonymous: 401, free: 403, basic: 403, premium: 403, admin: 200 },
  // A well-formed id of no report: 404 for the admin (the guard let it through).
  'POST /api/admin/contact-reports/{id}/resolve': {
    anonymous: 401,
    free: 403,
    basic: 403,
    premium: 403,
    admin: 404,
  },
};

const ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '1000' } });
afterAll(() => ctx.close());

// Fixture ids far above the identity sequence: an approved submission inserts a physician with the
// next generated id, which explicit low ids would collide with.
const BASE = 1_000_000;
const PHYSICIAN_ID = BASE + 1;
const SECRET = {
  personalEmail: 'leak.personal@physician-secret.test',
  workEmail: 'leak.work@physician-secret.test',
  mobile: '(555) 777-1234',
  office: '(555) 777-5678',
};
const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

type Ops = Array<{ method: string; path: string; operationId: string; hasBody: boolean; acceptsKey: boolean }>;
let ops: Ops = [];
const agents = {} as Record<Exclude<Caller, 'other' | 'premiumKey'>, { agent: TestAgent; userId: string | null }>;
let premiumKey: { key: string; userId: string };
function expectedStatus(row: Row, caller: Caller, op: Ops[number]) {
  if (caller === 'premiumKey') return op.acceptsKey ? row.premium : 401;
  return row[caller === 'unverified' ? 'anonymous' : caller];
}
/** Each signed-in caller's own address, by user id. */
const ownEmails = new Map<string | null, string>();
let owner: { agent: TestAgent; user: { id: string } };
let targetUserId: string;
let submissionId: string;

beforeAll(async () => {
  await insertPhysicians(
    ctx.db,
    [BASE + 1, BASE + 2, BASE + 3].map((id) => ({
      id,
      firstName: `First${id}`,
      lastName: `Last${id}`,
      specialty: 'Cardiology',
      city: 'Boston',
      state: 'MA',
    })),
  );
  await ctx.db.sql.query(
    'INSERT INTO physician_contacts (physician_id, personal_email, work_email, mobile_phone, office_phone) VALUES ($1, $2, $3, $4, $5)',
    [PHYSICIAN_ID, SECRET.personalEmail, SECRET.workEmail, SECRET.mobile, SECRET.office],
  );
  await ctx.deps.services.directory.directoryChanged();
  agents.anonymous = { agent: ctx.agent(), userId: null };
  Object.assign(agents, await signedInAgents(ctx));
  const users = await ctx.db.sql.query<{ id: string; email: string }>('SELECT id, email FROM users');
  for (const user of users.rows) ownEmails.set(user.id, user.email);
  const unverifiedUser = await createTestUser(ctx.db, { verified: false, role: 'admin', tier: 'premium' });
  const unverifiedAgent = ctx.agent();
  unverifiedAgent.setCookie(SESSION_COOKIE, (await createSession(ctx.db, unverifiedUser.id)).token);
  agents.unverified = { agent: unverifiedAgent, userId: unverifiedUser.id };
  owner = await ctx.signedInAgent({ tier: 'premium' });
  const keyOwner = await ctx.signedInAgent({ tier: 'premium' });
  const created = await keyOwner.agent.post('/api/account/api-keys', { name: 'Matrix' });
  expect(created.status).toBe(201);
  premiumKey = { key: created.body.key, userId: keyOwner.user.id };
  targetUserId = (await ctx.signedInAgent({ tier: 'free' })).user.id;
  await submitConfirmedResume(ctx, resumeSubmission({ email: 'ada.candidate@example.com' }));
  const { rows } = await ctx.db.sql.query<{ id: string }>(
    'SELECT id::text AS id FROM candidate_submissions LIMIT 1',
  );
  submissionId = rows[0]?.id ?? '1';
  const doc = await ctx.agent().get('/api/openapi.json');
  expect(doc.status).toBe(200);
  ops = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.body.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        hasBody: !!op.requestBody,
        acceptsKey: (op.security ?? []).some((s: Record<string, unknown>) => 'bearerAuth' in s),
      });
    }
  }
});

/** Fresh owned resources for one call, so deletes cannot disturb the next call. */
async function ownedIds(userId: string | null) {
  if (!userId) return { listId: '999999', savedSearchId: '999999', sessionId: 'cs_missing' };
  const list = await ctx.db.sql.query<{ id: string }>(
    'INSERT INTO physician_lists (user_id, name) VALUES ($1, $2) RETURNING id::text AS id',
    [userId, `List ${randomBytes(3).toString('hex')}`],
  );
  await ctx.db.sql.query('INSERT INTO list_members (list_id, physician_id) VALUES ($1, $2)', [
    list.rows[0].id,
    BASE + 2,
  ]);
  // One fresh saved search at a time: a free user keeps at most 20 (contract/limits.ts).
  await ctx.db.sql.query('DELETE FROM saved_searches WHERE user_id = $1', [userId]);
  const saved = await ctx.db.sql.query<{ id: string }>(
    `INSERT INTO saved_searches (user_id, name, params) VALUES ($1, $2, '{"query":"card"}') RETURNING id::text AS id`,
    [userId, `Saved ${randomBytes(3).toString('hex')}`],
  );
  return { listId: list.rows[0].id, savedSearchId: saved.rows[0].id, sessionId: 'cs_missing' };
}

function buildRequest(op: Ops[number], ids: Awaited<ReturnType<typeof ownedIds>>) {
  const path = op.path
    .replace('{listId}', ids.listId)
    .replace('{sessionId}', ids.sessionId)
    .replace(/^\/api\/saved-searches\/\{id\}/, `/api/saved-searches/${ids.savedSearchId}`)
    .replace(/^\/api\/physicians\/\{id\}/, `/api/physicians/${PHYSICIAN_ID}`)
    .replace(/^\/api\/admin\/submissions\/\{id\}/, `/api/admin/submissions/${submissionId}`)
    .replace(/^\/api\/admin\/users\/\{id\}/, `/api/admin/users/${targetUserId}`)
    .replace(/^\/api\/admin\/refund-requests\/\{id\}/, `/api/admin/refund-requests/${MISSING_UUID}`)
    .replace(/^\/api\/account\/api-keys\/\{id\}/, `/api/account/api-keys/${MISSING_UUID}`)
    .replace(/^\/api\/integrations\/webhooks\/\{id\}/, `/api/integrations/webhooks/${MISSING_UUID}`)
    .replace(/^\/api\/outreach\/campaigns\/\{id\}/, `/api/outreach/campaigns/${MISSING_UUID}`)
    .replace(/^\/api\/integrations\/bullhorn\/pushes\/\{id\}/, `/api/integrations/bullhorn/pushes/${MISSING_UUID}`)
    .replace('{deliveryId}', MISSING_UUID)
    .replace(/^\/api\/admin\/contact-reports\/\{id\}/, '/api/admin/contact-reports/999999')
    .replace(/^\/api\/matches\/\{id\}/, `/api/matches/${MISSING_UUID}`)
    .replace('{row}', '1')
    .replace('{invitationId}', MISSING_UUID)
    .replace(/^\/api\/team\/members\/\{userId\}/, `/api/team/members/${MISSING_UUID}`)
    .replace(/^\/api\/admin\/verification\/physicians\/\{id\}/, `/api/admin/verification/physicians/${PHYSICIAN_ID}`);
  const body = BODIES[op.operationId] ?? (op.hasBody ? {} : undefined);
  return { path, body };
}

const MISSING_UUID = '00000000-0000-4000-8000-000000000000';

const BODIES: Record<string, unknown> = {
  resolveRefundRequest: { status: 'refunded' },
  createList: { name: 'Matrix list', physicianIds: [BASE + 1] },
  updateList: { name: 'Renamed list' },
  addListMembers: { physicianIds: [BASE + 1, BASE + 3] },
  removeListMembers: { physicianIds: [BASE + 2] },
  createSavedSearch: { name: 'Matrix search', params: { query: 'card' } },
  updateSavedSearch: { alert: 'daily' },
  followSavedSearch: { following: true },
  createExport: { physicianIds: [BASE + 1] },
  createApiKey: { name: 'Matrix key' },
  resolveContactReport: { action: 'reverify' },
  resolveMatchRow: { physicianId: null },
};

async function call(op: Ops[number], caller: Caller): Promise<TestResponse> {
  if (caller === 'premiumKey') {
    const { path, body } = buildRequest(op, await ownedIds(premiumKey.userId));
    return ctx.agent().request(op.method, path, {
      body,
      headers: { authorization: `Bearer ${premiumKey.key}` },
      csrf: false,
    });
  }
  const acting = caller === 'other' ? agents.basic : agents[caller];
  const ids = await ownedIds(caller === 'other' ? owner.user.id : acting.userId);
  const { path, body } = buildRequest(op, ids);
  return acting.agent.request(op.method, path, { body });
}

describe('authorisation matrix', () => {
  it('every operation x caller answers the status of its row, never a 5xx, and leaks no contact', async () => {
    const observed: Record<string, Row> = {};
    const failures: string[] = [];
    // Logging out ends the caller's session: run it last so the other rows see signed-in callers.
    ops.sort((a, b) => Number(a.operationId === 'logOut') - Number(b.operationId === 'logOut'));
    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      const row = EXPECTED[key];
      observed[key] = {};
      for (const caller of CALLERS) {
        if (caller === 'other' && !/\{(listId|sessionId)\}|^\/api\/saved-searches\/\{id\}/.test(op.path))
          continue;
        const res = await call(op, caller);
        observed[key][caller] = res.status;
        if (res.status >= 500) failures.push(`${key} as ${caller}: ${res.status} ${res.text.slice(0, 200)}`);
        if (!row) continue;
        if (expectedStatus(row, caller, op) !== res.status) {
          failures.push(
            `${key} as ${caller}: expected ${expectedStatus(row, caller, op)}, got ${res.status} ${res.text.slice(0, 160)}`,
          );
        }
        if (caller === 'anonymous' || caller === 'unverified' || caller === 'free') {
          for (const secret of Object.values(SECRET)) {
            if (res.text.includes(secret)) failures.push(`${key} as ${caller}: leaks ${secret}`);
          }
          // The caller's own address may come back (a list's or saved search's creator is named by
          // it when the account has no name); any other address is a leak.
          const ownEmail = ownEmails.get(agents[caller].userId);
          const text = ownEmail ? res.text.replaceAll(ownEmail, '') : res.text;
          if (/physician|lists|saved-searches|directory|exports/.test(op.path) && EMAIL_RE.test(text)) {
            failures.push(`${key} as ${caller}: an email address in ${res.text.slice(0, 160)}`);
          }
        }
      }
      if (!row) failures.push(`${key} (${op.operationId}) has no row in EXPECTED`);
    }
    if (process.env.MATRIX_PRINT) console.log(JSON.stringify(observed, null, 0).replaceAll('},', '},\n'));
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('signed-in operations', () => {
  it('answer 401 to an anonymous caller before reading its input, whatever the body, query or path', async () => {
    const doc = await ctx.agent().get('/api/openapi.json');
    const failures: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries<Record<string, any>>(doc.body.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        if (!(op.security ?? []).some((s: Record<string, unknown>) => 'sessionCookie' in s)) continue;
        checked++;
        // Invalid everywhere: a non-numeric path id, a junk query, a body of the wrong type.
        const url = `${path.replace(/\{\w+\}/g, 'not-an-id')}?page=-1&limit=abc`;
        const res = await ctx
          .agent()
          .request(method.toUpperCase(), url, { body: op.requestBody ? [42] : undefined });
        if (res.status !== 401)
          failures.push(`${method.toUpperCase()} ${path}: ${res.status} ${res.text.slice(0, 120)}`);
        else expect(res.body.error.code).toBe('unauthenticated');
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(failures).toEqual([]);
  });
});

describe('security headers and cookies', () => {
  it('CSP without unsafe-inline scripts, frame-ancestors none, cookie HttpOnly + SameSite=Lax', async () => {
    const res = await ctx.agent().get('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toMatch(/script-src/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');

    const { user } = await ctx.signedInAgent();
    const login = await ctx.agent().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('under an https APP_URL: HSTS and a Secure session cookie', async () => {
    const https = await createTestContext({ env: { APP_URL: 'https://physiciandirect.example' } });
    try {
      const res = await https.agent().get('/api/health');
      expect(res.headers.get('strict-transport-security') ?? '').toMatch(/max-age=\d{7,}/);
      const user = await createTestUser(https.db);
      const login = await https
        .agent()
        .post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    } finally {
      await https.close();
    }
  });
});
