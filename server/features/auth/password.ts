import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt is memory-hard and built into Node (no native addon to compile). OWASP's Password
// Storage Cheat Sheet gives equivalent minimums (N=2^17,r=8,p=1 ... N=2^15,r=8,p=3); N=2^15,
// r=8, p=3 keeps 32 MiB per hash (many concurrent sign-ins fit in memory) and costs three
// passes, about 0.2 s here. Older hashes (p=1) still verify and are upgraded at the next
// sign-in (needsRehash). See docs/decisions/003-auth-module.md.
const PARAMS = { N: 32768, r: 8, p: 3, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Format: scrypt$N$r$p$saltBase64$hashBase64, so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Whether a stored hash was made with other parameters than today's (upgrade it at sign-in). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(saltText, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
