import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoDirectory } from '../../db/seed/demo';
import { createLogger } from '../../lib/logger';
import { createTestContext } from '../../test/harness';
import { toCriteria } from './criteria';
import { createDirectoryService } from './service';
import { indexSnapshotFile } from './snapshot-file';

/*
 * The directory index kept on disk between starts (ADR 035), on the real database: a start after
 * a build reads the file; any write to the directory (even one rolled back) makes the next start
 * read the rows again; a change removes the file at once.
 */

const folder = mkdtempSync(join(tmpdir(), 'directory-snapshot-'));
const ctx = await createTestContext({ env: { INDEX_SNAPSHOT_DIR: folder } });
const file = indexSnapshotFile(ctx.deps.env)!;
const logger = createLogger('silent', false);
const open = () => createDirectoryService({ db: ctx.db, logger, snapshotFile: file });
const page = { sortKey: 'name', sortDirection: 'asc', offset: 0, limit: 25 } as const;
const SEARCHES = [{ query: 'smith' }, { specialty: ['Cardiology'], state: ['TX'] }, { query: 'card boston' }];

beforeAll(async () => {
  await loadDemoDirectory(ctx.driver, { count: 400 });
  await ctx.deps.services.directory.directoryChanged(); // a reload: written at once
  await ctx.deps.services.directory.snapshotWritten();
}, 60_000);
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the directory index kept between starts', () => {
  it('is named for the database: DATA_DIR on the embedded one, a hash of the address on PostgreSQL; off in tests', () => {
    const base = { NODE_ENV: 'production' as const, DATA_DIR: '/srv/data', INDEX_SNAPSHOT_DIR: undefined };
    expect(indexSnapshotFile({ ...base, DATABASE_URL: undefined })).toBe('/srv/data/index-snapshot/directory.snapshot');
    const pg = indexSnapshotFile({ ...base, DATABASE_URL: 'postgres://app:secret@db/prod' })!;
    expect(pg).toMatch(/physiciandirect-index\/directory-[0-9a-f]{16}\.snapshot$/);
    expect(pg).not.toContain('secret');
    expect(indexSnapshotFile({ ...base, DATABASE_URL: 'postgres://app:secret@db/other' })).not.toBe(pg);
    expect(indexSnapshotFile({ ...base, INDEX_SNAPSHOT_DIR: 'off', DATABASE_URL: undefined })).toBeNull();
    expect(indexSnapshotFile({ ...base, NODE_ENV: 'test', DATABASE_URL: undefined })).toBeNull();
  });

  it('a start after a build reads the file, and answers every search as the built index does', async () => {
    expect(existsSync(file)).toBe(true);
    const second = await open();
    expect(second.startedFrom).toBe('snapshot');
    expect(second.indexStats().physicians).toBe(400);
    for (const request of SEARCHES) {
      const criteria = toCriteria(request as never);
      expect(second.index.search(criteria, page)).toEqual(ctx.deps.services.directory.index.search(criteria, page));
    }
  });

  it('a write the file does not hold (even one rolled back) makes the next start read the rows', async () => {
    await ctx.db.sql.query('BEGIN');
    await ctx.db.sql.query(`UPDATE physicians SET city = 'Nowhere' WHERE id = (SELECT min(id) FROM physicians)`);
    await ctx.db.sql.query('ROLLBACK');
    const afterRollback = await open();
    expect(afterRollback.startedFrom).toBe('database');
    expect(afterRollback.indexStats().physicians).toBe(400);
    // Its build wrote the file again, stamped with the database as it is now.
    await afterRollback.snapshotWritten();
    expect((await open()).startedFrom).toBe('snapshot');
  });

  it('a change removes the file at once, before the index takes it', async () => {
    expect(existsSync(file)).toBe(true);
    const { rows } = await ctx.db.sql.query<{ id: number }>(`UPDATE physicians SET last_name = 'Zyxwvut' WHERE id = (SELECT min(id) FROM physicians) RETURNING id`);
    await ctx.deps.services.directory.directoryChanged({ ids: [rows[0].id] });
    expect(existsSync(file)).toBe(false);
    const next = await open();
    expect(next.startedFrom).toBe('database');
    expect(next.index.search(toCriteria({ query: 'zyxwvut' } as never), page).ids).toEqual([rows[0].id]);
    expect(ctx.deps.services.directory.index.search(toCriteria({ query: 'zyxwvut' } as never), page).ids).toEqual([rows[0].id]);
  });
});
