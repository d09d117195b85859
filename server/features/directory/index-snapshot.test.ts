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
 * The directory index kept on disk between starts (ADR 038), on the real database: a start after
 * a build reads the file; any write to the directory (even one rolled back) makes the next start
 * read the rows again; a change removes the file at once.
 */

const folder = mkdtempSync(join(tmpdir(), 'directory-snapshot-'));
const ctx = await createTestContext({ env: { INDEX_SNAPSHOT_DIR: folder } });
const file = indexSnapshotFile(ctx.deps.env)!;
const logger = createLogger('silent', false);
const opened: Awaited<ReturnType<typeof createDirectoryService>>[] = [];
const open = async () => {
  const service = await createDirectoryService({ db: ctx.db, logger, snapshotFile: file });
  opened.push(service);
  return service;
};
/** Every file write a start of an earlier test began (a start from the rows writes the file in the background). */
const settled = () => Promise.all([ctx.deps.services.directory, ...opened].map((service) => service.snapshotWritten()));
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

  it('a rolled-back write changes nothing: the next start still reads the file alone', async () => {
    await ctx.db.sql.query('BEGIN');
    await ctx.db.sql.query(`UPDATE physicians SET city = 'Nowhere' WHERE id = (SELECT min(id) FROM physicians)`);
    await ctx.db.sql.query('ROLLBACK');
    const next = await open();
    expect([next.startedFrom, next.replayedAtStart]).toEqual(['snapshot', 0]);
  });

  it('a committed write after the file: the next start reads the file and re-reads that physician alone', async () => {
    const { rows } = await ctx.db.sql.query<{ id: number }>(
      `UPDATE physicians SET last_name = 'Zyxwvut' WHERE id = (SELECT min(id) FROM physicians) RETURNING id`,
    );
    await ctx.db.sql.query(`UPDATE physician_contacts SET mobile_phone = NULL WHERE physician_id = (SELECT max(id) FROM physicians)`);
    const next = await open();
    expect([next.startedFrom, next.replayedAtStart]).toEqual(['snapshot', 2]);
    const criteria = toCriteria({ query: 'zyxwvut' } as never);
    expect(next.index.search(criteria, page).ids).toEqual([rows[0].id]);
    // What the running index (patched at runtime) and a build from every row say, it says.
    await ctx.deps.services.directory.directoryChanged({ ids: [rows[0].id] });
    const fromRows = await createDirectoryService({ db: ctx.db, logger, snapshotFile: null });
    for (const request of [...SEARCHES, { query: 'zyxwvut' }, { hasMobile: 'true' }]) {
      const c = toCriteria(request as never);
      expect(next.index.search(c, page), JSON.stringify(request)).toEqual(fromRows.index.search(c, page));
    }
  });

  it('a bulk change (an import batch), or a file of another database: the next start reads every row', async () => {
    await ctx.db.transaction(async (tx) => {
      await tx.sql.query(`SELECT set_config('physiciandirect.directory_notify', 'off', true)`);
      await tx.sql.query(`UPDATE physicians SET title = 'Chief' WHERE id = (SELECT max(id) FROM physicians)`);
    });
    const afterBulk = await open();
    expect(afterBulk.startedFrom).toBe('database');
    // Its build wrote the file again, stamped with the database as it is now.
    await afterBulk.snapshotWritten();
    expect((await open()).startedFrom).toBe('snapshot');
    await ctx.db.sql.query('UPDATE directory_identity SET id = gen_random_uuid()');
    expect((await open()).startedFrom).toBe('database');
  });

  it('a write nobody heard (before the process listened) is re-read by the catch-up, and only it', async () => {
    const service = await open();
    const { rows } = await ctx.db.sql.query<{ id: number }>(
      `UPDATE physicians SET last_name = 'Unheard' WHERE id = (SELECT min(id) + 1 FROM physicians) RETURNING id`,
    );
    const criteria = toCriteria({ query: 'unheard' } as never);
    expect(service.index.search(criteria, page).total).toBe(0);
    expect(await service.catchUpAfterListening()).toBe(1);
    expect(service.index.search(criteria, page).ids).toEqual([rows[0].id]);
    expect(await service.catchUpAfterListening()).toBe(1); // the same change, read once more: harmless
  });

  // Two connections at once: PostgreSQL only (the embedded database runs one transaction at a time).
  it.skipIf(!process.env.DATABASE_URL)(
    'a write in progress while every row is read, committed after the file is written: the next start re-reads it',
    async () => {
      await settled(); // or an earlier start's write could land after the removal below
      rmSync(file, { force: true });
      let id = 0;
      await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.sql.query<{ id: number }>(
          `UPDATE physicians SET last_name = 'Inflight' WHERE id = (SELECT max(id) - 1 FROM physicians) RETURNING id`,
        );
        id = rows[0].id;
        const during = await open(); // reads every row (no file) on another connection, and writes the file
        expect(during.startedFrom).toBe('database');
        expect(during.index.search(toCriteria({ query: 'inflight' } as never), page).total).toBe(0);
        await during.snapshotWritten();
      });
      const next = await open();
      expect(next.startedFrom).toBe('snapshot');
      expect(next.replayedAtStart).toBeGreaterThanOrEqual(1);
      expect(next.index.search(toCriteria({ query: 'inflight' } as never), page).ids).toEqual([id]);
    },
  );
});
