import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client';
import { oncePerDatabase } from '../db/per-database';

/*
 * Signatures for links we email that act without a sign-in (the alert digest's one-click
 * unsubscribe). The key is random, generated once and kept in app_meta, so every server process
 * on one database signs and checks alike; a link cannot be made for another saved search
 * without it. HMAC-SHA256 over a purpose and the id, base64url (43 characters).
 */

const KEY_META = 'link_signing_key';
async function loadKey(db: Db): Promise<Buffer> {
  // Whoever inserts first wins; everyone then reads the same row.
  await db.sql.query('INSERT INTO app_meta (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING', [
    KEY_META,
    JSON.stringify(randomBytes(32).toString('hex')),
  ]);
  const { rows } = await db.sql.query<{ value: unknown }>('SELECT value FROM app_meta WHERE key = $1', [KEY_META]);
  if (typeof rows[0]?.value !== 'string') throw new Error('link signing key missing from app_meta');
  return Buffer.from(rows[0].value, 'hex');
}

const keyFor = oncePerDatabase(loadKey);

export async function signLink(db: Db, purpose: string, id: string): Promise<string> {
  return (await linkSigner(db, purpose))(id);
}

/** Signs many ids for one purpose with one key lookup. */
export async function linkSigner(db: Db, purpose: string): Promise<(id: string) => string> {
  const key = await keyFor(db);
  return (id) => createHmac('sha256', key).update(`${purpose}\n${id}`).digest('base64url');
}

export async function verifyLink(db: Db, purpose: string, id: string, signature: string): Promise<boolean> {
  const expected = Buffer.from(await signLink(db, purpose, id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
