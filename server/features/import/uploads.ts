import { randomUUID } from 'node:crypto';
import { createWriteStream, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportJob, ImportKindName } from '../../../contract/import';
import type { Db } from '../../db/client';
import type { Env } from '../../lib/env';
import type { Logger } from '../../lib/logger';
import { AppError, fieldError } from '../../lib/errors';
import { repairAdvice } from './progress';
import { IMPORT_KINDS, runImport } from './service';

/**
 * Imports uploaded on the admin page run in the server process, one at a time, with the same
 * runImport as the CLI. Their state lives in memory (this process, until it stops); every
 * finished import also has its audit row and its import_runs row.
 *
 * Uploads are kept while they import in a folder of this process made with mkdtemp in the
 * temporary folder (`physiciandirect-import-<pid>-XXXXXX`, 0700, files 0600: ADR 049), at the first
 * upload: a name nobody can make first or guess, readable by the server's user only. Several
 * server processes may share the temporary folder (PostgreSQL), so a start removes only what no
 * live process owns: its own user's folders of pids that are gone (and those of the one shared
 * folder of versions before ADR 049); a stop removes its own folder.
 */
export type ImportJobs = {
  jobs: Map<string, ImportJob>;
  /** This process's upload folder, made at the first call. */
  folder(): string;
  removeUploads(): void;
};

const PREFIX = 'physiciandirect-import-';
/** The one shared folder of versions before ADR 049 (`<root>/physiciandirect-imports/<pid>`). */
const SHARED_ROOT = 'physiciandirect-imports';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `path` is a real folder (not a link) of this server's user. */
function isOwnFolder(path: string): boolean {
  try {
    const found = lstatSync(path);
    return found.isDirectory() && found.uid === process.getuid?.();
  } catch {
    return false;
  }
}

/** Removes uploads left in `root` by this user's processes that stopped without cleaning up (a crash, kill -9). */
export function removeStaleUploads(root: string): void {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return; // no folder
  }
  for (const name of names) {
    const pid = new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1];
    if (pid && Number(pid) !== process.pid && isRunning(Number(pid))) continue;
    if (pid && isOwnFolder(join(root, name))) rmSync(join(root, name), { recursive: true, force: true });
  }
  // An older version's shared folder, when it is ours: its stopped processes' folders and loose files.
  const shared = join(root, SHARED_ROOT);
  if (!isOwnFolder(shared)) return;
  for (const name of readdirSync(shared)) {
    if (/^\d+$/.test(name) && Number(name) !== process.pid && isRunning(Number(name))) continue;
    rmSync(join(shared, name), { recursive: true, force: true });
  }
}

export function createImportJobs(root = tmpdir()): ImportJobs {
  removeStaleUploads(root);
  let folder: string | null = null;
  return {
    jobs: new Map(),
    folder: () => (folder ??= mkdtempSync(join(root, `${PREFIX}${process.pid}-`))),
    removeUploads: () => {
      if (folder) rmSync(folder, { recursive: true, force: true });
      folder = null;
    },
  };
}

/** Passes the upload through, failing once it exceeds `maxBytes`. */
function sizeLimit(maxBytes: number): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(
    'payload_too_large',
    `The file is larger than the import limit of ${maxBytes.toLocaleString('en-US')} bytes (IMPORT_MAX_BYTES). ` +
      'Upload the NPPES .zip rather than the extracted CSV, or raise IMPORT_MAX_BYTES.',
  );
}

const KEPT = 20;

/**
 * What the upload calls use of the app's long-lived parts (the routes hand in theirs). Not AppDeps,
 * whose services are built from this module (a cycle through server/services.ts).
 */
type UploadDeps = {
  db: Db;
  env: Pick<Env, 'IMPORT_MAX_BYTES'>;
  logger: Logger;
  services: { importJobs: ImportJobs; directory: { directoryChanged(): Promise<unknown> } };
};

/**
 * Streams the request body to a file (never the whole upload in memory), then starts the import
 * in the background and returns its job at once; the page follows it with getImport.
 */
export async function startUploadedImport(
  deps: UploadDeps,
  input: {
    kind: ImportKindName;
    fileName: string;
    /** DAC: the file's date (YYYY-MM-DD); default the upload's day. */
    fileDate?: string;
    body: ReadableStream<Uint8Array> | null;
    /** The Content-Length header, when the client sent one: a larger file is refused before it is read. */
    declaredBytes?: number;
    actor: { userId: string; email: string };
  },
): Promise<ImportJob> {
  const { importJobs } = deps.services;
  if (input.fileDate && input.kind !== 'dac') {
    throw fieldError('fileDate', 'fileDate is for a Doctors and Clinicians (DAC) file: NPPES records carry their own dates');
  }
  const maxBytes = deps.env.IMPORT_MAX_BYTES;
  if (input.declaredBytes !== undefined && input.declaredBytes > maxBytes) throw tooLarge(maxBytes);
  if ([...importJobs.jobs.values()].some((job) => job.status === 'running')) {
    throw new AppError('conflict', 'An import is already running. Wait for it to finish, then upload the next file.');
  }
  if (!input.body) throw new AppError('bad_request', 'The request has no file: send the file as the body.');
  const id = randomUUID();
  const job: ImportJob = {
    id,
    kind: input.kind,
    fileName: input.fileName,
    status: 'running',
    startedAt: new Date().toISOString(),
    finishedAt: null,
    startedByEmail: input.actor.email,
    records: 0,
    percent: 0,
    summary: null,
    error: null,
  };
  // Registered before the upload is read: a second upload meanwhile gets the 409.
  importJobs.jobs.set(id, job);
  // The extension decides how the file is read (.zip: the data CSV inside it).
  const path = join(importJobs.folder(), `${id}-${input.fileName.replace(/[^\w.-]+/g, '_')}`);
  try {
    await pipeline(
      Readable.fromWeb(input.body as import('node:stream/web').ReadableStream<Uint8Array>),
      sizeLimit(maxBytes),
      createWriteStream(path, { flags: 'wx', mode: 0o600 }),
    );
    if ((await stat(path)).size === 0) throw new AppError('bad_request', 'The file is empty.');
  } catch (error) {
    importJobs.jobs.delete(id);
    await rm(path, { force: true });
    throw error;
  }
  for (const old of [...importJobs.jobs.keys()].slice(0, Math.max(0, importJobs.jobs.size - KEPT))) importJobs.jobs.delete(old);

  void runImport(deps.db, IMPORT_KINDS[input.kind], path, {
    actorUserId: input.actor.userId,
    fileDate: input.fileDate,
    // Messages name the operator's file, never the server's copy of it.
    fileName: input.fileName,
    onProgress: (p) => {
      job.records = p.records;
      job.percent = p.totalBytes ? Math.min(100, Math.round((p.bytesRead / p.totalBytes) * 1000) / 10) : 0;
    },
  })
    .then(async (summary) => {
      // Searches in this process see the import now; on PostgreSQL the import's notification
      // also reaches every other server process.
      await deps.services.directory.directoryChanged();
      job.summary = { ...summary, advice: repairAdvice(summary), malformed: summary.malformed.slice(0, 20) };
      job.records = summary.read;
      job.percent = 100;
      job.status = 'finished';
    })
    .catch((error: unknown) => {
      deps.logger.error({ err: error instanceof Error ? error.message : String(error), file: input.fileName }, 'import failed');
      job.status = 'failed';
      job.error = (error instanceof Error ? error.message : String(error)).replaceAll(path, input.fileName).replaceAll(basename(path), input.fileName);
    })
    .finally(async () => {
      job.finishedAt = new Date().toISOString();
      await rm(path, { force: true });
    });
  return job;
}

export function getImport(deps: UploadDeps, id: string): ImportJob {
  const job = deps.services.importJobs.jobs.get(id);
  if (!job) throw new AppError('not_found', 'Import not found (imports are kept until the server restarts).');
  return job;
}

export function listImports(deps: UploadDeps): ImportJob[] {
  return [...deps.services.importJobs.jobs.values()].reverse();
}
