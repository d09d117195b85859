import { AUTH_MESSAGES } from '../../../contract/auth';
import type { AppDeps, CurrentUser } from '../../lib/context';
import { AppError, isUniqueViolation } from '../../lib/errors';
import type { MailMessage } from '../../lib/mailer';
import { enforceRateLimits } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import { accountExistsEmail, passwordChangedEmail, passwordResetEmail, verificationEmail } from './emails';
import { hashPassword, verifyPassword } from './password';
import * as repo from './repo';
import type { TokenPurpose, UserRow } from './repo';
import { createSession, resolveSession } from './session';

const HOUR = 60 * 60 * 1000;
export const VERIFY_EMAIL_TTL_MS = 24 * HOUR;
export const RESET_PASSWORD_TTL_MS = 1 * HOUR;

/** Who is calling, as the rate limits and the session rows see it. */
export type RequestMeta = { ip: string; userAgent?: string | null };

type Options<Input> = { deps: AppDeps; meta: RequestMeta } & Input;

// Unknown emails still pay for one scrypt verification, so the time a login takes does not tell
// whether the address has an account.
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-the-password-of-any-account');
  return dummyHash;
}

function links(deps: AppDeps) {
  const base = deps.env.APP_URL.replace(/\/+$/, '');
  return {
    verify: (token: string) => `${base}/verify-email?token=${encodeURIComponent(token)}`,
    reset: (token: string) => `${base}/reset-password?token=${encodeURIComponent(token)}`,
    login: `${base}/login`,
    forgotPassword: `${base}/forgot-password`,
  };
}

/**
 * Mail failures are logged, not returned: the answer must not differ between an address that
 * has an account and one that does not, and the user can ask for a new link.
 */
async function deliver(deps: AppDeps, to: string, email: Omit<MailMessage, 'to'>): Promise<void> {
  try {
    await deps.services.mailer.send({ to, ...email });
  } catch (error) {
    deps.logger.error({ err: error, to, subject: email.subject }, 'could not send email');
  }
}

async function issueToken(
  deps: AppDeps,
  input: { userId: string; purpose: TokenPurpose; ttlMs: number; passwordHash?: string },
): Promise<string> {
  const token = newToken();
  await repo.insertAuthToken(deps.db, {
    tokenHash: hashToken(token),
    userId: input.userId,
    purpose: input.purpose,
    expiresAt: new Date(Date.now() + input.ttlMs),
    passwordHash: input.passwordHash,
  });
  return token;
}

/**
 * `passwordHash`: the password of the sign-up that asked for this link; following the link sets
 * it (migration 0002). Someone who signed up first with another person's address cannot keep
 * their password on the account that person verifies.
 */
async function sendVerification(deps: AppDeps, user: UserRow, passwordHash?: string): Promise<void> {
  const token = await issueToken(deps, {
    userId: user.id,
    purpose: 'verify_email',
    ttlMs: VERIFY_EMAIL_TTL_MS,
    passwordHash,
  });
  await deliver(deps, user.email, verificationEmail(links(deps).verify(token)));
}

/**
 * Creates an unverified account and emails a verification link. An address that already has an
 * account gets the same answer; its owner gets a notice instead (or a fresh link while still
 * unverified). See docs/decisions/004-no-account-enumeration.md.
 */
export async function signUp({ deps, meta, email, password }: Options<{ email: string; password: string }>) {
  const limits = deps.services.authRateLimits;
  await enforceRateLimits([
    [limits.signupPerIp, meta.ip],
    [limits.signupPerEmail, email],
  ]);
  // Hashed before the lookup so both paths cost the same.
  const passwordHash = await hashPassword(password);
  let existing = await repo.findUserByEmail(deps.db, email);
  if (!existing) {
    try {
      const role = deps.env.ADMIN_EMAILS.includes(email) ? 'admin' : 'user';
      const user = await repo.insertUser(deps.db, { email, passwordHash, role });
      await sendVerification(deps, user, passwordHash);
      return { email };
    } catch (error) {
      // A concurrent sign-up with the same address won the race: treat it as existing.
      if (!isUniqueViolation(error)) throw error;
      existing = await repo.findUserByEmail(deps.db, email);
      if (!existing) throw error;
    }
  }
  if (!existing.emailVerifiedAt) {
    await sendVerification(deps, existing, passwordHash);
  } else {
    await deliver(deps, existing.email, accountExistsEmail(links(deps)));
  }
  return { email };
}

/** Sends a new verification link if the address has an unverified account; silent otherwise. */
export async function resendVerification({ deps, meta, email }: Options<{ email: string }>): Promise<void> {
  const limits = deps.services.authRateLimits;
  await enforceRateLimits([
    [limits.resendPerIp, meta.ip],
    [limits.resendPerEmail, email],
  ]);
  const user = await repo.findUserByEmail(deps.db, email);
  if (user && !user.emailVerifiedAt) await sendVerification(deps, user);
}

export async function verifyEmail({ deps, meta, token }: Options<{ token: string }>): Promise<void> {
  await enforceRateLimits([[deps.services.authRateLimits.verifyPerIp, meta.ip]]);
  await deps.db.transaction(async (tx) => {
    const used = await repo.consumeToken(tx, hashToken(token), 'verify_email');
    if (!used) throw new AppError('invalid_token', AUTH_MESSAGES.invalidToken);
    if (used.passwordHash) await repo.updatePasswordHash(tx, used.userId, used.passwordHash);
    await repo.markEmailVerified(tx, used.userId);
  });
}

/**
 * Checks the password and opens a session. Unknown address and wrong password give the same
 * 401; only the right password on an unverified account learns that it needs verifying.
 */
export async function logIn({
  deps,
  meta,
  email,
  password,
  previousSessionId,
}: Options<{ email: string; password: string; previousSessionId?: string }>): Promise<{
  user: CurrentUser;
  session: { token: string; expiresAt: Date };
}> {
  const limits = deps.services.authRateLimits;
  await enforceRateLimits([
    [limits.loginPerIp, meta.ip],
    [limits.loginPerEmail, email],
  ]);
  const account = await repo.findUserByEmail(deps.db, email);
  let passwordOk = false;
  if (account) passwordOk = await verifyPassword(password, account.passwordHash);
  else await verifyPassword(password, await dummyPasswordHash());
  if (!account || !passwordOk) throw new AppError('unauthenticated', AUTH_MESSAGES.invalidCredentials);
  if (!account.emailVerifiedAt) throw new AppError('email_not_verified', AUTH_MESSAGES.emailNotVerified);

  // A new session id at every sign-in (no session fixation); the one it replaces ends.
  if (previousSessionId) await repo.deleteSession(deps.db, previousSessionId);
  const session = await createSession(deps.db, account.id, { ip: meta.ip, userAgent: meta.userAgent });
  await repo.recordSignIn(deps.db, account.id);
  const user = await resolveSession(deps.db, session.token);
  if (!user) throw new Error('session just created could not be read back');
  return { user, session };
}

export async function logOut({
  deps,
  sessionToken,
}: {
  deps: AppDeps;
  sessionToken?: string;
}): Promise<void> {
  if (sessionToken) await repo.deleteSession(deps.db, hashToken(sessionToken));
}

/** Emails a reset link if the address has an account; the caller answers 200 either way. */
export async function requestPasswordReset({ deps, meta, email }: Options<{ email: string }>): Promise<void> {
  const limits = deps.services.authRateLimits;
  await enforceRateLimits([
    [limits.forgotPerIp, meta.ip],
    [limits.forgotPerEmail, email],
  ]);
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await issueToken(deps, {
    userId: user.id,
    purpose: 'reset_password',
    ttlMs: RESET_PASSWORD_TTL_MS,
  });
  await deliver(deps, user.email, passwordResetEmail(links(deps).reset(token)));
}

/**
 * Sets a new password from an emailed link: the link is used up, every session of the account
 * ends (whoever knew the old password is signed out), and the address counts as verified.
 */
export async function resetPassword({
  deps,
  meta,
  token,
  password,
}: Options<{ token: string; password: string }>) {
  const limits = deps.services.authRateLimits;
  await enforceRateLimits([[limits.resetPerIp, meta.ip]]);
  const tokenHash = hashToken(token);
  const live = await repo.findLiveToken(deps.db, tokenHash, 'reset_password');
  const user = live && (await repo.findUserById(deps.db, live.userId));
  if (!user) throw new AppError('invalid_token', AUTH_MESSAGES.invalidToken);
  await enforceRateLimits([[limits.resetPerEmail, user.email.toLowerCase()]]);

  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const used = await repo.consumeToken(tx, tokenHash, 'reset_password');
    if (used?.userId !== user.id) throw new AppError('invalid_token', AUTH_MESSAGES.invalidToken);
    await repo.updatePasswordHash(tx, user.id, passwordHash);
    await repo.markEmailVerified(tx, user.id);
    await repo.deleteSessionsOfUser(tx, user.id);
  });
  await deliver(deps, user.email, passwordChangedEmail(links(deps)));
}

/** `npm run admin -- grant|revoke EMAIL`: the user, or undefined when the address has no account. */
export async function setRoleByEmail(deps: Pick<AppDeps, 'db'>, email: string, role: 'user' | 'admin') {
  return repo.setUserRole(deps.db, email.trim().toLowerCase(), role);
}
