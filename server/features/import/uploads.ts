import { createHash, randomUUID } from 'node:crypto';
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
import * as repo from './upload-repo';
import type { JobDefinition } from '../../lib/jobs';

/**
 * Imports uploaded on the admin page run in a server process, one at a time across processes,
 * with the same runImport as the CLI, as a pass of the job runner's 'import' job (ADR 057): a
 * stop aborts it between batches and waits for the batch in flight; the next upload of the same
 * file continues from the last one committed. Their state is a row of import_uploads (migration
 * 0054), so any process answers a poll; every finished import also has its audit row and its
 * import_runs row.
 *
 * Uploads are kept while they import in a folder of this process made with mkdtemp in the
 * temporary folder (`physiciandirect-import-<pid>-XXXXXX`, 0700, files 0600: ADR 049), at the first
 * upload: a name nobody can make first or guess, readable by the server's user only. Several
 * server processes may share the temporary folder (PostgreSQL), so a start removes only what no
 * live process owns: its own user's folders of pids that are gone (and those of the one shared
 * folder of versions before ADR 049); a stop removes its own folder.
 */
export type ImportJobs = {
  /** Uploads received by this process and not yet imported (their files are in its folder). */
  queue: QueuedUpload[];
  /** This process's upload folder, made at the first call. */
  folder(): string;
  removeUploads(): void;
};

type QueuedUpload = {
  id: string;
  kind: ImportKindName;
  path: string;
  fileName: string;
  fileDate?: string;
  fileKey: string;
  actorUserId: string;
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
    queue: [],
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

/** What the upload calls use (ADR 060; the routes hand them in). */
export type UploadDeps = {
  db: Db;
  env: Pick<Env, 'IMPORT_MAX_BYTES'>;
  importJobs: ImportJobs;
  /** The job runner: the upload wakes the 'import' job. */
  jobs: { wake(name: string): void };
};

/**
 * Streams the request body to a file (never the whole upload in memory), then queues the import
 * for this process's 'import' job and returns its row at once; the page follows it with getImport.
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
  const { importJobs } = deps;
  if (input.fileDate && !IMPORT_KINDS[input.kind].datedByFile) {
    throw fieldError('fileDate', 'fileDate is for a Doctors and Clinicians (DAC) or Facility Affiliation file: NPPES records carry their own dates, and a hospitals file dates nothing');
  }
  const maxBytes = deps.env.IMPORT_MAX_BYTES;
  if (input.declaredBytes !== undefined && input.declaredBytes > maxBytes) throw tooLarge(maxBytes);
  if (!input.body) throw new AppError('bad_request', 'The request has no file: send the file as the body.');
  const id = randomUUID();
  // The row is written before the upload is read: a second upload meanwhile, to any process, gets the 409.
  const job = await repo.insertRunningUpload(deps.db, { id, kind: input.kind, fileName: input.fileName, startedByEmail: input.actor.email });
  if (!job) throw new AppError('conflict', 'An import is already running. Wait for it to finish, then upload the next file.');
  // The extension decides how the file is read (.zip: the data CSV inside it).
  const path = join(importJobs.folder(), `${id}-${input.fileName.replace(/[^\w.-]+/g, '_')}`);
  // The content's hash names the import's checkpoint: the same file uploaded again after a stop
  // continues where the stopped one ended.
  const hash = createHash('sha256');
  try {
    await pipeline(
      Readable.fromWeb(input.body as import('node:stream/web').ReadableStream<Uint8Array>),
      sizeLimit(maxBytes),
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      createWriteStream(path, { flags: 'wx', mode: 0o600 }),
    );
    if ((await stat(path)).size === 0) throw new AppError('bad_request', 'The file is empty.');
  } catch (error) {
    await repo.deleteUpload(deps.db, id);
    await rm(path, { force: true });
    throw error;
  }
  importJobs.queue.push({
    id,
    kind: input.kind,
    path,
    fileName: input.fileName,
    fileDate: input.fileDate,
    fileKey: `upload:${hash.digest('hex')}`,
    actorUserId: input.actor.userId,
  });
  deps.jobs.wake(IMPORT_JOB);
  return job;
}

export const IMPORT_JOB = 'import';
/** How often the running import writes its progress (and renews its heartbeat), at most. */
const PROGRESS_EVERY_MS = 500;
/** The heartbeat between progress writes (a first pass over a file reports no progress). */
const HEARTBEAT_EVERY_MS = 15_000;

/**
 * The 'import' job: imports this process's queued uploads one by one. On demand only (an upload
 * wakes it); a stop aborts the import between batches and the upload's row says how to finish.
 */
export function importJob(deps: {
  db: Db;
  logger: Logger;
  importJobs: ImportJobs;
  directory: { directoryChanged(): Promise<unknown> };
}): JobDefinition<{ imports: number }> {
  return {
    name: IMPORT_JOB,
    async runOnce(signal) {
      let imports = 0;
      for (let upload = deps.importJobs.queue.shift(); upload; upload = deps.importJobs.queue.shift()) {
        if (signal.aborted) {
          await repo.failUpload(deps.db, upload.id, repo.STOPPED_UNFINISHED);
          await rm(upload.path, { force: true });
          continue;
        }
        await importUpload(deps, upload, signal);
        imports++;
      }
      return { imports };
    },
  };
}

async function importUpload(
  deps: { db: Db; logger: Logger; directory: { directoryChanged(): Promise<unknown> } },
  upload: QueuedUpload,
  signal: AbortSignal,
): Promise<void> {
  let progress = { records: 0, percent: 0 };
  let written = 0;
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    written = Date.now();
    writing = writing.then(() => repo.recordUploadProgress(deps.db, upload.id, progress)).catch(() => undefined);
  };
  const heartbeat = setInterval(write, HEARTBEAT_EVERY_MS);
  try {
    const summary = await runImport(deps.db, IMPORT_KINDS[upload.kind], upload.path, {
      actorUserId: upload.actorUserId,
      fileDate: upload.fileDate,
      // Messages name the operator's file, never the server's copy of it.
      fileName: upload.fileName,
      fileKey: upload.fileKey,
      signal,
      onProgress: (p) => {
        progress = { records: p.records, percent: p.totalBytes ? Math.min(100, Math.round((p.bytesRead / p.totalBytes) * 1000) / 10) : 0 };
        if (Date.now() - written >= PROGRESS_EVERY_MS) write();
      },
    });
    clearInterval(heartbeat);
    await writing;
    // Searches in this process see the import now; on PostgreSQL the import's notification
    // also reaches every other server process.
    await deps.directory.directoryChanged();
    await repo.finishUpload(deps.db, upload.id, { ...summary, advice: repairAdvice(summary), malformed: summary.malformed.slice(0, 20) });
  } catch (error) {
    clearInterval(heartbeat);
    await writing;
    const message = error instanceof Error ? error.message : String(error);
    deps.logger.error({ err: message, file: upload.fileName }, 'import failed');
    await repo.failUpload(deps.db, upload.id, message.replaceAll(upload.path, upload.fileName).replaceAll(basename(upload.path), upload.fileName));
  } finally {
    clearInterval(heartbeat);
    await rm(upload.path, { force: true });
  }
}

export async function getImport(deps: { db: Db }, id: string): Promise<ImportJob> {
  const job = await repo.findUpload(deps.db, id);
  if (!job) throw new AppError('not_found', 'Import not found.');
  return job;
}

export function listImports(deps: { db: Db }): Promise<ImportJob[]> {
  return repo.listUploads(deps.db);
}
