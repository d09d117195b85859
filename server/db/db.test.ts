import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from './migrate';
import { openTestDatabase } from '../test/harness';
import { preparedStatement } from './driver';

const database = await openTestDatabase();
afterAll(() => database.close());

describe(`database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('has applied every migration, and applying again is a no-op', async () => {
    const { rows } = await database.db.sql.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toContain('0001-initial.sql');
    expect(await migrate(database.driver)).toEqual([]);
  });

  it('runs a prepared statement: the same answers; on PostgreSQL planned once per connection, under its name', async () => {
    const text = preparedStatement('db_test_double', 'SELECT $1::int * 2 AS twice');
    expect(() => preparedStatement('db_test_other', text)).toThrow(/already prepared as db_test_double/);
    const names = await database.db.transaction(async (tx) => {
      expect((await tx.sql.query<{ twice: number }>(text, [21])).rows).toEqual([{ twice: 42 }]);
      expect((await tx.sql.query<{ twice: number }>(text, [4])).rows).toEqual([{ twice: 8 }]);
      const { rows } = await tx.sql.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name');
      return rows.map((r) => r.name);
    });
    expect(names).toEqual(process.env.DATABASE_URL ? ['db_test_double'] : []);
  });

  it('has pg_trgm available', async () => {
    const { rows } = await database.db.sql.query<{ s: number }>("SELECT similarity('cardiology', 'cardiologist') AS s");
    expect(rows[0].s).toBeGreaterThan(0.4);
  });

  it('rolls a failed transaction back completely', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.sql.query(`INSERT INTO app_meta (key, value) VALUES ('tx-test', '{"a": 1}')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await database.db.sql.query<{ n: number }>("SELECT count(*) AS n FROM app_meta WHERE key = 'tx-test'");
    expect(rows[0].n).toBe(0);
  });

  it('returns counts as numbers and timestamps as Dates on both engines', async () => {
    const { rows } = await database.db.sql.query<{ n: unknown; t: unknown }>('SELECT count(*) AS n, now() AS t FROM users');
    expect(typeof rows[0].n).toBe('number');
    expect(rows[0].t).toBeInstanceOf(Date);
  });

  it('keeps concurrent queries out of a running transaction', async () => {
    let inside = 0;
    const tx = database.db.transaction(async (t) => {
      await t.sql.query(`INSERT INTO app_meta (key, value) VALUES ('iso', '1')`);
      inside = (await t.sql.query<{ n: number }>("SELECT count(*) AS n FROM app_meta WHERE key = 'iso'")).rows[0].n;
      throw new Error('rollback');
    });
    const outside = database.db.sql.query<{ n: number }>("SELECT count(*) AS n FROM app_meta WHERE key = 'iso'");
    await expect(tx).rejects.toThrow('rollback');
    expect(inside).toBe(1);
    expect((await outside).rows[0].n).toBe(0);
  });
});
