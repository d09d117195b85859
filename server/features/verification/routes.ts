import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  VERIFIED_MONTHLY_MIN_COVERAGE,
  VerificationOverviewResponse,
  VerificationSummaryResponse,
  VerifyPhysicianParams,
  VerifyPhysicianResponse,
} from '../../../contract/verification';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { anyClientError, csrfRefused, errorResponse, json, publicAccess, signedIn } from '../../lib/openapi';
import { clientIp } from '../../lib/rate-limit';
import { VerifierUnavailableError } from '../../lib/verification/provider';
import { verificationJobDeps } from '../../maintenance';
import { capabilityGuard } from '../../lib/guards';
import { verifyPhysicianNow } from './job';
import { coverage, overview } from './stats';

const adminErrors = { 401: errorResponse('Not signed in'), 403: errorResponse('Admins only') };

const getVerificationSummary = createRoute({
  method: 'get',
  path: '/verification/summary',
  operationId: 'getVerificationSummary',
  tags: ['verification'],
  summary: "What the pages may say about contact verification: the share checked in the last 30 days, and whether that is 'monthly' (at least 95 %)",
  security: publicAccess,
  responses: {
    200: { description: 'Coverage and policy', ...json(VerificationSummaryResponse, { coverage: 97.2, maxAgeDays: 30, verifiedMonthly: true }) },
    ...anyClientError,
  },
});

const getVerificationOverview = createRoute({
  method: 'get',
  path: '/admin/verification',
  operationId: 'getVerificationOverview',
  middleware: capabilityGuard('admin:access'),
  tags: ['admin'],
  summary: "The operators' Verification page: coverage, age of checks, invalid rates per source, the queue's state",
  security: signedIn,
  responses: { 200: { description: 'The overview', ...json(VerificationOverviewResponse) }, ...adminErrors },
});

const verifyPhysician = createRoute({
  method: 'post',
  path: '/admin/verification/physicians/{id}',
  operationId: 'verifyPhysicianNow',
  middleware: capabilityGuard('admin:access'),
  tags: ['admin'],
  summary: "'Verify now': checks one physician's contact values at once with the configured verifier (audited)",
  security: signedIn,
  request: { params: VerifyPhysicianParams },
  responses: {
    200: { description: 'What each check found', ...json(VerifyPhysicianResponse) },
    400: errorResponse('A bad physician id'),
    ...adminErrors,
    ...csrfRefused,
    404: errorResponse('No contact values on file for this physician'),
    503: errorResponse('The verification provider did not answer; try again later'),
  },
});

/** The coverage costs a pass over every value: computed at most every 5 minutes per process. */
const SUMMARY_TTL_MS = 5 * 60_000;
const summaries = new WeakMap<Db, { at: number; value: Promise<{ coverage: number }> }>();

export const verificationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getVerificationSummary, async (c) => {
    const { db, env } = c.var.deps;
    const now = Date.now();
    let cached = summaries.get(db);
    if (!cached || now - cached.at > SUMMARY_TTL_MS) {
      cached = { at: now, value: coverage(db, new Date(now)) };
      summaries.set(db, cached);
      cached.value.catch(() => summaries.delete(db));
    }
    const { coverage: share } = await cached.value;
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ coverage: share, maxAgeDays: env.VERIFY_MAX_AGE_DAYS, verifiedMonthly: share >= VERIFIED_MONTHLY_MIN_COVERAGE }, 200);
  })
  .openapi(getVerificationOverview, async (c) => {
    const { db, env, services } = c.var.deps;
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      await overview(db, { now: new Date(), maxAgeDays: env.VERIFY_MAX_AGE_DAYS, ratePerMinute: env.VERIFY_RATE_PER_MINUTE, verifier: services.verifier.name }),
      200,
    );
  })
  .openapi(verifyPhysician, async (c) => {
    const admin = c.var.user;
    const physicianId = Number(c.req.valid('param').id);
    const { db, env, logger, services } = c.var.deps;
    const deps = verificationJobDeps({ db, env, logger, verifier: services.verifier, directory: services.directory });
    let results;
    try {
      results = await verifyPhysicianNow(deps, physicianId, {
        audit: (tx, checked) =>
          recordAudit(tx, {
            action: 'contact.verified_now',
            actorUserId: admin.id,
            targetType: 'physician',
            targetId: physicianId,
            details: { results: checked.map((r) => ({ field: r.field, status: r.status, method: r.method })) },
            ip: clientIp(c, c.var.deps.env.TRUST_PROXY),
          }),
      });
    } catch (error) {
      if (error instanceof VerifierUnavailableError) throw new AppError('service_unavailable', `The verification provider did not answer (${error.message}). Try again later.`);
      throw error;
    }
    if (!results) throw new AppError('not_found', 'No contact values on file for this physician.');
    return c.json({ physicianId, results: results.map(({ field, status, confidence, method }) => ({ field, status, confidence, method })) }, 200);
  });
