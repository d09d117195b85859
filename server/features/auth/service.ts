import { AUTH_MESSAGES } from '../../../contract/auth';
import type { AppDeps, CurrentUser } from '../../lib/context';
import { AppError, fieldError, isUniqueViolation } from '../../lib/errors';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { enqueueEmail } from '../../lib/mail-queue';
import type { MailMessage } from '../../lib/mailer';
import { enforceRateLimits, rateLimitedError } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import { accountExistsEmail, confirmAndSetPasswordEmail, passwordChangedEmail, passwordResetEmail, verificationEmail } from './emails';
import { hashPassword, needsRehash, verifyPassword } from './password';
import * as repo from './repo';
import type { TokenPurpose, UserRow } from './repo';
import { createSession, resolveSession, sessionPolicy } from './session';
import { grantConfiguredAdmin } from './admins';

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
 * Queues an email in the transaction `db` belongs to (server/lib/mail-queue.ts): the request
 * never waits for SMTP, so a known and an unknown address answer alike and as fast, and a mail
 * server that is down delays the message instead of losing it.
 */
async function queue(db: Db, to: string, email: Omit<MailMessage, 'to'>): Promise<void> {
  await enqueueEmail(db, { to, ...email });
}

async function issueToken(
  db: Db,
  input: { userId: string; purpose: TokenPurpose; ttlMs: number; passwordHash?: string },
): Promise<string> {
  const token = newToken();
  await repo.insertAuthToken(db, {
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
 * their password on the account that person verifies. Token and mail in one transaction.
 */
async function sendVerification(deps: AppDeps, db: Db, user: UserRow, passwordHash?: string): Promise<void> {
  const token = await issueToken(db, {
    userId: user.id,
    purpose: 'verify_email',
    ttlMs: VERIFY_EMAIL_TTL_MS,
    passwordHash,
  });
  await queue(db, user.email, verificationEmail(links(deps).verify(token)));
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
      // ADMIN_EMAILS take effect at verification: an unverified address proves nothing.
      await deps.db.transaction(async (tx) => {
        const user = await repo.insertUser(tx, { email, passwordHash, role: 'user' });
        await sendVerification(deps, tx, user, passwordHash);
      });
      return { email };
    } catch (error) {
      // A concurrent sign-up with the same address won the race: treat it as existing.
      if (!isUniqueViolation(error)) throw error;
      existing = await repo.findUserByEmail(deps.db, email);
      if (!existing) throw error;
    }
  }
  const known = existing;
  await deps.db.transaction(async (tx) => {
    if (!known.emailVerifiedAt) await sendVerification(deps, tx, known, passwordHash);
    else await queue(tx, known.email, accountExistsEmail(links(deps)));
  });
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
  if (!user || user.emailVerifiedAt) return;
  // A link that sets the password (the reset page): a plain verification link would confirm
  // whatever password the account has, perhaps one a squatter chose before the owner came.
  await deps.db.transaction(async (tx) => {
    const token = await issueToken(tx, { userId: user.id, purpose: 'reset_password', ttlMs: VERIFY_EMAIL_TTL_MS });
    await queue(tx, user.email, confirmAndSetPasswordEmail(links(deps).reset(token)));
  });
}

export async function verifyEmail({ deps, meta, token }: Options<{ token: string }>): Promise<void> {
  await enforceRateLimits([[deps.services.authRateLimits.verifyPerIp, meta.ip]]);
  await deps.db.transaction(async (tx) => {
    const used = await repo.consumeToken(tx, hashToken(token), 'verify_email');
    if (!used) throw new AppError('invalid_token', AUTH_MESSAGES.invalidToken, { fields: { token: AUTH_MESSAGES.invalidToken } });
    if (used.passwordHash) await repo.updatePasswordHash(tx, used.userId, used.passwordHash);
    await repo.markEmailVerified(tx, used.userId);
    await recordAudit(tx, {
      action: 'auth.email_verified',
      actorUserId: used.userId,
      targetType: 'user',
      targetId: used.userId,
      ip: meta.ip,
    });
    await grantConfiguredAdmin(tx, deps.env.ADMIN_EMAILS, used.userId, meta.ip);
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
  // Per IP every attempt counts (one machine sweeping many accounts). Per email only failures
  // count, and a full window refuses before the password is checked (no guessing through it);
  // a success clears the failures and the owner's reset link lifts the lock, so nobody can lock
  // the owner out for longer than the window by failing on purpose.
  await enforceRateLimits([[limits.loginPerIp, meta.ip]]);
  const locked = await limits.loginPerEmail.peek(email);
  if (!locked.allowed) throw rateLimitedError(locked.retryAfterMs);
  const account = await repo.findUserByEmail(deps.db, email);
  let passwordOk = false;
  if (account) passwordOk = await verifyPassword(password, account.passwordHash);
  else await verifyPassword(password, await dummyPasswordHash());
  if (!account || !passwordOk) {
    await limits.loginPerEmail.consume(email);
    await recordAudit(deps.db, {
      action: 'auth.sign_in_failed',
      targetType: account ? 'user' : undefined,
      targetId: account?.id,
      details: { email, reason: account ? 'wrong_password' : 'unknown_email' },
      ip: meta.ip,
    });
    throw new AppError('unauthenticated', AUTH_MESSAGES.invalidCredentials);
  }
  await limits.loginPerEmail.reset(email);
  // Hashes made with older scrypt parameters are upgraded while the password is at hand.
  if (needsRehash(account.passwordHash)) {
    await repo.updatePasswordHash(deps.db, account.id, await hashPassword(password));
  }
  if (!account.emailVerifiedAt) throw new AppError('email_not_verified', AUTH_MESSAGES.emailNotVerified);

  // A new session id at every sign-in (no session fixation); the one it replaces ends.
  const session = await deps.db.transaction(async (tx) => {
    if (previousSessionId) await repo.deleteSession(tx, previousSessionId);
    const created = await createSession(tx, account.id, { ip: meta.ip, userAgent: meta.userAgent });
    await repo.recordSignIn(tx, account.id);
    await recordAudit(tx, {
      action: 'auth.sign_in',
      actorUserId: account.id,
      targetType: 'user',
      targetId: account.id,
      ip: meta.ip,
    });
    return created;
  });
  const user = await resolveSession(deps.db, session.token, sessionPolicy(deps.env));
  if (!user) throw new Error('session just created could not be read back');
  return { user, session };
}

export async function logOut({
  deps,
  meta,
  sessionToken,
}: {
  deps: AppDeps;
  meta: RequestMeta;
  sessionToken?: string;
}): Promise<void> {
  if (!sessionToken) return;
  await deps.db.transaction(async (tx) => {
    const ended = await repo.deleteSessionReturningUser(tx, hashToken(sessionToken));
    if (ended) {
      await recordAudit(tx, {
        action: 'auth.sign_out',
        actorUserId: ended.userId,
        targetType: 'user',
        targetId: ended.userId,
        ip: meta.ip,
      });
    }
  });
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
  await deps.db.transaction(async (tx) => {
    const token = await issueToken(tx, {
      userId: user.id,
      purpose: 'reset_password',
      ttlMs: RESET_PASSWORD_TTL_MS,
    });
    await queue(tx, user.email, passwordResetEmail(links(deps).reset(token)));
  });
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
  if (!user) throw new AppError('invalid_token', AUTH_MESSAGES.invalidToken, { fields: { token: AUTH_MESSAGES.invalidToken } });
  await enforceRateLimits([[limits.resetPerEmail, user.email.toLowerCase()]]);

  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const used = await repo.consumeToken(tx, tokenHash, 'reset_password');
    if (used?.userId !== user.id) throw new AppError('invalid_token', AUTH_MESSAGES.invalidToken, { fields: { token: AUTH_MESSAGES.invalidToken } });
    await repo.updatePasswordHash(tx, user.id, passwordHash);
    await repo.markEmailVerified(tx, user.id);
    await repo.deleteSessionsOfUser(tx, user.id);
    // Every other outstanding link of the account dies too: a verification link someone else
    // asked for earlier must not set a password after the owner chose theirs.
    await repo.revokeTokensOfUser(tx, user.id);
    await recordAudit(tx, {
      action: 'auth.password_reset',
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      ip: meta.ip,
    });
    await grantConfiguredAdmin(tx, deps.env.ADMIN_EMAILS, user.id, meta.ip);
    await queue(tx, user.email, passwordChangedEmail(links(deps)));
  });
  // The owner proved the address: failed sign-ins by others no longer hold the account.
  await limits.loginPerEmail.reset(user.email.toLowerCase());
}

/**
 * Account settings: a new password for the signed-in user, who must give the current one (a
 * session left open on a shared computer is not enough to lock the owner out). Every other
 * session of the account ends and every outstanding emailed link dies; the session that asked
 * stays signed in. Audited, and the owner is told by email.
 */
export async function changePassword({
  deps,
  meta,
  user,
  currentPassword,
  newPassword,
}: Options<{ user: CurrentUser; currentPassword: string; newPassword: string }>): Promise<{ endedSessions: number }> {
  await enforceRateLimits([[deps.services.authRateLimits.changePasswordPerUser, user.id]]);
  const account = await repo.findUserById(deps.db, user.id);
  if (!account) throw new AppError('unauthenticated', 'User not authenticated.');
  if (!(await verifyPassword(currentPassword, account.passwordHash))) {
    throw fieldError('currentPassword', AUTH_MESSAGES.currentPasswordIncorrect);
  }
  const passwordHash = await hashPassword(newPassword);
  return deps.db.transaction(async (tx) => {
    // Only over the password just checked: of two changes at once, the second must prove the first's.
    if (!(await repo.replacePasswordHash(tx, user.id, account.passwordHash, passwordHash))) {
      throw fieldError('currentPassword', AUTH_MESSAGES.currentPasswordIncorrect);
    }
    const endedSessions = await repo.deleteOtherSessions(tx, user.id, user.sessionId);
    await repo.revokeTokensOfUser(tx, user.id);
    await recordAudit(tx, {
      action: 'auth.password_changed',
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      details: { endedSessions },
      ip: meta.ip,
    });
    await queue(tx, account.email, passwordChangedEmail(links(deps), 'other devices'));
    return { endedSessions };
  });
}

/** "Sign out of all other devices": ends every session of the user but the one asking. Audited. */
export async function signOutOtherSessions({
  deps,
  meta,
  user,
}: Options<{ user: CurrentUser }>): Promise<{ endedSessions: number }> {
  await enforceRateLimits([[deps.services.authRateLimits.signOutOthersPerUser, user.id]]);
  return deps.db.transaction(async (tx) => {
    const endedSessions = await repo.deleteOtherSessions(tx, user.id, user.sessionId);
    await recordAudit(tx, {
      action: 'auth.sign_out_others',
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      details: { endedSessions },
      ip: meta.ip,
    });
    return { endedSessions };
  });
}

/**
 * `npm run admin -- grant|revoke EMAIL`: the user, or undefined when the address has no account.
 * A change of role writes an audit row (actor: the command line, so none).
 */
export async function setRoleByEmail(deps: Pick<AppDeps, 'db'>, email: string, role: 'user' | 'admin') {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findUserByEmail(tx, email.trim().toLowerCase());
    if (!before) return undefined;
    const user = await repo.setUserRole(tx, before.email, role);
    if (user && before.role !== role) {
      await recordAudit(tx, {
        action: role === 'admin' ? 'role.granted' : 'role.revoked',
        targetType: 'user',
        targetId: user.id,
        details: { role: 'admin', by: 'cli', email: user.email },
      });
    }
    return user;
  });
}
