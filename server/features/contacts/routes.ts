import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ContactReportParams,
  ContactReportsResponse,
  ReportContactRequest,
  ReportContactResponse,
  ResolveContactReportRequest,
  ResolveContactReportResponse,
  RevealAllowance,
  RevealContactParams,
  RevealContactResponse,
} from '../../../contract/contacts';
import type { AppEnv } from '../../lib/context';
import { csrfRefused, errorResponse, json, jsonBody, signedIn, signedInOrApiKey } from '../../lib/openapi';
import { clientIp } from '../../lib/rate-limit';
import { capabilityGuard } from '../../lib/guards';
import { WEBHOOKS_JOB } from '../integrations';
import * as contacts from './service';

const revealErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Needs the Monthly or Annual Plan (free accounts cannot reveal contacts)'),
};

const revealContact = createRoute({
  method: 'post',
  path: '/physicians/{id}/contact',
  operationId: 'revealContact',
  middleware: capabilityGuard('contacts:reveal'),
  tags: ['contacts'],
  summary:
    "Reveal one physician's email and phone (audited; counts against the daily ceiling unless revealed in the last 30 days)",
  security: signedInOrApiKey,
  request: { params: RevealContactParams },
  responses: {
    200: {
      description: 'The contact, when it was verified, and what is left of today’s allowance',
      ...json(RevealContactResponse, {
        physicianId: 1042,
        email: 'jane.doe.1042@example.com',
        phone: '(617) 555-0142',
        verifiedAt: '2026-09-14T10:20:00.000Z',
        emailDetail: {
          field: 'personal_email',
          status: 'verified',
          verifiedAt: '2026-09-14T10:20:00.000Z',
          verification: { status: 'valid', confidence: 97, checkedAt: '2026-09-14T10:20:00.000Z', method: 'zerobounce' },
        },
        phoneDetail: {
          field: 'mobile_phone',
          status: 'verified',
          verifiedAt: '2026-06-02T08:00:00.000Z',
          verification: { status: 'valid', confidence: 96, checkedAt: '2026-06-02T08:00:00.000Z', method: 'twilio' },
        },
        selfReported: { email: null, phone: null },
        withheld: [],
        counted: true,
        revealedBy: null,
        allowance: { dailyLimit: 250, remaining: 249, resetsAt: '2026-11-24T00:00:00.000Z', monthlyCap: null, team: false },
      }),
    },
    400: errorResponse('A bad physician id'),
    ...revealErrors,
    404: errorResponse('Physician Not Found'),
    429: errorResponse('Daily reveal ceiling reached; the message says when it resets'),
  },
});

const getRevealAllowance = createRoute({
  method: 'get',
  path: '/contacts/allowance',
  operationId: 'getRevealAllowance',
  middleware: capabilityGuard('contacts:reveal'),
  tags: ['contacts'],
  summary: 'Contact reveals left today and when the count resets (midnight UTC)',
  security: signedInOrApiKey,
  responses: {
    200: { description: 'The allowance', ...json(RevealAllowance) },
    ...revealErrors,
  },
});

const reportContact = createRoute({
  method: 'post',
  path: '/contact-reports',
  operationId: 'reportContact',
  middleware: capabilityGuard('contacts:reveal'),
  tags: ['contacts'],
  summary:
    "'Report wrong contact' on a value revealed in the last 30 days: marks it reported, queues it for the operators and gives the reveal back to today's allowance (at most 10 a day)",
  security: signedInOrApiKey,
  request: jsonBody(ReportContactRequest, { physicianId: 1042, field: 'personal_email', reason: 'Bounced' }),
  responses: {
    201: {
      description: 'Recorded; whether the reveal was credited back, and the allowance now',
      ...json(ReportContactResponse, {
        reportId: '17',
        credited: true,
        message: "Thank you. The contact is marked as reported for you, and our team will check it. The reveal is back in today's allowance.",
        detail: {
          field: 'personal_email',
          status: 'reported',
          verifiedAt: '2026-09-14T10:20:00.000Z',
          verification: { status: 'valid', confidence: 97, checkedAt: '2026-09-14T10:20:00.000Z', method: 'zerobounce' },
        },
        allowance: { dailyLimit: 250, remaining: 250, resetsAt: '2026-11-24T00:00:00.000Z', monthlyCap: null, team: false },
      }),
    },
    400: errorResponse('A bad physician id, field or reason, naming the field'),
    ...revealErrors,
    ...csrfRefused,
    404: errorResponse('Physician Not Found, or no such value revealed by this user in the last 30 days'),
    409: errorResponse('This user already reported this value (the report is open)'),
  },
});

const adminErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Admins only'),
};

const listContactReports = createRoute({
  method: 'get',
  path: '/admin/contact-reports',
  operationId: 'listContactReports',
  middleware: capabilityGuard('admin:access'),
  tags: ['admin'],
  summary: "Open 'Report wrong contact' reports, oldest first (the operators' queue)",
  security: signedIn,
  responses: {
    200: { description: 'Open reports', ...json(ContactReportsResponse) },
    ...adminErrors,
  },
});

const resolveContactReport = createRoute({
  method: 'post',
  path: '/admin/contact-reports/{id}/resolve',
  operationId: 'resolveContactReport',
  middleware: capabilityGuard('admin:access'),
  tags: ['admin'],
  summary:
    'Re-verify (verified now) or remove (cleared) a reported value; closes every open report of it (audited)',
  security: signedIn,
  request: { params: ContactReportParams, ...jsonBody(ResolveContactReportRequest, { action: 'reverify' }) },
  responses: {
    200: { description: 'How many open reports were closed', ...json(ResolveContactReportResponse) },
    400: errorResponse('A bad id or action'),
    ...adminErrors,
    ...csrfRefused,
    404: errorResponse('Report not found'),
    409: errorResponse('Already handled'),
  },
});

export const contactsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(revealContact, async (c) => {
    const user = c.var.user;
    const { db, env } = c.var.deps;
    const result = await contacts.revealContact({
      db,
      userId: user.id,
      physicianId: Number(c.req.valid('param').id),
      dailyLimit: env.REVEAL_DAILY_LIMIT,
      ip: clientIp(c, env.TRUST_PROXY),
      webhooksQueued: () => c.var.deps.services.jobs.wake(WEBHOOKS_JOB),
    });
    c.header('Cache-Control', 'private, no-store');
    return c.json(result, 200);
  })
  .openapi(getRevealAllowance, async (c) => {
    const user = c.var.user;
    const { db, env } = c.var.deps;
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      await contacts.getRevealAllowance({ db, userId: user.id, dailyLimit: env.REVEAL_DAILY_LIMIT }),
      200,
    );
  })
  .openapi(reportContact, async (c) => {
    const user = c.var.user;
    const { db, env, services } = c.var.deps;
    const body = c.req.valid('json');
    const result = await contacts.reportContact({
      db,
      userId: user.id,
      physicianId: body.physicianId,
      field: body.field,
      reason: body.reason ?? null,
      dailyLimit: env.REVEAL_DAILY_LIMIT,
      ip: clientIp(c, env.TRUST_PROXY),
    });
    // physicians.verified_at may have changed: searches see it (after the commit).
    await services.directory.directoryChanged({ ids: [body.physicianId] });
    c.header('Cache-Control', 'private, no-store');
    return c.json(result, 201);
  })
  .openapi(listContactReports, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await contacts.listContactReports({ db: c.var.deps.db }), 200);
  })
  .openapi(resolveContactReport, async (c) => {
    const admin = c.var.user;
    const { db, env, services } = c.var.deps;
    const { physicianId, resolved } = await contacts.resolveContactReport({
      db,
      adminId: admin.id,
      reportId: c.req.valid('param').id,
      action: c.req.valid('json').action,
      ip: clientIp(c, env.TRUST_PROXY),
    });
    await services.directory.directoryChanged({ ids: [physicianId] });
    return c.json({ resolved }, 200);
  });
