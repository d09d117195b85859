import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportJob, ImportKindName } from '../../../contract/import';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { IMPORT_KINDS, runImport } from './service';

/**
 * Imports uploaded on the admin page run in the server process, one at a time, with the same
 * runImport as the CLI. Their state lives in memory (this process, until it stops); every
 * finished import also has its audit row and its import_runs row.
 */
export type ImportJobs = { jobs: Map<string, ImportJob>; folder: string };

export function createImportJobs(folder = join(tmpdir(), 'physiciandirect-imports')): ImportJobs {
  return { jobs: new Map(), folder };
}

const KEPT = 20;

/**
 * Streams the request body to a file (never the whole upload in memory), then starts the import
 * in the background and returns its job at once; the page follows it with getImport.
 */
export async function startUploadedImport(
  deps: AppDeps,
  input: { kind: ImportKindName; fileName: string; body: ReadableStream<Uint8Array> | null; actor: { userId: string; email: string } },
): Promise<ImportJob> {
  const { importJobs } = deps.services;
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
  await mkdir(importJobs.folder, { recursive: true });
  // The extension decides how the file is read (.zip: the data CSV inside it).
  const path = join(importJobs.folder, `${id}-${input.fileName.replace(/[^\w.-]+/g, '_')}`);
  try {
    await pipeline(Readable.fromWeb(input.body as import('node:stream/web').ReadableStream<Uint8Array>), createWriteStream(path));
    if ((await stat(path)).size === 0) throw new AppError('bad_request', 'The file is empty.');
  } catch (error) {
    importJobs.jobs.delete(id);
    await rm(path, { force: true });
    throw error;
  }
  for (const old of [...importJobs.jobs.keys()].slice(0, Math.max(0, importJobs.jobs.size - KEPT))) importJobs.jobs.delete(old);

  void runImport(deps.db, IMPORT_KINDS[input.kind], path, {
    actorUserId: input.actor.userId,
    onProgress: (p) => {
      job.records = p.records;
      job.percent = p.totalBytes ? Math.min(100, Math.round((p.bytesRead / p.totalBytes) * 1000) / 10) : 0;
    },
  })
    .then(async (summary) => {
      // Searches in this process see the import now; on PostgreSQL the import's notification
      // also reaches every other server process.
      await deps.services.directory.directoryChanged();
      job.summary = { ...summary, malformed: summary.malformed.slice(0, 20) };
      job.records = summary.read;
      job.percent = 100;
      job.status = 'finished';
    })
    .catch((error: unknown) => {
      deps.logger.error({ err: error instanceof Error ? error.message : String(error), file: input.fileName }, 'import failed');
      job.status = 'failed';
      job.error = error instanceof Error ? error.message : String(error);
    })
    .finally(async () => {
      job.finishedAt = new Date().toISOString();
      await rm(path, { force: true });
    });
  return job;
}

export function getImport(deps: AppDeps, id: string): ImportJob {
  const job = deps.services.importJobs.jobs.get(id);
  if (!job) throw new AppError('not_found', 'Import not found (imports are kept until the server restarts).');
  return job;
}

export function listImports(deps: AppDeps): ImportJob[] {
  return [...deps.services.importJobs.jobs.values()].reverse();
}
