import { createHmac } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import {
  addSuppressions,
  configureSuppressionKey,
  isSuppressed,
  loadSuppressionMatcher,
  SuppressionKeyMismatchError,
  verifySuppressionKey,
} from './suppression';

const database = await openTestDatabase();
const { db } = database;
afterAll(() => database.close());
afterEach(() => configureSuppressionKey(undefined));

async function storedRows() {
  const { rows } = await db.sql.query<{ kind: string; value_hash: string }>(
    'SELECT kind, value_hash FROM suppressions ORDER BY kind, value_hash',
  );
  return rows;
}

describe('suppression list', () => {
  it('matches emails case- and space-insensitively, and NPIs, without storing either', async () => {
    configureSuppressionKey(undefined);
    await addSuppressions(db, { emails: ['  Jane.Doe@Example.COM '], npis: ['1234567893'] });

    expect(await isSuppressed(db, { email: 'jane.doe@example.com' })).toBe(true);
    expect(await isSuppressed(db, { email: 'JANE.DOE@example.com  ' })).toBe(true);
    expect(await isSuppressed(db, { npi: ' 1234567893' })).toBe(true);
    expect(await isSuppressed(db, { email: 'someone.else@example.com', npi: '1234567893' })).toBe(true);
    expect(await isSuppressed(db, { email: 'jane.doe@example.com', npi: null })).toBe(true);

    expect(await isSuppressed(db, { email: 'jane.doe@example.org' })).toBe(false);
    expect(await isSuppressed(db, { npi: '1234567890' })).toBe(false);
    expect(await isSuppressed(db, { email: null, npi: null })).toBe(false);
    expect(await isSuppressed(db, { email: '   ' })).toBe(false);
    expect(await isSuppressed(db, {})).toBe(false);
    // An NPI is not an email: the kinds do not cross.
    expect(await isSuppressed(db, { email: '1234567893' })).toBe(false);

    const rows = await storedRows();
    expect(rows.map((r) => r.kind)).toEqual(['email', 'npi']);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('jane');
    expect(dump).not.toContain('1234567893');
    // Keyed: a plain (unkeyed) SHA-256 of the address is not what is stored.
    const { rows: keyRows } = await db.sql.query<{ value: string }>("SELECT value FROM app_meta WHERE key = 'suppression_key'");
    expect(keyRows[0].value).toMatch(/^[0-9a-f]{64}$/);
    const expected = createHmac('sha256', keyRows[0].value).update('jane.doe@example.com').digest('hex');
    expect(rows.find((r) => r.kind === 'email')?.value_hash).toBe(expected);
  });

  it('keeps matching when SUPPRESSION_KEY is set to the generated key (moving the key out of the database)', async () => {
    const { rows } = await db.sql.query<{ value: string }>("SELECT value FROM app_meta WHERE key = 'suppression_key'");
    configureSuppressionKey(rows[0].value);
    const fresh = { ...db, sql: { ...db.sql } } as typeof db; // no cached key, like a restarted process
    await expect(verifySuppressionKey(fresh)).resolves.toBeUndefined();
    expect(await isSuppressed(fresh, { email: 'jane.doe@example.com' })).toBe(true);
  });

  it('ignores duplicates and blanks', async () => {
    const before = (await storedRows()).length;
    await addSuppressions(db, { emails: ['jane.doe@example.com', 'JANE.DOE@EXAMPLE.COM', ''], npis: ['1234567893', ' '] });
    await addSuppressions(db, { emails: [], npis: [] });
    expect((await storedRows()).length).toBe(before);
  });

  it('joins the transaction it is given: a rolled-back removal suppresses nothing', async () => {
    await expect(
      db.transaction(async (tx) => {
        await addSuppressions(tx, { emails: ['rolled.back@example.com'], npis: [] });
        expect(await isSuppressed(tx, { email: 'rolled.back@example.com' })).toBe(true);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await isSuppressed(db, { email: 'rolled.back@example.com' })).toBe(false);
  });

  it('gives the same answers in bulk from the loaded matcher', async () => {
    const suppressed = await loadSuppressionMatcher(db);
    expect(suppressed({ email: 'Jane.Doe@example.com' })).toBe(true);
    expect(suppressed({ npi: '1234567893' })).toBe(true);
    expect(suppressed({ email: 'other@example.com', npi: '1111111111' })).toBe(false);
    expect(suppressed({})).toBe(false);
  });

  it('refuses another key once hashes exist, since they would no longer match', async () => {
    const other = await openTestDatabase();
    try {
      configureSuppressionKey('k'.repeat(40));
      await addSuppressions(other.db, { emails: ['keyed@example.com'], npis: [] });
      expect(await isSuppressed(other.db, { email: 'keyed@example.com' })).toBe(true);
      const { rows } = await other.db.sql.query("SELECT 1 FROM app_meta WHERE key = 'suppression_key'");
      expect(rows).toEqual([]); // the configured key is never written to the database

      // A second process (its own pool) started with a different key is refused.
      const second = await openTestDatabaseSharing(other);
      configureSuppressionKey('z'.repeat(40));
      await expect(verifySuppressionKey(second)).rejects.toThrow(SuppressionKeyMismatchError);
      configureSuppressionKey(undefined);
      await expect(verifySuppressionKey(second)).rejects.toThrow(/SUPPRESSION_KEY is not the key/);
      configureSuppressionKey('k'.repeat(40));
      await expect(verifySuppressionKey(second)).resolves.toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

/**
 * A Db over the same database with no cached key (as a new process would have): a transaction's
 * Db has an executor of its own, so the key is looked up again.
 */
async function openTestDatabaseSharing(source: Awaited<ReturnType<typeof openTestDatabase>>) {
  return {
    ...source.db,
    sql: { ...source.db.sql },
  } as typeof source.db;
}
