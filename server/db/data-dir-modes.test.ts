import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../lib/env';
import { createLogger } from '../lib/logger';
import { openToOthers } from '../test/support/file-modes';
import { TEMPLATE_PATH } from '../test/template-path';
import { openDatabase } from './open';
import { openPgliteDriver } from './pglite-driver';

/*
 * The embedded database is its user's only (ADR 049): DATA_DIR 0700 and nothing under it open to
 * group or others, though PGlite sets 0666 and 0644 on the files it makes; an install made before
 * (0755 folders, 0666 files) is tightened at start. (The embedded engine whatever DATABASE_URL says.)
 */

const root = mkdtempSync(join(tmpdir(), 'data-dir-modes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const open = (dataDir: string, logger = createLogger('silent', false)) =>
  openDatabase(loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: undefined }), logger);

describe('DATA_DIR of the embedded database', () => {
  it('is made 0700, and no file PGlite writes there is open to group or others, open or closed', async () => {
    // A first start: PGlite's initdb, then every migration.
    const dataDir = join(root, 'new', 'data');
    const database = await open(dataDir);
    try {
      await database.db.sql.exec(`CREATE TABLE modes_check AS SELECT generate_series(1, 1000) AS n; CHECKPOINT`);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(readdirSync(join(dataDir, 'pglite')).length).toBeGreaterThan(10);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);

  it('of an install made before (0755 folders, 0666 files) is tightened at start, and says nothing of it', async () => {
    const dataDir = join(root, 'older');
    mkdirSync(dataDir);
    // The database's files written from a tarball (the migrated template), as a restore does.
    const driver = await openPgliteDriver({ dataDir: join(dataDir, 'pglite'), loadDataDir: new Uint8Array(readFileSync(TEMPLATE_PATH)) });
    await driver.close();
    const loosen = (path: string) => {
      const isDirectory = lstatSync(path).isDirectory();
      chmodSync(path, isDirectory ? 0o755 : 0o666);
      if (isDirectory) for (const name of readdirSync(path)) loosen(join(path, name));
    };
    loosen(dataDir);
    expect(openToOthers(dataDir).length).toBeGreaterThan(900);

    const warnings: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          const parsed = JSON.parse(line) as { level: number; msg: string };
          if (parsed.level >= 40) warnings.push(parsed.msg);
        }
        done();
      },
    });
    const database = await open(dataDir, createLogger('info', false, sink));
    try {
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(openToOthers(dataDir)).toEqual([]);
    expect(warnings).toEqual([]);
  }, 60_000);
});
