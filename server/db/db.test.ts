import { afterAll, describe, expect, it } from 'vitest';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { count, eq } from 'drizzle-orm';
import * as schema from './schema';
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

  it('matches the drizzle schema: every table and column exists', async () => {
    const { rows } = await database.db.sql.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
    );
    const actual = new Set(rows.map((r) => `${r.table_name}.${r.column_name}`));
    const tables = (Object.values(schema) as unknown[]).filter(
      (v): v is PgTable => typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v,
    );
    expect(tables.length).toBeGreaterThan(15);
    const missing: string[] = [];
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        if (!actual.has(`${config.name}.${column.name}`)) missing.push(`${config.name}.${column.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('runs a prepared statement: the same answers; on PostgreSQL planned once per connection, under its name', async () => {
    const text = preparedStatement('db_test_double', 'SELECT $1::int * 2 AS twice');
    expect(() => preparedStatement('db_test_other', text)).toThrow(/already prepared as db_test_double/);
    const names = await database.db.transaction(async (tx) => {
      expect((await tx.sql.query<{ twice: number }>(text, [21])).rows).toEqual([{ twice: 42 }]);
      expect(await tx.sql.queryArrays(text, [4])).toEqual([[8]]);
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
        await tx.orm.insert(schema.appMeta).values({ key: 'tx-test', value: { a: 1 } });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const [row] = await database.db.orm.select({ n: count() }).from(schema.appMeta).where(eq(schema.appMeta.key, 'tx-test'));
    expect(row.n).toBe(0);
  });

  it('returns counts as numbers and timestamps as Dates on both engines', async () => {
    const { rows } = await database.db.sql.query<{ n: unknown; t: unknown }>('SELECT count(*) AS n, now() AS t FROM users');
    expect(typeof rows[0].n).toBe('number');
    expect(rows[0].t).toBeInstanceOf(Date);
  });

  it('keeps concurrent queries out of a running transaction', async () => {
    let inside = 0;
    const tx = database.db.transaction(async (t) => {
      await t.orm.insert(schema.appMeta).values({ key: 'iso', value: 1 });
      inside = (await t.sql.query<{ n: number }>("SELECT count(*) AS n FROM app_meta WHERE key = 'iso'")).rows[0].n;
      throw new Error('rollback');
    });
    const outside = database.db.sql.query<{ n: number }>("SELECT count(*) AS n FROM app_meta WHERE key = 'iso'");
    await expect(tx).rejects.toThrow('rollback');
    expect(inside).toBe(1);
    expect((await outside).rows[0].n).toBe(0);
  });
});
