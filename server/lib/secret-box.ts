import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { oncePerDatabase } from '../db/per-database';
import { AppError } from './errors';

/*
 * Secrets the integrations keep (an ATS's OAuth tokens, webhook signing secrets) are sealed with
 * AES-256-GCM under INTEGRATIONS_KEY, which lives outside the database: a copy of the database
 * alone opens none of them (docs/decisions/064-ats-integrations.md). Development and tests without
 * the variable use a key generated once and kept in app_meta (so every process on one database
 * agrees); production without it refuses to seal or open anything.
 */

export type SecretBox = {
  /** 'v1.' + base64(iv | tag | ciphertext). */
  seal(plain: string): string;
  /** The plain text, or an error when the key is not the one it was sealed with or it was altered. */
  open(sealed: string): string;
};

type KeyConfig = { key: string | undefined; production: boolean };
let configured: KeyConfig | undefined;

/** Called once at start with the checked env (server/services.ts). */
export function configureIntegrationsKey(config: KeyConfig): void {
  configured = config;
}

const META = 'integrations_key';

function boxWith(key: Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      if (!sealed.startsWith('v1.')) throw new Error('not a sealed secret');
      const raw = Buffer.from(sealed.slice(3), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

const derive = (text: string) => createHash('sha256').update(text, 'utf8').digest();

const loadBox = oncePerDatabase(async (db: Db): Promise<SecretBox> => {
  const config = configured ?? { key: process.env.INTEGRATIONS_KEY || undefined, production: process.env.NODE_ENV === 'production' };
  if (config.key) return boxWith(derive(config.key));
  if (config.production) {
    throw new AppError(
      'service_unavailable',
      'Integrations are not configured on this server: the operator must set INTEGRATIONS_KEY.',
    );
  }
  // Whoever inserts first wins; every process then reads the same row.
  await db.sql.query(`INSERT INTO app_meta (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING`, [
    META,
    JSON.stringify(randomBytes(32).toString('hex')),
  ]);
  const { rows } = await db.sql.query<{ value: unknown }>(`SELECT value FROM app_meta WHERE key = $1`, [META]);
  if (typeof rows[0]?.value !== 'string') throw new Error('integrations key missing from app_meta');
  return boxWith(derive(rows[0].value));
});

/** The box of this server's integrations key (503 in production without INTEGRATIONS_KEY). */
export function integrationsBox(db: Db): Promise<SecretBox> {
  return loadBox(db);
}
