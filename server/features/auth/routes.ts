import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { MeResponse } from '../../../contract/account';
import {
  EmailOnlyRequest,
  LoginRequest,
  OkResponse,
  ResetPasswordRequest,
  SignupRequest,
  SignupResponse,
  VerifyEmailRequest,
} from '../../../contract/auth';
import { ErrorResponse } from '../../../contract/errors';
import type { AppEnv } from '../../lib/context';
import { json, jsonBody } from '../../lib/openapi';
import { clientIp } from '../../lib/rate-limit';
import { meResponseFor } from './me-routes';
import * as auth from './service';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './session';

const errors = (...statuses: Array<400 | 401 | 403 | 429>) =>
  Object.fromEntries(statuses.map((s) => [s, { description: 'Error', ...json(ErrorResponse) }])) as Record<
    400 | 401 | 403 | 429,
    { description: string; content: { 'application/json': { schema: typeof ErrorResponse } } }
  >;

function meta(c: Context<AppEnv>): auth.RequestMeta {
  return { ip: clientIp(c, c.var.deps.env.TRUST_PROXY), userAgent: c.req.header('user-agent') ?? null };
}

const signup = createRoute({
  method: 'post',
  path: '/auth/signup',
  tags: ['auth'],
  summary: 'Create an unverified account and email a verification link (same answer for a known address)',
  request: jsonBody(SignupRequest),
  responses: {
    201: { description: 'Verification email sent', ...json(SignupResponse) },
    ...errors(400, 429),
  },
});

const resendVerification = createRoute({
  method: 'post',
  path: '/auth/resend-verification',
  tags: ['auth'],
  summary: 'Email a new verification link if the address has an unverified account (always 200)',
  request: jsonBody(EmailOnlyRequest),
  responses: { 200: { description: 'Done', ...json(OkResponse) }, ...errors(400, 429) },
});

const verifyEmail = createRoute({
  method: 'post',
  path: '/auth/verify-email',
  tags: ['auth'],
  summary: 'Use an emailed verification token (single use, 24 hours)',
  request: jsonBody(VerifyEmailRequest),
  responses: { 200: { description: 'Email verified', ...json(OkResponse) }, ...errors(400, 429) },
});

const login = createRoute({
  method: 'post',
  path: '/auth/login',
  tags: ['auth'],
  summary: 'Sign in with email and password; sets the session cookie',
  request: jsonBody(LoginRequest),
  responses: { 200: { description: 'Signed in', ...json(MeResponse) }, ...errors(400, 401, 403, 429) },
});

const logout = createRoute({
  method: 'post',
  path: '/auth/logout',
  tags: ['auth'],
  summary: 'End the current session (200 even without one)',
  responses: { 200: { description: 'Signed out', ...json(OkResponse) } },
});

const forgotPassword = createRoute({
  method: 'post',
  path: '/auth/forgot-password',
  tags: ['auth'],
  summary: 'Email a password reset link if the address has an account (always 200)',
  request: jsonBody(EmailOnlyRequest),
  responses: { 200: { description: 'Done', ...json(OkResponse) }, ...errors(400, 429) },
});

const resetPassword = createRoute({
  method: 'post',
  path: '/auth/reset-password',
  tags: ['auth'],
  summary: 'Set a new password from an emailed token (1 hour); ends every session of the account',
  request: jsonBody(ResetPasswordRequest),
  responses: { 200: { description: 'Password changed', ...json(OkResponse) }, ...errors(400, 429) },
});

export const authRoutes = new OpenAPIHono<AppEnv>()
  .openapi(signup, async (c) => {
    const { email, password } = c.req.valid('json');
    const result = await auth.signUp({ deps: c.var.deps, meta: meta(c), email, password });
    return c.json(result, 201);
  })
  .openapi(resendVerification, async (c) => {
    const { email } = c.req.valid('json');
    await auth.resendVerification({ deps: c.var.deps, meta: meta(c), email });
    return c.json({ ok: true as const }, 200);
  })
  .openapi(verifyEmail, async (c) => {
    const { token } = c.req.valid('json');
    await auth.verifyEmail({ deps: c.var.deps, meta: meta(c), token });
    return c.json({ ok: true as const }, 200);
  })
  .openapi(login, async (c) => {
    const { email, password } = c.req.valid('json');
    const { user, session } = await auth.logIn({
      deps: c.var.deps,
      meta: meta(c),
      email,
      password,
      previousSessionId: c.var.currentUser?.sessionId,
    });
    setSessionCookie(c, session);
    c.header('Cache-Control', 'no-store');
    return c.json(meResponseFor(user), 200);
  })
  .openapi(logout, async (c) => {
    // By the cookie's token, so an expired session's row goes too.
    await auth.logOut({ deps: c.var.deps, meta: meta(c), sessionToken: getCookie(c, SESSION_COOKIE) });
    clearSessionCookie(c);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(forgotPassword, async (c) => {
    const { email } = c.req.valid('json');
    await auth.requestPasswordReset({ deps: c.var.deps, meta: meta(c), email });
    return c.json({ ok: true as const }, 200);
  })
  .openapi(resetPassword, async (c) => {
    const { token, password } = c.req.valid('json');
    await auth.resetPassword({ deps: c.var.deps, meta: meta(c), token, password });
    return c.json({ ok: true as const }, 200);
  });
