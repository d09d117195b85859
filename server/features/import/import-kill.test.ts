import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client';
import type { SqlDriver } from '../../db/driver';
import { openPgDriver } from '../../db/pg-driver';
import { openPgliteDriver } from '../../db/pglite-driver';
import { openTestDatabase } from '../../test/harness';
import { NPPES } from './nppes';
import { runImport } from './service';
import { writeSyntheticNppesFile } from '../../test/support/import/synthetic-nppes';

/*
 * Safe to stop: an import killed with SIGKILL part-way, then run again, leaves exactly
 * what one uninterrupted run leaves. The import runs in a child process (import-child.ts, which
 * opens the database as the CLI does) on the engine of this test run: a PGlite data directory, or
 * a schema of DATABASE_URL. It is killed after its first committed batch; the rerun is the real
 * CLI (`scripts/import.ts`); the reference is an uninterrupted run in a database of its own.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ROWS = 12_000; // per 100 lines: 20 organisations, 3 deactivated, 25 physicians, 52 other clinicians
const BATCH = 200; // accepted rows per batch in the killed run: 15 checkpoints

const dir = mkdtempSync(join(tmpdir(), 'import-kill-'));
const file = join(dir, 'npidata_pfile_20050523-20261109.csv');
const pgUrl = process.env.DATABASE_URL;
const schema = `import_kill_${process.pid}_${randomBytes(3).toString('hex')}`;

/** The environment that points a child at the database under test. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  if (pgUrl) {
    const url = new URL(pgUrl);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    env.DATABASE_URL = url.toString();
  } else {
    delete env.DATABASE_URL;
    env.DATA_DIR = join(dir, 'data');
  }
  return env;
}

function start(args: string[]): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Opens the child's database from this process (only while no child holds it). */
async function openChildDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  let driver: SqlDriver;
  if (pgUrl) driver = openPgDriver({ connectionString: pgUrl, searchPath: `${schema},public`, max: 2 });
  else driver = await openPgliteDriver({ dataDir: join(dir, 'data', 'pglite') });
  return { db: createDb(driver), close: () => driver.close() };
}

/** Everything an import writes, without ids and timestamps (a killed batch burns sequence values). */
async function snapshot(db: Db) {
  const physicians = await db.sql.query<{ row: Record<string, unknown> }>(
    `SELECT to_jsonb(p) - 'id' - 'created_at' - 'updated_at' - 'nppes_refreshed_at' - 'dac_refreshed_at' - 'verified_at' AS row
       FROM physicians p ORDER BY npi`,
  );
  const contacts = await db.sql.query<{ npi: string; row: Record<string, unknown> }>(
    `SELECT p.npi, to_jsonb(c) - 'physician_id' AS row FROM physician_contacts c JOIN physicians p ON p.id = c.physician_id ORDER BY p.npi`,
  );
  const runs = await db.sql.query<{ records_done: string; counts: unknown; finished: boolean }>(
    `SELECT records_done::text, counts, finished_at IS NOT NULL AS finished FROM import_runs ORDER BY id`,
  );
  return { physicians: physicians.rows.map((r) => r.row), contacts: contacts.rows, runs: runs.rows };
}

beforeAll(async () => {
  await writeSyntheticNppesFile(file, { rows: ROWS, seed: 7 });
  if (pgUrl) {
    const admin = openPgDriver({ connectionString: pgUrl, max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
  }
});

afterAll(async () => {
  if (pgUrl) {
    const admin = openPgDriver({ connectionString: pgUrl, max: 1 });
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

describe(`kill -9 during an import, then run again (${pgUrl ? 'PostgreSQL' : 'PGlite data directory'})`, () => {
  it('ends with exactly the rows and the summary of one uninterrupted run', { timeout: 240_000 }, async () => {
    // 1. The child imports; at its first committed batch it is killed with SIGKILL.
    const killed = start(['server/test/support/import/import-child.ts', 'nppes', file, String(BATCH)]);
    await new Promise<void>((resolve, reject) => {
      killed.child.stdout!.on('data', () => {
        if (/^checkpoint \d+$/m.test(killed.output())) resolve();
      });
      killed.child.on('exit', () => reject(new Error(`the import ended before its first checkpoint:\n${killed.output()}`)));
    });
    killed.child.kill('SIGKILL');
    const [, signal] = await once(killed.child, 'exit');
    expect(signal).toBe('SIGKILL');

    // It stopped part-way: a checkpoint is committed, the run is not finished.
    const midway = await openChildDatabase();
    const afterKill = await snapshot(midway.db);
    await midway.close();
    expect(afterKill.runs).toHaveLength(1);
    expect(afterKill.runs[0]!.finished).toBe(false);
    const done = Number(afterKill.runs[0]!.records_done);
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(ROWS);
    expect(afterKill.physicians.length).toBeLessThan(3_000);

    // 2. The same command again, through the real CLI: it resumes after the last committed batch.
    const rerun = start(['scripts/import.ts', 'nppes', file]);
    const [code] = await once(rerun.child, 'exit');
    expect(code, rerun.output()).toBe(0);
    expect(rerun.output()).toContain('NPPES import (resumed) finished');

    // 3. The reference: one uninterrupted run of the same file in a database of its own.
    const reference = await openTestDatabase();
    const summary = await runImport(reference.db, NPPES, file);
    const expected = await snapshot(reference.db);
    await reference.close();
    expect(summary).toMatchObject({
      read: ROWS,
      inserted: 3_000,
      updated: 0,
      removed: 0,
      skipped: { organisation: 2_400, deactivated: 360, notPhysician: 6_240, suppressed: 0, malformed: 0 },
    });

    const resumed = await openChildDatabase();
    const actual = await snapshot(resumed.db);
    await resumed.close();
    expect(actual.physicians).toHaveLength(3_000);
    expect(new Set(actual.physicians.map((p) => p.npi)).size).toBe(3_000);
    expect(actual.physicians).toEqual(expected.physicians);
    expect(actual.contacts).toHaveLength(expected.contacts.length);
    expect(actual.contacts).toEqual(expected.contacts);
    // One run, finished, whose summary (kept across the kill) equals the uninterrupted one's.
    expect(actual.runs).toEqual([{ records_done: String(ROWS + 1), counts: expected.runs[0]!.counts, finished: true }]);
  });
});
