import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoDirectory } from '../../db/seed/demo';
import { createLogger } from '../../lib/logger';
import { createTestContext } from '../../test/harness';
import { toCriteria } from './search-index/query/criteria';
import { INDEX_ROWS_SOURCE, readSnapshotKey } from './repo';
import { snapshotFormat } from './search-index';
import { isPgSnapshotText } from './search-index/data/persisted';
import { createDirectoryService } from './service';
import { indexSnapshotFile } from './snapshot-file';

/*
 * The directory index kept on disk between starts (ADR 038), on the real database: a start after
 * a build reads the file; any write to the directory (even one rolled back) makes the next start
 * read the rows again; a change removes the file at once. And a file nobody else can slip in
 * (ADR 049): its folder the server's user's only, written without following links, believed only
 * when signed with the database's key and unchanged since.
 */

const folder = mkdtempSync(join(tmpdir(), 'directory-snapshot-'));
const ctx = await createTestContext({ env: { INDEX_SNAPSHOT_DIR: folder } });
const file = indexSnapshotFile(ctx.deps.env)!;
/** The services' log lines (a refused file must say so at warn level). */
const lines: { level: number; msg: string }[] = [];
const logger = createLogger(
  'info',
  false,
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  }),
);
const WARN = 40;
const opened: Awaited<ReturnType<typeof createDirectoryService>>[] = [];
const open = async (snapshotFile = file) => {
  const service = await createDirectoryService({ db: ctx.db, logger, snapshotFile });
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
  it('is in DATA_DIR on both engines, named with a hash of the address on PostgreSQL; off in tests', () => {
    const base = { NODE_ENV: 'production' as const, DATA_DIR: '/srv/data', INDEX_SNAPSHOT_DIR: undefined };
    expect(indexSnapshotFile({ ...base, DATABASE_URL: undefined })).toBe('/srv/data/index-snapshot/directory.snapshot');
    const pg = indexSnapshotFile({ ...base, DATABASE_URL: 'postgres://app:secret@db/prod' })!;
    // Never a fixed name in the shared temporary folder, which another user could make first (ADR 049).
    expect(pg).toMatch(/^\/srv\/data\/index-snapshot\/directory-[0-9a-f]{16}\.snapshot$/);
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

describe('a snapshot file nobody else can slip in (ADR 049)', () => {
  /** Cardiology's physicians as the database counts them, and as a service's index does. */
  const inDatabase = async () =>
    (await ctx.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM physicians WHERE specialty = 'Cardiology'`)).rows[0].n;
  const inIndex = (service: Awaited<ReturnType<typeof open>>) =>
    service.specialtyCounts().specialties.find((row) => row.specialty === 'Cardiology')?.count;
  /** A start on `path` (with its file write done) and the warnings it logged. */
  const start = async (path = file) => {
    const from = lines.length;
    const service = await open(path);
    await service.snapshotWritten();
    return { service, warnings: lines.slice(from).filter((line) => line.level === WARN).map((line) => line.msg) };
  };
  /** A file this database's server wrote just now, at `file`. */
  const freshFile = async () => {
    await settled();
    rmSync(file, { force: true });
    await (await open()).snapshotWritten();
    expect(existsSync(file)).toBe(true);
  };
  /** `file` with every `from` in it replaced by `to` (as long), bytes otherwise as written. */
  const edit = (from: string, to: string) => {
    const bytes = readFileSync(file);
    let at = bytes.indexOf(from);
    expect(at, `${from} in the file`).toBeGreaterThan(0);
    for (; at >= 0; at = bytes.indexOf(from, at + 1)) bytes.write(to, at, 'utf8');
    writeFileSync(file, bytes);
  };

  beforeAll(async () => {
    expect(await inDatabase()).toBeGreaterThan(0);
  });

  it("a link planted at the temporary file's name is never written through: the start warns, and writes a file of its own", async () => {
    await settled();
    rmSync(file, { force: true });
    const outside = mkdtempSync(join(tmpdir(), 'snapshot-victim-'));
    try {
      const victim = join(outside, 'victim.txt');
      writeFileSync(victim, 'precious');
      symlinkSync(victim, `${file}.${process.pid}.tmp`);
      const { service, warnings } = await start();
      expect(readFileSync(victim, 'utf8')).toBe('precious');
      expect(warnings.join('\n')).toMatch(/temporary name/);
      expect(inIndex(service)).toBe(await inDatabase());
      expect(lstatSync(file).isFile()).toBe(true);
      const next = await start();
      expect([next.service.startedFrom, next.warnings]).toEqual(['snapshot', []]);
      expect(inIndex(next.service)).toBe(await inDatabase());
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  const refusedFolders = [
    { name: 'one every user may write (0777)', make: (path: string) => chmodSync(path, 0o777), warning: /writable by its group and every user/ },
    // A chown needs root (CI runs as root; elsewhere this case is skipped).
    ...(process.getuid?.() === 0
      ? [{ name: "another user's", make: (path: string) => chownSync(path, 65534, 65534), warning: /belongs to user 65534/ }]
      : []),
  ];
  for (const { name, make, warning } of refusedFolders) {
    it(`a folder ${name} is refused, even holding a good file: the start reads the rows, warns, and writes nothing there`, async () => {
      await freshFile();
      const other = mkdtempSync(join(tmpdir(), 'snapshot-folder-'));
      try {
        const planted = join(other, basename(file));
        copyFileSync(file, planted);
        make(other);
        const before = statSync(planted);
        const { service, warnings } = await start(planted);
        expect(service.startedFrom).toBe('database');
        expect(warnings.join('\n')).toMatch(warning);
        expect(inIndex(service)).toBe(await inDatabase());
        expect(readdirSync(other)).toEqual([basename(file)]);
        expect(statSync(planted).mtimeMs).toBe(before.mtimeMs);
      } finally {
        rmSync(other, { recursive: true, force: true });
      }
    });
  }

  it('a malformed stamp never stops a start: the file is refused with a warning and the rows are read', async () => {
    await freshFile();
    // Edited in the file ('x' for the stamp's first digit: the header keeps its length) ...
    const bytes = readFileSync(file);
    bytes.write('x', bytes.indexOf('"snapshot":"') + '"snapshot":"'.length, 'utf8');
    writeFileSync(file, bytes);
    const edited = await start();
    expect(edited.service.startedFrom).toBe('database');
    expect(edited.warnings.join('\n')).toMatch(/snapshot refused/);
    expect(inIndex(edited.service)).toBe(await inDatabase());

    // ... or signed with the right key (a bug, or whoever holds the key): checked before any SQL reads it.
    const key = (await readSnapshotKey(ctx.db))!;
    const stamp = { identity: 'whatever', snapshot: '3:9:2', at: Date.now() };
    await edited.service.index.save(file, snapshotFormat(INDEX_ROWS_SOURCE), stamp, key);
    const signed = await start();
    expect(signed.service.startedFrom).toBe('database');
    expect(signed.warnings.join('\n')).toMatch(/snapshot refused: its stamp is not a database snapshot/);
    expect(inIndex(signed.service)).toBe(await inDatabase());
  });

  it("an edited dictionary (Cardiology's name changed in the file) is refused: the counts are the database's", async () => {
    await freshFile();
    edit('Cardiology', 'Cardiologx');
    const { service, warnings } = await start();
    expect(inIndex(service)).toBe(await inDatabase()); // believed, the file would say none
    expect(service.startedFrom).toBe('database');
    expect(warnings.join('\n')).toMatch(/snapshot refused: its content does not match its checksum/);
  });

  it("a file made for another database is refused, even given this database's identity: its key is not this one", async () => {
    const otherFolder = mkdtempSync(join(tmpdir(), 'directory-snapshot-other-'));
    const other = await createTestContext({ env: { INDEX_SNAPSHOT_DIR: otherFolder } });
    try {
      await loadDemoDirectory(other.driver, { count: 150 });
      await other.deps.services.directory.directoryChanged();
      await other.deps.services.directory.snapshotWritten();
      const identity = async (db: typeof ctx.db) =>
        (await db.sql.query<{ id: string }>('SELECT id::text FROM directory_identity ORDER BY created_at LIMIT 1')).rows[0].id;
      const forged = readFileSync(indexSnapshotFile(other.deps.env)!);
      const theirs = await identity(other.db);
      const at = forged.indexOf(theirs);
      expect(at).toBeGreaterThan(0);
      forged.write(await identity(ctx.db), at, 'utf8');
      await settled();
      writeFileSync(file, forged);
      // Nothing in the journal tells it apart either (as after a week, when the maintenance pass has emptied it).
      await ctx.db.sql.query('DELETE FROM directory_changes');
      const theirCount = inIndex(other.deps.services.directory);
      expect(theirCount).not.toBe(await inDatabase());

      const { service, warnings } = await start();
      expect(inIndex(service)).toBe(await inDatabase()); // believed, it would give the other database's count
      expect(service.startedFrom).toBe('database');
      expect(warnings.join('\n')).toMatch(/snapshot refused: not signed with this database's key/);
    } finally {
      await other.close();
      rmSync(otherFolder, { recursive: true, force: true });
    }
  });

  it('the stamp check lets through only what PostgreSQL reads as a pg_snapshot, and what it writes', async () => {
    const texts = ['750:750:', '1:1:', '750:760:751,759', '750:760:751,751', 'x', '', '750:750', '0:1:', '5:3:', '3:9:2', '3:9:9', '3:9:5,4', '3:9:4,', '1:18446744073709551616:'];
    for (const text of texts) {
      const accepted = await ctx.db.sql.query(`SELECT $1::text::pg_snapshot`, [text]).then(() => true, () => false);
      // Stricter is allowed (PostgreSQL takes '3:9:4,', and reads 2^64 as something; it writes neither), laxer never.
      if (isPgSnapshotText(text)) expect(accepted, text).toBe(true);
    }
    expect(texts.filter(isPgSnapshotText)).toEqual(['750:750:', '1:1:', '750:760:751,759', '750:760:751,751']);
    const { rows } = await ctx.db.sql.query<{ text: string }>('SELECT pg_current_snapshot()::text AS text');
    expect(isPgSnapshotText(rows[0].text)).toBe(true);
  });
});
