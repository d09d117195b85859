import { z } from 'zod';

/*
 * API keys of the public REST API (ADR 022): premium and admin users create named keys
 * in account settings; a key is shown once (only its SHA-256 is kept) and is sent as
 * `Authorization: Bearer <key>` to the search, profile, lists, contact and export calls.
 */

export const API_KEY_NAME_MAX = 100;
/** Active (not revoked) keys a user may hold at once. */
export const API_KEYS_PER_USER_MAX = 10;
/** Every key starts with this, so a leaked one is easy to recognise (and to scan for). */
export const API_KEY_PREFIX = 'pd_live_';

export const CreateApiKeyRequest = z
  .object({
    name: z
      .string({ error: 'name is required' })
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, 'Please enter a name for the key.')
          .max(API_KEY_NAME_MAX, `name must be at most ${API_KEY_NAME_MAX} characters`),
      ),
  });
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

/** A key as the list shows it: never the key itself, only its first characters. */
export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The key's first characters, e.g. 'pd_live_Ab12'. */
    prefix: z.string(),
    createdAt: z.string(),
    /** When the key was last used (to the minute), or null. */
    lastUsedAt: z.string().nullable(),
  });
export type ApiKey = z.infer<typeof ApiKey>;

/** POST /api/account/api-keys: the new key, in full this once. */
export const CreateApiKeyResponse = ApiKey.extend({ key: z.string() });
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponse>;

export const ApiKeysResponse = z.object({ keys: z.array(ApiKey) });
export type ApiKeysResponse = z.infer<typeof ApiKeysResponse>;

export const ApiKeyParams = z.object({ id: z.uuid('id must be an API key id') });
export type ApiKeyParams = z.infer<typeof ApiKeyParams>;
