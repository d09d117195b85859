import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { oncePerDatabase } from '../../db/per-database';

/*
 * The suppression list: emails and NPIs whose owners had their data removed. Every resume
 * approval and every import asks `isSuppressed` before writing a directory record. The table keeps
 * HMAC-SHA256 hashes of the lower-cased, trimmed values, never the values themselves, so the list
 * does not keep the data it removed (docs/decisions/013-suppression-keyed-hashes.md).
 *
 * The key: SUPPRESSION_KEY when set (kept apart from the database, so a copy of the database alone
 * cannot test guesses against the hashes); otherwise one random key generated once and kept in
 * app_meta, so every server process on one PostgreSQL hashes alike. A fingerprint of the key in
 * use is kept in app_meta too: changing keys once hashes exist would silently empty the list, so
 * it is refused.
 */

export type SuppressionInput = { email?: string | null; npi?: string | null };
type Kind = 'email' | 'npi';

const KEY_META = 'suppression_key';
const CHECK_META = 'suppression_key_check';
const CHECK_INPUT = 'physiciandirect suppression key check';

/** undefined: not configured by the server (e.g. a CLI), so process.env.SUPPRESSION_KEY decides. */
let configuredEnvKey: { value: string | undefined } | undefined;

/** Called once at start with the checked env (server/services.ts). */
export function configureSuppressionKey(envKey: string | undefined): void {
  configuredEnvKey = { value: envKey || undefined };
}

export class SuppressionKeyMismatchError extends Error {}

// One key lookup per connection pool (the root executor); a transaction's executor is new each time.
const keyFor = oncePerDatabase((db) => loadKey(db));

async function readMeta(db: Db, name: string): Promise<string | undefined> {
  const { rows } = await db.sql.query<{ value: unknown }>('SELECT value FROM app_meta WHERE key = $1', [name]);
  return typeof rows[0]?.value === 'string' ? rows[0].value : undefined;
}

async function insertMeta(db: Db, name: string, value: string): Promise<void> {
  await db.sql.query('INSERT INTO app_meta (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING', [
    name,
    JSON.stringify(value),
  ]);
}

async function loadKey(db: Db): Promise<Buffer> {
  const envKey = configuredEnvKey ? configuredEnvKey.value : process.env.SUPPRESSION_KEY || undefined;
  let key: Buffer;
  if (envKey) {
    key = Buffer.from(envKey, 'utf8');
  } else {
    // Whoever inserts first wins; everyone then reads the same row.
    await insertMeta(db, KEY_META, randomBytes(32).toString('hex'));
    const stored = await readMeta(db, KEY_META);
    if (!stored) throw new Error('suppression key missing from app_meta');
    // The text itself is the key, as with SUPPRESSION_KEY: setting SUPPRESSION_KEY to this value
    // later moves the key out of the database without changing a hash.
    key = Buffer.from(stored, 'utf8');
  }
  const check = createHmac('sha256', key).update(CHECK_INPUT).digest('hex');
  await insertMeta(db, CHECK_META, check);
  if ((await readMeta(db, CHECK_META)) !== check) {
    const { rows } = await db.sql.query('SELECT 1 FROM suppressions LIMIT 1');
    if (rows.length) {
      throw new SuppressionKeyMismatchError(
        'SUPPRESSION_KEY is not the key the suppression list was written with: removed physicians would no ' +
          'longer be recognised. Restore the previous SUPPRESSION_KEY (or unset it if none was set).',
      );
    }
    // Nothing hashed yet: the new key simply takes over.
    await db.sql.query('UPDATE app_meta SET value = $2::jsonb, updated_at = now() WHERE key = $1', [
      CHECK_META,
      JSON.stringify(check),
    ]);
  }
  return key;
}

/** Lower-cased and trimmed; blank values are not suppressible. */
function normalise(value: string | null | undefined): string | null {
  const v = value?.trim().toLowerCase();
  return v ? v : null;
}

function hashWith(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

function entries(key: Buffer, input: { emails: readonly (string | null | undefined)[]; npis: readonly (string | null | undefined)[] }) {
  const out = new Map<string, { kind: Kind; hash: string }>();
  const add = (kind: Kind, raw: string | null | undefined) => {
    const value = normalise(raw);
    if (!value) return;
    const hash = hashWith(key, value);
    out.set(`${kind}:${hash}`, { kind, hash });
  };
  input.emails.forEach((e) => add('email', e));
  input.npis.forEach((n) => add('npi', n));
  return [...out.values()];
}

/** Loads (or creates) the key and checks it against the list; the server calls this at start. */
export async function verifySuppressionKey(db: Db): Promise<void> {
  await keyFor(db);
}

/** Whether the email or the NPI (either given) is on the suppression list. */
export async function isSuppressed(db: Db, input: SuppressionInput): Promise<boolean> {
  if (!normalise(input.email) && !normalise(input.npi)) return false;
  const key = await keyFor(db);
  const wanted = entries(key, { emails: [input.email], npis: [input.npi] });
  const conditions = wanted.map((_, i) => `(kind = $${2 * i + 1} AND value_hash = $${2 * i + 2})`).join(' OR ');
  const { rows } = await db.sql.query(
    `SELECT 1 FROM suppressions WHERE ${conditions} LIMIT 1`,
    wanted.flatMap((w) => [w.kind, w.hash]),
  );
  return rows.length > 0;
}

/** Adds emails and NPIs to the list (blanks skipped, duplicates ignored). Pass the transaction of the removal. */
export async function addSuppressions(db: Db, input: { emails: string[]; npis: string[] }): Promise<void> {
  if (!input.emails.some(normalise) && !input.npis.some(normalise)) return;
  const key = await keyFor(db);
  const rows = entries(key, input);
  const values = rows.map((_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(', ');
  await db.sql.query(
    `INSERT INTO suppressions (kind, value_hash) VALUES ${values} ON CONFLICT (kind, value_hash) DO NOTHING`,
    rows.flatMap((r) => [r.kind, r.hash]),
  );
}

/**
 * For bulk work (an import of millions of rows): the whole list loaded once into memory, then a
 * synchronous check per record. Same answers as `isSuppressed` at the moment of loading.
 */
export async function loadSuppressionMatcher(db: Db): Promise<(input: SuppressionInput) => boolean> {
  const key = await keyFor(db);
  const { rows } = await db.sql.query<{ kind: Kind; value_hash: string }>('SELECT kind, value_hash FROM suppressions');
  const emails = new Set(rows.filter((r) => r.kind === 'email').map((r) => r.value_hash));
  const npis = new Set(rows.filter((r) => r.kind === 'npi').map((r) => r.value_hash));
  // An HMAC costs microseconds and an import asks millions of times: none when a kind's list is empty.
  return (input) => {
    const email = emails.size ? normalise(input.email) : null;
    const npi = npis.size ? normalise(input.npi) : null;
    return (!!email && emails.has(hashWith(key, email))) || (!!npi && npis.has(hashWith(key, npi)));
  };
}
