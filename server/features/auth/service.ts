import { AUTH_MESSAGES, type EndedSessionsResponse } from '../../../contract/auth';
import type { CurrentUser } from '../../lib/current-user';
import { AppError, fieldError, isUniqueViolation } from '../../lib/errors';
import type { Db } from '../../db/client';
import type { Env } from '../../lib/env';
import { recordAudit } from '../../lib/audit';
import { enqueueEmail } from '../../lib/mail-queue';
import type { MailMessage } from '../../lib/mailer';
import { enforceRateLimits, rateLimitedError } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import { revokeAllApiKeys } from '../api-keys';
import { deviceCookieAfterSignIn, knownDeviceOf } from './device-cookie';
import type { Email } from '../../lib/mail-layout';
import { accountExistsEmail, passwordChangedEmail, passwordResetEmail, verificationEmail } from './emails';
import { hashPassword, needsRehash, verifyPassword } from './password';
import * as repo from './repo';
import type { TokenPurpose, UserRow } from './repo';
import { createSession, resolveSession, sessionPolicy } from './session';
import { grantConfiguredAdmin } from './admins';
import type { AuthRateLimits } from './rate-limits';

const HOUR = 60 * 60 * 1000;
export const VERIFY_EMAIL_TTL_MS = 24 * HOUR;
export const RESET_PASSWORD_TTL_MS = 1 * HOUR;

/** Who is calling, as the rate limits and the session rows see it. */
export type RequestMeta = { ip: string; userAgent?: string | null };

/** What the auth calls use of the app (ADR 060): the database and the links' address. */
export type AuthDeps = { db: Db; env: Env };
/**
 * Sign-in and the reset that lifts its lock also take the account's lockout limiters (ADR 058):
 * keyed by the account, which only the service knows.
 */
export type LockoutDeps = AuthDeps & { authRateLimits: Pick<AuthRateLimits, 'loginPerEmail' | 'loginPerDevice' | 'resetPerEmail'> };

type Options<Input, Deps = AuthDeps> = { deps: Deps; meta: RequestMeta } & Input;

// Unknown emails still pay for one scrypt verification, so the time a login takes does not tell
// whether the address has an account.
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-the-password-of-any-account');
  return dummyHash;
}

function links(deps: AuthDeps) {
  const base = deps.env.APP_URL.replace(/\/+$/, '');
  return {
    // `returnTo` (a checked path of this site) is where the verify page's 'Log in' leads after sign-in.
    verify: (token: string, returnTo: string | null = null) =>
      `${base}/verify-email?token=${encodeURIComponent(token)}${returnTo ? `&return_to=${encodeURIComponent(returnTo)}` : ''}`,
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
  input: { userId: string; purpose: TokenPurpose; ttlMs: number },
): Promise<string> {
  const token = newToken();
  await repo.insertAuthToken(db, {
    tokenHash: hashToken(token),
    userId: input.userId,
    purpose: input.purpose,
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  return token;
}

/**
 * What an address with nothing to send does instead of issuing a link and queueing its email: a
 * token made and hashed the same way, and one decoy row per row the real path writes, in a
 * transaction of its own. Known and unknown addresses then cost the same statements, rows and
 * commits (ADR 028); `email` is composed too, as the real path composes its message.
 */
async function decoyWrites(db: Db, purpose: TokenPurpose, rows: number, email: () => Email): Promise<void> {
  email();
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows; i++) await repo.insertDecoyToken(tx, { tokenHash: hashToken(newToken()), purpose });
  });
}

/**
 * A verification link (it only verifies: no password rides on it) and its email, in `db`'s
 * transaction. `returnTo` says where signing in afterwards leads (the trial's checkout, a card).
 */
async function sendVerification(
  deps: AuthDeps,
  db: Db,
  user: UserRow,
  { resent = false, returnTo = null }: { resent?: boolean; returnTo?: string | null } = {},
): Promise<void> {
  const token = await issueToken(db, { userId: user.id, purpose: 'verify_email', ttlMs: VERIFY_EMAIL_TTL_MS });
  await queue(db, user.email, verificationEmail(links(deps).verify(token, returnTo), { resent, returnTo }));
}

/**
 * Creates an unverified account and emails a verification link. An address that already has an
 * account (verified or not) gets the same answer, and its account is not touched beyond this:
 * its password never changes, nor does any link set one. Its owner is mailed a notice with a
 * reset link instead, and an unverified account's earlier verification links end (perhaps a
 * stranger's sign-up sent them): the reset link, which also verifies, is the way in. Both paths
 * hash the password and write three rows. See docs/decisions/028-sign-up-and-device-cookies.md.
 */
export async function signUp({
  deps,
  meta,
  email,
  password,
  returnTo = null,
}: Options<{ email: string; password: string; returnTo?: string | null }>) {
  // Hashed before the lookup so both paths cost the same.
  const passwordHash = await hashPassword(password);
  let existing = await repo.findUserByEmail(deps.db, email);
  if (!existing) {
    try {
      // ADMIN_EMAILS take effect at verification: an unverified address proves nothing.
      await deps.db.transaction(async (tx) => {
        const user = await repo.insertUser(tx, { email, passwordHash, role: 'user' });
        await sendVerification(deps, tx, user, { returnTo });
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
    const token = newToken();
    await repo.insertResetTokenEndingVerifyLinks(tx, {
      tokenHash: hashToken(token),
      userId: known.id,
      expiresAt: new Date(Date.now() + RESET_PASSWORD_TTL_MS),
    });
    const notice = accountExistsEmail(links(deps), links(deps).reset(token), { verified: known.emailVerifiedAt !== null });
    await queue(tx, known.email, notice);
    // The third row, as the new account's (user, link, email); and worth keeping: it says when.
    await recordAudit(tx, {
      action: 'auth.sign_up_existing',
      targetType: 'user',
      targetId: known.id,
      ip: meta.ip,
    });
  });
  return { email };
}

/**
 * Sends a new verification link if the address has an unverified account; the same writes
 * otherwise (decoys), and the caller answers 200 either way. The link only verifies.
 */
export async function resendVerification({
  deps,
  email,
  returnTo = null,
}: { deps: AuthDeps; email: string; returnTo?: string | null }): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user || user.emailVerifiedAt) {
    await decoyWrites(deps.db, 'verify_email', 2, () =>
      verificationEmail(links(deps).verify(newToken(), returnTo), { resent: true, returnTo }),
    );
    return;
  }
  await deps.db.transaction((tx) => sendVerification(deps, tx, user, { resent: true, returnTo }));
}

/** Marks the address verified (nothing else: a link carries no password). ADMIN_EMAILS promote here. */
export async function verifyEmail({ deps, meta, token }: Options<{ token: string }>): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const used = await repo.consumeToken(tx, hashToken(token), 'verify_email');
    if (!used) throw new AppError('invalid_token', AUTH_MESSAGES.invalidToken, { fields: { token: AUTH_MESSAGES.invalidToken } });
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
 *
 * Which allowance an attempt uses: a browser with a valid device cookie for the account
 * (`deviceCookie`, given after an earlier successful sign-in there) has its own; every other
 * browser shares the account's allowance for unknown devices. Strangers failing on purpose
 * therefore lock out unknown devices only, never a browser the owner signed in with (ADR 028).
 * A success answers the device cookie to set.
 */
export async function logIn({
  deps,
  meta,
  email,
  password,
  previousSessionId,
  deviceCookie,
}: Options<{ email: string; password: string; previousSessionId?: string; deviceCookie?: string }, LockoutDeps>): Promise<{
  user: CurrentUser;
  session: { token: string; expiresAt: Date };
  device: { value: string; expiresAt: Date };
}> {
  const limits = deps.authRateLimits;
  // The lockout (ADR 058): a rule of the account, not a limit on the caller (the route takes the
  // per-IP limit). Per device or per account (unknown devices) only failures count, and a full
  // window refuses before the password is checked (no guessing through it); a success clears the
  // failures of its own counter, and the owner's reset link lifts the unknown devices' lock.
  const account = await repo.findUserByEmail(deps.db, email);
  const deviceId = account ? await knownDeviceOf(deps.db, deviceCookie, account) : undefined;
  const [limiter, key] = deviceId ? [limits.loginPerDevice, deviceId] : [limits.loginPerEmail, email];
  const locked = await limiter.peek(key);
  if (!locked.allowed) throw rateLimitedError(locked.retryAfterMs);
  let passwordOk = false;
  if (account) passwordOk = await verifyPassword(password, account.passwordHash);
  else await verifyPassword(password, await dummyPasswordHash());
  if (!account || !passwordOk) {
    await limiter.consume(key);
    await recordAudit(deps.db, {
      action: 'auth.sign_in_failed',
      targetType: account ? 'user' : undefined,
      targetId: account?.id,
      details: { email, reason: account ? 'wrong_password' : 'unknown_email', device: deviceId ? 'known' : 'unknown' },
      ip: meta.ip,
    });
    throw new AppError('unauthenticated', AUTH_MESSAGES.invalidCredentials);
  }
  await limiter.reset(key);
  // Hashes made with older scrypt parameters are upgraded while the password is at hand.
  let passwordHash = account.passwordHash;
  if (needsRehash(passwordHash)) {
    passwordHash = await hashPassword(password);
    await repo.updatePasswordHash(deps.db, account.id, passwordHash);
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
  const device = await deviceCookieAfterSignIn(deps.db, deviceCookie, { id: account.id, passwordHash });
  return { user, session, device };
}

export async function logOut({
  deps,
  meta,
  sessionToken,
}: {
  deps: AuthDeps;
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

/**
 * Emails a reset link if the address has an account; the same writes otherwise (decoys), and
 * the caller answers 200 either way.
 */
export async function requestPasswordReset({ deps, email }: { deps: AuthDeps; email: string }): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) {
    await decoyWrites(deps.db, 'reset_password', 2, () => passwordResetEmail(links(deps).reset(newToken())));
    return;
  }
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
 * Sets a new password from an emailed link: the link is used up, every session and API key of
 * the account ends (whoever knew the old password is shut out), and the address counts as verified.
 */
export async function resetPassword({
  deps,
  meta,
  token,
  password,
}: Options<{ token: string; password: string }, LockoutDeps>) {
  const limits = deps.authRateLimits;
  const tokenHash = hashToken(token);
  const live = await repo.findLiveToken(deps.db, tokenHash, 'reset_password');
  const user = live && (await repo.findUserById(deps.db, live.userId));
  if (!user) throw new AppError('invalid_token', AUTH_MESSAGES.invalidToken, { fields: { token: AUTH_MESSAGES.invalidToken } });
  // Resets per account, from any IP (ADR 058): keyed by the account the link names, which only
  // this lookup knows, so it is taken here with the sign-in lockout it lifts below.
  await enforceRateLimits([[limits.resetPerEmail, user.email.toLowerCase()]]);

  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const used = await repo.consumeToken(tx, tokenHash, 'reset_password');
    if (used?.userId !== user.id) throw new AppError('invalid_token', AUTH_MESSAGES.invalidToken, { fields: { token: AUTH_MESSAGES.invalidToken } });
    await repo.updatePasswordHash(tx, user.id, passwordHash);
    await repo.markEmailVerified(tx, user.id);
    await repo.deleteSessionsOfUser(tx, user.id);
    // Every other outstanding link of the account dies too, and every API key: whoever knew
    // the old password may have made one.
    await repo.revokeTokensOfUser(tx, user.id);
    await recordAudit(tx, {
      action: 'auth.password_reset',
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      ip: meta.ip,
    });
    const endedApiKeys = await revokeAllApiKeys({
      db: tx,
      userId: user.id,
      reason: 'password_reset',
      actorUserId: user.id,
      ip: meta.ip,
    });
    await grantConfiguredAdmin(tx, deps.env.ADMIN_EMAILS, user.id, meta.ip);
    await queue(tx, user.email, passwordChangedEmail(links(deps), { signedOut: 'every device', endedApiKeys }));
  });
  // The owner proved the address: failed sign-ins by others no longer hold the account.
  await limits.loginPerEmail.reset(user.email.toLowerCase());
}

/**
 * Account settings: a new password for the signed-in user, who must give the current one (a
 * session left open on a shared computer is not enough to lock the owner out). Every other
 * session of the account ends, every outstanding emailed link dies and every API key is revoked;
 * the session that asked stays signed in. Audited, and the owner is told by email.
 */
export async function changePassword({
  deps,
  meta,
  user,
  currentPassword,
  newPassword,
}: Options<{ user: CurrentUser; currentPassword: string; newPassword: string }>): Promise<EndedSessionsResponse> {
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
    const endedApiKeys = await revokeAllApiKeys({
      db: tx,
      userId: user.id,
      reason: 'password_changed',
      actorUserId: user.id,
      ip: meta.ip,
    });
    await queue(tx, account.email, passwordChangedEmail(links(deps), { signedOut: 'other devices', endedApiKeys }));
    return { endedSessions, endedApiKeys };
  });
}

/**
 * "Sign out of all other devices": ends every session of the user but the one asking, and with
 * `endApiKeys` every API key too. Audited (one row, and one per key).
 */
export async function signOutOtherSessions({
  deps,
  meta,
  user,
  endApiKeys = false,
}: Options<{ user: CurrentUser; endApiKeys?: boolean }>): Promise<EndedSessionsResponse> {
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
    const endedApiKeys = endApiKeys
      ? await revokeAllApiKeys({ db: tx, userId: user.id, reason: 'sign_out_others', actorUserId: user.id, ip: meta.ip })
      : 0;
    return { endedSessions, endedApiKeys };
  });
}

/**
 * `npm run admin -- grant|revoke EMAIL`: the user, or undefined when the address has no account.
 * A change of role writes an audit row (actor: the command line, so none).
 */
export async function setRoleByEmail(deps: Pick<AuthDeps, 'db'>, email: string, role: 'user' | 'admin') {
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
