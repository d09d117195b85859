import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { linkSigner, verifyLink } from '../../lib/link-signing';

/*
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"; ADR 028). A
 * browser that signed in to an account keeps a signed entry naming that account and a random
 * device id. With it, sign-in attempts count against the device's own allowance instead of the
 * account's allowance for unknown devices, so strangers failing on purpose lock out unknown
 * devices only, never the owner's browser. The entry proves nothing by itself (the password is
 * still checked); it only chooses which counter an attempt uses.
 *
 * An entry is `userId.deviceId.expiresAt.signature`. The signature (HMAC with the database's link
 * key) covers the account's password hash too, so a password change or reset turns every earlier
 * entry of the account back into an unknown device. One cookie holds the entries of the last few
 * accounts signed in on the browser.
 */

export const DEVICE_COOKIE = 'device';
/** How long a browser stays a known device of an account after its last successful sign-in. */
export const DEVICE_COOKIE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** Accounts remembered per browser (a shared office computer, an admin's second account). */
const ENTRIES_MAX = 5;
const PURPOSE = 'device-cookie';

type Entry = { userId: string; deviceId: string; expiresAt: number; signature: string; raw: string };
type Account = { id: string; passwordHash: string };

const ENTRY = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{16,64})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function parse(cookie: string | undefined, now: number): Entry[] {
  if (!cookie) return [];
  const entries: Entry[] = [];
  for (const raw of cookie.split('~').slice(0, ENTRIES_MAX)) {
    const match = ENTRY.exec(raw);
    if (!match) continue;
    const expiresAt = Number(match[3]) * 1000;
    if (expiresAt <= now) continue;
    entries.push({ userId: match[1], deviceId: match[2], expiresAt, signature: match[4], raw });
  }
  return entries;
}

const signed = (account: Account, deviceId: string, expiresAt: number) =>
  `${account.id}\n${deviceId}\n${Math.floor(expiresAt / 1000)}\n${account.passwordHash}`;

/** The device id of a valid entry for this account in the cookie, or undefined (an unknown device). */
export async function knownDeviceOf(
  db: Db,
  cookie: string | undefined,
  account: Account,
  now = Date.now(),
): Promise<string | undefined> {
  const entry = parse(cookie, now).find((e) => e.userId === account.id);
  if (!entry) return undefined;
  const valid = await verifyLink(db, PURPOSE, signed(account, entry.deviceId, entry.expiresAt), entry.signature);
  return valid ? entry.deviceId : undefined;
}

/**
 * The cookie after a successful sign-in: a new entry for this account (a fresh device id, so the
 * device's failure count starts over) first, then the other accounts' unexpired entries.
 */
export async function deviceCookieAfterSignIn(
  db: Db,
  cookie: string | undefined,
  account: Account,
  now = Date.now(),
): Promise<{ value: string; expiresAt: Date }> {
  const deviceId = randomBytes(16).toString('base64url');
  const expiresAt = now + DEVICE_COOKIE_TTL_MS;
  const sign = await linkSigner(db, PURPOSE);
  const entry = `${account.id}.${deviceId}.${Math.floor(expiresAt / 1000)}.${sign(signed(account, deviceId, expiresAt))}`;
  const others = parse(cookie, now)
    .filter((e) => e.userId !== account.id)
    .map((e) => e.raw);
  return { value: [entry, ...others].slice(0, ENTRIES_MAX).join('~'), expiresAt: new Date(expiresAt) };
}
