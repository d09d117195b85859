import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  Campaign,
  CampaignParams,
  CampaignsResponse,
  ComplaintRequest,
  ComplaintResponse,
  CreateCampaignRequest,
  CreateCampaignResponse,
  OpenPreferencesLinkRequest,
  OutreachCheckRequest,
  OutreachCheckResponse,
  OutreachPreferences,
  OutreachPreferencesRequest,
  OutreachSendersResponse,
  PREFERENCES_LINK_MESSAGES,
  PreferencesAccess,
  PreferencesLinkRequest,
  PreferencesLinkResponse,
  PreferencesQuery,
  SenderParams,
  SuspendSenderRequest,
  UnsubscribeQuery,
  UnsubscribeRequest,
  UnsubscribeResponse,
} from '../../../contract/outreach';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { capabilityGuard } from '../../lib/guards';
import { csrfRefused, errorResponse, json, jsonBody, publicAccess, signedIn } from '../../lib/openapi';
import { clientIp, enforceRateLimits } from '../../lib/rate-limit';
import { tokenMatches } from '../../lib/tokens';
import { recordComplaint } from './complaints';
import { readFeedbackReport } from './feedback-report';
import { openPreferencesLink, requestPreferencesLink } from './preference-links';
import * as outreach from './service';

/* Outreach (docs/decisions/066-outreach.md): recruiters' campaigns, and the recipients' unsubscribe. */

const deps = ({ db, env }: AppDeps): outreach.OutreachDeps => ({ db, env });
const guard = { middleware: capabilityGuard('outreach:send'), tags: ['outreach'], security: signedIn };
const errors = { 401: errorResponse('Not signed in'), 403: errorResponse('Needs a Monthly or Annual Plan') };

const check = createRoute({
  method: 'post',
  path: '/outreach/campaigns/check',
  operationId: 'checkOutreachRecipients',
  summary: 'Who a message to a selection or a list would reach now, and who not and why (contact limit, unsubscribed, no valid email, not looking)',
  ...guard,
  request: jsonBody(OutreachCheckRequest),
  responses: { 200: { description: 'The counts and the sentence the page shows', ...json(OutreachCheckResponse) }, 400: errorResponse('A bad field'), ...errors, ...csrfRefused, 404: errorResponse('No such list') },
});

const create = createRoute({
  method: 'post',
  path: '/outreach/campaigns',
  operationId: 'createOutreachCampaign',
  summary: 'Send (or schedule) an email to a selection or a list: within each physician’s contact limit across all customers, with one-click unsubscribe',
  ...guard,
  request: jsonBody(CreateCampaignRequest),
  responses: {
    201: { description: 'The campaign, queued: who will receive it and who was skipped', ...json(CreateCampaignResponse) },
    400: errorResponse('A bad field, named in error.fields'),
    ...errors,
    ...csrfRefused,
    404: errorResponse('No such list'),
    409: errorResponse('Outreach is not set up on this server (COMPANY_POSTAL_ADDRESS)'),
  },
});

const list = createRoute({
  method: 'get',
  path: '/outreach/campaigns',
  operationId: 'listOutreachCampaigns',
  summary: 'The caller’s (and their team’s) latest campaigns with sent, skipped (by reason), bounced and unsubscribed counts',
  ...guard,
  responses: { 200: { description: 'Newest first', ...json(CampaignsResponse) }, ...errors },
});

const get = createRoute({
  method: 'get',
  path: '/outreach/campaigns/{id}',
  operationId: 'getOutreachCampaign',
  summary: 'One campaign with its counts',
  ...guard,
  request: { params: CampaignParams },
  responses: { 200: { description: 'The campaign', ...json(Campaign) }, 400: errorResponse('A bad id'), ...errors, 404: errorResponse('No such campaign of the caller’s') },
});

const readUnsubscribe = createRoute({
  method: 'get',
  path: '/outreach/unsubscribe',
  operationId: 'readOutreachUnsubscribe',
  summary: 'What an unsubscribe link stops (the address in part, the sender)',
  tags: ['outreach'],
  security: publicAccess,
  request: { query: UnsubscribeQuery },
  responses: { 200: { description: 'The link’s address and sender, and what is stopped already', ...json(UnsubscribeResponse) }, 400: errorResponse('A bad link'), 404: errorResponse('Not a valid link') },
});

const unsubscribe = createRoute({
  method: 'post',
  path: '/outreach/unsubscribe',
  operationId: 'outreachUnsubscribe',
  summary: 'Unsubscribe (RFC 8058 one-click: no cookie or header needed; the signed link names the recipient and sender): every customer’s outreach, or this sender’s',
  tags: ['outreach'],
  security: publicAccess,
  request: {
    query: UnsubscribeQuery,
    body: { required: false, content: { 'application/json': { schema: UnsubscribeRequest }, 'application/x-www-form-urlencoded': { schema: { type: 'object' } } } },
  },
  responses: { 200: { description: 'Unsubscribed', ...json(UnsubscribeResponse) }, 400: errorResponse('A bad link'), 404: errorResponse('Not a valid link') },
});

const getPreferences = createRoute({
  method: 'get',
  path: '/outreach/preferences',
  operationId: 'getOutreachPreferences',
  summary:
    'The preference centre: a physician’s own choices (looking, emails a month, interests) and who wrote to them, by the signed link of a message they received (m, s) or the credential an emailed link gave (access)',
  tags: ['outreach'],
  security: publicAccess,
  request: { query: PreferencesQuery },
  responses: {
    200: { description: 'The physician’s choices', ...json(OutreachPreferences) },
    400: errorResponse('A bad link'),
    404: errorResponse('Not a valid link, or the page credential’s hour is over'),
  },
});

const putPreferences = createRoute({
  method: 'put',
  path: '/outreach/preferences',
  operationId: 'saveOutreachPreferences',
  summary: 'Save the physician’s choices: looking now, open to offers or not looking; 0-4 recruiter emails a month; locations and specialties of interest',
  tags: ['outreach'],
  security: publicAccess,
  request: { query: PreferencesQuery, ...jsonBody(OutreachPreferencesRequest) },
  responses: {
    200: { description: 'Saved', ...json(OutreachPreferences) },
    400: errorResponse('A bad field, named in error.fields'),
    ...csrfRefused,
    404: errorResponse('Not a valid link, or the page credential’s hour is over'),
  },
});

const requestLink = createRoute({
  method: 'post',
  path: '/outreach/preferences/link',
  operationId: 'requestOutreachPreferencesLink',
  summary:
    'Email me a link to my preferences: when the directory holds the address, a link that works once within 24 hours is emailed (the same answer either way)',
  tags: ['outreach'],
  security: publicAccess,
  request: jsonBody(PreferencesLinkRequest),
  responses: {
    202: { description: 'Accepted (a link is emailed when the address is a physician’s)', ...json(PreferencesLinkResponse) },
    400: errorResponse('The email is not valid'),
    ...csrfRefused,
    429: errorResponse('Too many requests from this address or for this email'),
  },
});

const openLink = createRoute({
  method: 'post',
  path: '/outreach/preferences/access',
  operationId: 'openOutreachPreferencesLink',
  summary: 'Use an emailed preferences link (once): the credential that opens the physician’s preferences for the next hour',
  tags: ['outreach'],
  security: publicAccess,
  request: jsonBody(OpenPreferencesLinkRequest),
  responses: {
    200: { description: 'The page’s credential (the `access` of GET and PUT /api/outreach/preferences)', ...json(PreferencesAccess) },
    400: errorResponse('The link was used, expired or is not valid (error.message says which)'),
    ...csrfRefused,
    429: errorResponse('Too many attempts'),
  },
});

/**
 * The complaints intake's caller: the mail provider's feedback loop (or the operator's forwarder),
 * with OUTREACH_COMPLAINTS_TOKEN as a bearer token or as the password of HTTP Basic (for providers
 * that only take a URL). Checked before the body is read; unset, the intake is off (404).
 */
const complaintsCaller = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.var.deps.env.OUTREACH_COMPLAINTS_TOKEN;
  const header = c.req.header('authorization') ?? '';
  const bearer = /^Bearer[ \t]+(.+)$/i.exec(header)?.[1]?.trim();
  const basic = /^Basic[ \t]+(.+)$/i.exec(header)?.[1]?.trim();
  const presented = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').replace(/^[^:]*:/, '') : undefined);
  if (!expected && presented === undefined) {
    throw new AppError('not_found', 'The complaints intake is off: OUTREACH_COMPLAINTS_TOKEN is not set on this server.');
  }
  if (!tokenMatches(presented, expected)) {
    throw new AppError('unauthenticated', 'A valid OUTREACH_COMPLAINTS_TOKEN is required (Authorization: Bearer <token>, or Basic with the token as the password).');
  }
  await next();
});

const reportComplaint = createRoute({
  method: 'post',
  path: '/outreach/complaints',
  operationId: 'reportOutreachComplaint',
  summary:
    'The mail provider’s feedback loop: a spam complaint, as an ARF report (RFC 5965: multipart/report, or the whole report email as message/rfc822) or JSON {messageId}. Marks the message complained and unsubscribes its recipient from its sender; idempotent',
  middleware: [complaintsCaller] as const,
  tags: ['outreach'],
  // Its own shared secret (OUTREACH_COMPLAINTS_TOKEN), not a session or an API key: no CSRF header either.
  security: publicAccess,
  request: {
    body: {
      required: false,
      content: {
        'application/json': { schema: ComplaintRequest },
        'multipart/report': { schema: { type: 'string', description: 'An ARF report (RFC 5965), the boundary in Content-Type' } },
        'message/rfc822': { schema: { type: 'string', description: 'The report email as received, headers first' } },
        'message/feedback-report': { schema: { type: 'string', description: 'The machine-readable part alone, naming the message (e.g. in a Message-ID field)' } },
        'text/plain': { schema: { type: 'string', description: 'The report email as received, headers first' } },
      },
    },
  },
  responses: {
    200: { description: 'What was done: recorded, already_recorded, or ignored (not a complaint, or not about our outreach)', ...json(ComplaintResponse) },
    400: errorResponse('Not an ARF report or a JSON messageId (error.fields.body or messageId)'),
    401: errorResponse('The token is missing or wrong, or a token was sent where none is set'),
    404: errorResponse('The complaints intake is off (no OUTREACH_COMPLAINTS_TOKEN)'),
    415: errorResponse('Another content type'),
  },
});

const adminGuard = { middleware: capabilityGuard('admin:access'), tags: ['outreach'], security: signedIn };

const listSenders = createRoute({
  method: 'get',
  path: '/admin/outreach/senders',
  operationId: 'listOutreachSenders',
  summary: 'Operators: each outreach sender’s last 30 days (sent, bounced, unsubscribed, their rates) and whether they are suspended',
  ...adminGuard,
  responses: { 200: { description: 'Most mail first', ...json(OutreachSendersResponse) }, 401: errors[401], 403: errorResponse('Not an admin') },
});

const suspendSender = createRoute({
  method: 'put',
  path: '/admin/outreach/senders/{sender}/suspension',
  operationId: 'setOutreachSenderSuspension',
  summary: 'Operators: suspend a sender (a team or a recruiter in no team: their emails are refused) or restore them (audited)',
  ...adminGuard,
  request: { params: SenderParams, ...jsonBody(SuspendSenderRequest) },
  responses: { 204: { description: 'Done' }, 400: errorResponse('A bad field'), 401: errors[401], 403: errorResponse('Not an admin, or the x-requested-with header is missing'), 404: errorResponse('No such team or user') },
});

export const outreachRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listSenders, async (c) => c.json(await outreach.listSenders(deps(c.var.deps)), 200))
  .openapi(suspendSender, async (c) => {
    await outreach.setSenderSuspended(deps(c.var.deps), {
      admin: c.var.user,
      sender: c.req.valid('param').sender,
      suspended: c.req.valid('json').suspended,
      ip: clientIp(c, c.var.deps.env.TRUST_PROXY),
    });
    return c.body(null, 204);
  })
  .openapi(getPreferences, async (c) => c.json(await outreach.getPreferences(deps(c.var.deps), c.req.valid('query')), 200))
  .openapi(putPreferences, async (c) =>
    c.json(await outreach.savePreferences(deps(c.var.deps), { credential: c.req.valid('query'), preferences: c.req.valid('json') }), 200),
  )
  .openapi(requestLink, async (c) => {
    const { env, services } = c.var.deps;
    const ip = clientIp(c, env.TRUST_PROXY);
    const { email } = c.req.valid('json');
    await enforceRateLimits([
      [services.outreachRateLimits.linkPerIp, ip],
      [services.outreachRateLimits.linkPerEmail, email],
    ]);
    await requestPreferencesLink(deps(c.var.deps), { email, ip });
    services.jobs.wake('mail');
    return c.json({ message: PREFERENCES_LINK_MESSAGES.sent }, 202);
  })
  .openapi(openLink, async (c) => {
    const { env, services } = c.var.deps;
    await enforceRateLimits([[services.outreachRateLimits.openPerIp, clientIp(c, env.TRUST_PROXY)]]);
    return c.json(await openPreferencesLink(deps(c.var.deps), c.req.valid('json')), 200);
  })
  .openapi(reportComplaint, async (c) => {
    const ip = clientIp(c, c.var.deps.env.TRUST_PROXY);
    const contentType = c.req.header('content-type');
    if (/^application\/([\w.-]+\+)?json/i.test(contentType ?? '')) {
      // Validated already (the route's JSON schema); read again for its type, as a route with several body types must.
      const { messageId } = ComplaintRequest.parse(await c.req.json());
      return c.json(await recordComplaint(deps(c.var.deps), { complaint: { source: 'json', messageId }, ip }), 200);
    }
    const text = await c.req.text();
    if (!text.trim()) {
      throw new AppError('validation_failed', 'Send the ARF report as the body, or JSON {"messageId": "..."}.', { fields: { body: 'empty' } });
    }
    const report = readFeedbackReport(text, contentType);
    return c.json(await recordComplaint(deps(c.var.deps), { complaint: { source: 'arf', report }, ip }), 200);
  })
  .openapi(check, async (c) => c.json(await outreach.checkRecipients(deps(c.var.deps), { user: c.var.user, request: c.req.valid('json') }), 200))
  .openapi(create, async (c) => {
    const created = await outreach.createCampaign(deps(c.var.deps), { user: c.var.user, request: c.req.valid('json'), ip: clientIp(c, c.var.deps.env.TRUST_PROXY) });
    c.var.deps.services.jobs.wake('mail');
    return c.json(created, 201);
  })
  .openapi(list, async (c) => c.json(await outreach.listCampaigns(deps(c.var.deps), { user: c.var.user }), 200))
  .openapi(get, async (c) => c.json(await outreach.getCampaign(deps(c.var.deps), { user: c.var.user, id: c.req.valid('param').id }), 200))
  .openapi(readUnsubscribe, async (c) => c.json(await outreach.readUnsubscribe(deps(c.var.deps), c.req.valid('query')), 200))
  .openapi(unsubscribe, async (c) => {
    // A mail client's one-click POST carries 'List-Unsubscribe=One-Click' as a form: everyone's outreach stops.
    let scope: 'all' | 'sender' = 'all';
    if ((c.req.header('content-type') ?? '').includes('application/json')) {
      const parsed = UnsubscribeRequest.safeParse(await c.req.json().catch(() => ({})));
      if (!parsed.success) return c.json({ error: { code: 'validation_failed' as const, message: 'scope must be all or sender', fields: { scope: 'must be all or sender' } } }, 400);
      scope = parsed.data.scope ?? 'all';
    }
    return c.json(await outreach.unsubscribe(deps(c.var.deps), { ...c.req.valid('query'), scope }), 200);
  });
