import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { MeResponse } from '../../../contract/account';
import {
  ChangePasswordRequest,
  EmailOnlyRequest,
  EndedSessionsResponse,
  LoginRequest,
  OkResponse,
  ResendVerificationRequest,
  ResetPasswordRequest,
  SignOutOthersRequest,
  SignupRequest,
  SignupResponse,
  VerifyEmailRequest,
} from '../../../contract/auth';
import type { AppDeps, AppEnv } from '../../lib/context';
import { csrfRefused, errorResponse, json, jsonBody, publicAccess, signedIn } from '../../lib/openapi';
import { clientIp, enforceRateLimits } from '../../lib/rate-limit';
import { meResponseFor } from './me-routes';
import * as auth from './service';
import { DEVICE_COOKIE } from './device-cookie';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './session';
import { signedInGuard } from '../../lib/guards';

const invalid = { 400: errorResponse('A field is missing or invalid (fields names each)') };
const tooMany = { 429: errorResponse('Too many attempts from this address or for this email; try again later') };
const badToken = {
  400: errorResponse('A field is invalid, or the token is unknown, used or expired (code invalid_token)'),
};

function meta<E extends AppEnv>(c: Context<E>): auth.RequestMeta {
  return { ip: clientIp(c, c.var.deps.env.TRUST_PROXY), userAgent: c.req.header('user-agent') ?? null };
}

/** The auth limits (auth/rate-limits.ts), taken here before the service runs (ADR 058). */
const limitsOf = <E extends AppEnv>(c: Context<E>) => c.var.deps.services.authRateLimits;
/** What the auth calls use of the app (ADR 060), handed in here. */
const authDeps = ({ db, env, services }: AppDeps): auth.LockoutDeps => ({ db, env, authRateLimits: services.authRateLimits });

const signup = createRoute({
  method: 'post',
  path: '/auth/signup',
  operationId: 'signUp',
  tags: ['auth'],
  security: publicAccess,
  summary: 'Create an unverified account and email a verification link (same answer for a known address)',
  request: jsonBody(SignupRequest),
  responses: {
    201: { description: 'Verification email sent', ...json(SignupResponse) },
    ...invalid,
    ...csrfRefused,
    ...tooMany,
  },
});

const resendVerification = createRoute({
  method: 'post',
  path: '/auth/resend-verification',
  operationId: 'resendVerification',
  tags: ['auth'],
  security: publicAccess,
  summary: 'Email a new verification link if the address has an unverified account (always 200)',
  request: jsonBody(ResendVerificationRequest),
  responses: { 200: { description: 'Done', ...json(OkResponse) }, ...invalid, ...csrfRefused, ...tooMany },
});

const verifyEmail = createRoute({
  method: 'post',
  path: '/auth/verify-email',
  operationId: 'verifyEmail',
  tags: ['auth'],
  security: publicAccess,
  summary: 'Use an emailed verification token (single use, 24 hours)',
  request: jsonBody(VerifyEmailRequest),
  responses: { 200: { description: 'Email verified', ...json(OkResponse) }, ...badToken, ...csrfRefused, ...tooMany },
});

const login = createRoute({
  method: 'post',
  path: '/auth/login',
  operationId: 'logIn',
  tags: ['auth'],
  security: publicAccess,
  summary:
    'Sign in with email and password; sets the session cookie, and the device cookie that gives this browser its own allowance of failed attempts',
  request: jsonBody(LoginRequest),
  responses: {
    200: { description: 'Signed in', ...json(MeResponse) },
    ...invalid,
    401: errorResponse('Wrong email or password'),
    403: errorResponse('Email not verified yet (code email_not_verified), or the CSRF header is missing'),
    429: errorResponse(
      'Too many attempts from this address, from this device, or for this account from unknown devices; try again later',
    ),
  },
});

const logout = createRoute({
  method: 'post',
  path: '/auth/logout',
  operationId: 'logOut',
  tags: ['auth'],
  security: publicAccess,
  summary: 'End the current session (200 even without one)',
  responses: { 200: { description: 'Signed out', ...json(OkResponse) }, ...csrfRefused },
});

const forgotPassword = createRoute({
  method: 'post',
  path: '/auth/forgot-password',
  operationId: 'requestPasswordReset',
  tags: ['auth'],
  security: publicAccess,
  summary: 'Email a password reset link if the address has an account (always 200)',
  request: jsonBody(EmailOnlyRequest),
  responses: { 200: { description: 'Done', ...json(OkResponse) }, ...invalid, ...csrfRefused, ...tooMany },
});

const resetPassword = createRoute({
  method: 'post',
  path: '/auth/reset-password',
  operationId: 'resetPassword',
  tags: ['auth'],
  security: publicAccess,
  summary: 'Set a new password from an emailed token (1 hour); ends every session and API key of the account',
  request: jsonBody(ResetPasswordRequest),
  responses: {
    200: { description: 'Password changed', ...json(OkResponse) },
    ...badToken,
    ...csrfRefused,
    ...tooMany,
  },
});

const changePassword = createRoute({
  method: 'post',
  path: '/auth/change-password',
  operationId: 'changePassword',
  tags: ['auth'],
  security: signedIn,
  middleware: signedInGuard,
  summary:
    'Change the password (the current one required); ends every other session and every API key of the user, keeps this session',
  request: jsonBody(ChangePasswordRequest),
  responses: {
    200: { description: 'Password changed; how many other sessions and API keys ended', ...json(EndedSessionsResponse) },
    400: errorResponse('A field is missing or invalid, or the current password is wrong (fields.currentPassword)'),
    401: errorResponse('Not signed in'),
    ...csrfRefused,
    429: errorResponse('Too many attempts for this account; try again later'),
  },
});

const signOutOthers = createRoute({
  method: 'post',
  path: '/auth/sign-out-others',
  operationId: 'signOutOtherSessions',
  tags: ['auth'],
  security: signedIn,
  middleware: signedInGuard,
  summary: 'Sign out of all other devices: end every session of the user but this one (and, if asked, every API key)',
  request: { body: { required: false, ...json(SignOutOthersRequest) } },
  responses: {
    200: { description: 'How many other sessions and API keys ended', ...json(EndedSessionsResponse) },
    400: errorResponse('The body is not a valid SignOutOthersRequest (fields names each)'),
    401: errorResponse('Not signed in'),
    ...csrfRefused,
    429: errorResponse('Too many attempts for this account; try again later'),
  },
});

export const authRoutes = new OpenAPIHono<AppEnv>()
  .openapi(signup, async (c) => {
    const { email, password, returnTo } = c.req.valid('json');
    const request = meta(c);
    await enforceRateLimits([
      [limitsOf(c).signupPerIp, request.ip],
      [limitsOf(c).signupPerEmail, email],
    ]);
    const result = await auth.signUp({ deps: authDeps(c.var.deps), meta: request, email, password, returnTo: returnTo ?? null });
    return c.json(result, 201);
  })
  .openapi(resendVerification, async (c) => {
    const { email, returnTo } = c.req.valid('json');
    const request = meta(c);
    await enforceRateLimits([
      [limitsOf(c).resendPerIp, request.ip],
      [limitsOf(c).resendPerEmail, email],
    ]);
    await auth.resendVerification({ deps: authDeps(c.var.deps), email, returnTo: returnTo ?? null });
    return c.json({ ok: true as const }, 200);
  })
  .openapi(verifyEmail, async (c) => {
    const { token } = c.req.valid('json');
    const request = meta(c);
    await enforceRateLimits([[limitsOf(c).verifyPerIp, request.ip]]);
    await auth.verifyEmail({ deps: authDeps(c.var.deps), meta: request, token });
    return c.json({ ok: true as const }, 200);
  })
  .openapi(login, async (c) => {
    const { email, password } = c.req.valid('json');
    const request = meta(c);
    // Every attempt counts per IP (one machine sweeping many accounts); the account's lockout is
    // the service's (ADR 058).
    await enforceRateLimits([[limitsOf(c).loginPerIp, request.ip]]);
    const { user, session, device } = await auth.logIn({
      deps: authDeps(c.var.deps),
      meta: request,
      email,
      password,
      previousSessionId: c.var.currentUser?.sessionId,
      deviceCookie: getCookie(c, DEVICE_COOKIE),
    });
    setSessionCookie(c, session);
    setCookie(c, DEVICE_COOKIE, device.value, {
      // Read by sign-in only; kept after sign-out (the browser stays a known device).
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'Lax',
      secure: c.var.deps.env.APP_URL.startsWith('https:'),
      expires: device.expiresAt,
    });
    c.header('Cache-Control', 'no-store');
    return c.json(meResponseFor(user), 200);
  })
  .openapi(logout, async (c) => {
    // By the cookie's token, so an expired session's row goes too.
    await auth.logOut({ deps: authDeps(c.var.deps), meta: meta(c), sessionToken: getCookie(c, SESSION_COOKIE) });
    clearSessionCookie(c);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(forgotPassword, async (c) => {
    const { email } = c.req.valid('json');
    const request = meta(c);
    await enforceRateLimits([
      [limitsOf(c).forgotPerIp, request.ip],
      [limitsOf(c).forgotPerEmail, email],
    ]);
    await auth.requestPasswordReset({ deps: authDeps(c.var.deps), email });
    return c.json({ ok: true as const }, 200);
  })
  .openapi(resetPassword, async (c) => {
    const { token, password } = c.req.valid('json');
    const request = meta(c);
    await enforceRateLimits([[limitsOf(c).resetPerIp, request.ip]]);
    await auth.resetPassword({ deps: authDeps(c.var.deps), meta: request, token, password });
    return c.json({ ok: true as const }, 200);
  })
  .openapi(changePassword, async (c) => {
    const user = c.var.user;
    const { currentPassword, newPassword } = c.req.valid('json');
    await enforceRateLimits([[limitsOf(c).changePasswordPerUser, user.id]]);
    const result = await auth.changePassword({ deps: authDeps(c.var.deps), meta: meta(c), user, currentPassword, newPassword });
    return c.json(result, 200);
  })
  .openapi(signOutOthers, async (c) => {
    const user = c.var.user;
    // No body (or no JSON content type) reads as {}: sessions only.
    const { endApiKeys } = c.req.valid('json');
    await enforceRateLimits([[limitsOf(c).signOutOthersPerUser, user.id]]);
    return c.json(await auth.signOutOtherSessions({ deps: authDeps(c.var.deps), meta: meta(c), user, endApiKeys }), 200);
  });
