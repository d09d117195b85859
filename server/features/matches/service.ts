import { Readable } from 'node:stream';
import busboy from 'busboy';
import {
  MATCH_MAX_BYTES,
  MATCH_RETENTION_DAYS,
  MatchMapping,
  type MatchFormat,
  type MatchJobResponse,
  type MatchPreviewResponse,
  type ResolveMatchRowResponse,
} from '../../../contract/matches';
import type { Db } from '../../db/client';
import type { Env } from '../../lib/env';
import type { JobRunner } from '../../lib/jobs';
import { AppError, fieldError } from '../../lib/errors';
import type { DirectoryIndex, PhysicianForMatching } from '../directory';
import { checkExportCeiling, exportFileName, logExport } from '../exports';
import {
  addToPool,
  deletionVariants,
  emptyPool,
  hasNamesake,
  readRow,
  rememberedLastNameKeys,
  rowLabel,
  type PhysicianPool,
  type RowQuery,
} from './matcher';
import * as repo from './repo';
import { checkMapping, guessMapping, mappedRow, readSheet, writeSheet } from './spreadsheet';

const DAY_MS = 86_400_000;
/** Room for the multipart framing and the mapping field around a file of MATCH_MAX_BYTES. */
const FRAMING_BYTES = 256 * 1024;
/** The mapping field: a JSON object of at most 50 column names to fields. */
const MAPPING_MAX_BYTES = 64 * 1024;

export type Upload = { fileName: string; bytes: Buffer; mapping: string | null };

/**
 * What the match calls use of the app (ADR 060; the routes hand it in): a new upload wakes the
 * match job.
 */
export type MatchDeps = { db: Db; env: Pick<Env, 'EXPORT_DAILY_LIMIT'>; jobs: Pick<JobRunner, 'wake'> };

function tooLarge(): AppError {
  return new AppError('payload_too_large', `The file is larger than ${MATCH_MAX_BYTES / 1024 / 1024} MB; split it and upload each part.`);
}

const unreadable = () => fieldError('file', 'The upload could not be read as multipart/form-data.');

/**
 * Reads a multipart upload (the file in `file`, an optional `mapping`) as its bytes arrive
 * (docs/decisions/033-list-matching.md): busboy splits each piece the socket gives, the file's
 * bytes are kept in memory up to MATCH_MAX_BYTES and the upload refused (413) the moment the body
 * passes its limit. Nothing is written to disk, and no step parses the whole body at once (the
 * temporary file and whole-body form parsing before it made three copies of every upload and
 * held the event loop for one parse of the body: ADR 048).
 */
export async function receiveUpload(input: {
  body: ReadableStream<Uint8Array> | null;
  contentType: string | undefined;
  declaredBytes?: number;
}): Promise<Upload> {
  if (!input.contentType?.toLowerCase().startsWith('multipart/form-data') || !input.body) {
    throw fieldError('file', 'Send the spreadsheet as multipart/form-data, in the field named file.');
  }
  const limit = MATCH_MAX_BYTES + FRAMING_BYTES;
  if (input.declaredBytes !== undefined && input.declaredBytes > limit) throw tooLarge();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': input.contentType },
      defParamCharset: 'utf8',
      limits: { files: 1, fileSize: MATCH_MAX_BYTES, fields: 10, fieldSize: MAPPING_MAX_BYTES, parts: 20 },
    });
  } catch {
    throw unreadable();
  }
  const body = Readable.fromWeb(input.body as import('node:stream/web').ReadableStream<Uint8Array>);
  return new Promise<Upload>((resolve, reject) => {
    let settled = false;
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      body.unpipe(parser);
      body.destroy();
      reject(error);
    };
    let file: { name: string; chunks: Buffer[]; done: boolean } | null = null;
    let mapping: string | null = null;
    parser.on('file', (name, stream, info) => {
      stream.on('error', () => fail(unreadable())); // a body cut inside the part
      if (name !== 'file' || file) {
        stream.resume();
        return;
      }
      const kept = { name: info.filename ?? '', chunks: [] as Buffer[], done: false };
      file = kept;
      stream.on('data', (chunk: Buffer) => kept.chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => (kept.done = true));
    });
    parser.on('field', (name, value, info) => {
      if (name !== 'mapping') return;
      if (info.valueTruncated) fail(fieldError('mapping', `mapping must be at most ${MAPPING_MAX_BYTES / 1024} KB of JSON.`));
      else if (value.trim()) mapping = value;
    });
    parser.on('error', () => fail(unreadable()));
    parser.on('close', () => {
      if (settled) return;
      const got = file as { name: string; chunks: Buffer[]; done: boolean } | null;
      if (!got) return fail(fieldError('file', 'Choose a CSV or XLSX file to upload (field file).'));
      if (!got.done) return fail(unreadable());
      settled = true;
      resolve({ fileName: (got.name || 'upload.csv').slice(0, 255), bytes: Buffer.concat(got.chunks), mapping });
    });
    let bytes = 0;
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) fail(tooLarge());
    });
    body.on('error', () => fail(unreadable()));
    body.pipe(parser);
  });
}

function parseMapping(text: string | null, columns: string[]) {
  if (text === null) return checkMapping(guessMapping(columns), columns);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fieldError('mapping', 'mapping must be JSON: {"column name": "field", ...}.');
  }
  const parsed = MatchMapping.safeParse(value);
  if (!parsed.success) throw fieldError('mapping', parsed.error.issues[0]?.message ?? 'mapping is not valid');
  return checkMapping(parsed.data, columns);
}

/** POST /api/matches/preview: header, first rows and guessed mapping; nothing is stored. */
export async function previewUpload(upload: Upload): Promise<MatchPreviewResponse> {
  // Five rows kept: the rest are read to the limits and counted, never held.
  const sheet = await readSheet(upload.fileName, upload.bytes, { keepRows: 5 });
  return {
    fileName: upload.fileName,
    format: sheet.format,
    columns: sheet.columns,
    sample: sheet.rows,
    rows: sheet.total,
    mapping: guessMapping(sheet.columns),
  };
}

/** POST /api/matches: stores the rows and queues the job; the worker matches it in slices. */
export async function createMatch(deps: MatchDeps, input: { userId: string; upload: Upload }): Promise<{ id: string }> {
  const sheet = await readSheet(input.upload.fileName, input.upload.bytes);
  const mapping = parseMapping(input.upload.mapping, sheet.columns);
  const id = await repo.insertJob(deps.db, {
    userId: input.userId,
    fileName: input.upload.fileName,
    format: sheet.format,
    columns: sheet.columns,
    mapping,
    rows: sheet.rows.map((cells) => ({ cells, label: rowLabel(mappedRow(cells, sheet.columns, mapping)) })),
  });
  deps.jobs.wake('matches');
  return { id };
}

async function ownJob(db: Db, userId: string, id: string) {
  const job = await repo.findJob(db, id, userId);
  if (!job) throw new AppError('not_found', 'Match not found (uploads are deleted after 7 days).');
  return job;
}

/** GET /api/matches/{id}: status, progress and counts; every row once done. */
export async function getMatch(deps: MatchDeps, input: { userId: string; id: string }): Promise<MatchJobResponse> {
  const job = await ownJob(deps.db, input.userId, input.id);
  const done = job.status === 'done';
  const counts = repo.countsOf(job);
  const rows = done ? await repo.findRows(deps.db, job.id) : undefined;
  return {
    id: job.id,
    fileName: job.file_name,
    format: job.format,
    status: job.status,
    progress: job.total_rows ? Math.min(100, Math.round((job.done_rows / job.total_rows) * 1000) / 10) : 100,
    total: job.total_rows,
    counts,
    createdAt: job.created_at,
    expiresAt: new Date(new Date(job.created_at).getTime() + MATCH_RETENTION_DAYS * DAY_MS).toISOString(),
    error: job.error,
    ...(rows ? { rows } : {}),
  };
}

/** POST /api/matches/{id}/rows/{row}: the user picks one of the row's candidates (or none of them). */
export async function resolveMatchRow(
  deps: MatchDeps,
  input: { userId: string; id: string; row: number; physicianId: number | null },
): Promise<ResolveMatchRowResponse> {
  const job = await ownJob(deps.db, input.userId, input.id);
  if (job.status !== 'done') throw new AppError('conflict', 'The list is still being matched; resolve rows once it is done.');
  const [row] = await repo.findRows(deps.db, job.id, input.row);
  if (!row) throw new AppError('not_found', `Row ${input.row} not found in this upload.`);
  let score: number | null = null;
  if (input.physicianId !== null) {
    const candidate = row.candidates.find((c) => c.physicianId === input.physicianId);
    if (!candidate) throw fieldError('physicianId', 'physicianId must be one of the row’s candidates.');
    score = candidate.score;
  }
  const counts = await repo.resolveRow(deps.db, job.id, input.row, { physicianId: input.physicianId, score });
  const [updated] = await repo.findRows(deps.db, job.id, input.row);
  return { row: updated, counts };
}

/**
 * The enriched file's columns after the user's own; the contact columns named as the export names
 * them, each value's check in the one vocabulary (ADR 053).
 */
export const ENRICHED_COLUMNS = [
  'Match Outcome',
  'Match Score',
  'NPI',
  'Physician ID',
  'Specialty',
  'Sub-specialty',
  'Practice Location',
  'Organization',
  'Mobile',
  'Mobile Check',
  'Work Phone',
  'Work Phone Check',
  'Email',
  'Email Check',
] as const;

const OUTCOME_TEXT: Record<string, string> = { matched: 'Matched', ambiguous: 'Ambiguous', none: 'No match' };

/**
 * GET /api/matches/{id}/enriched (the caller has 'exports:create'): the user's rows unchanged plus
 * the matched physician's columns and contacts. Each matched physician counts as one exported
 * contact against EXPORT_DAILY_LIMIT and the download ends the money-back guarantee, exactly as
 * an export (it is logged by the exports feature's logExport, after the file is built).
 */
export async function enrichedFile(
  deps: MatchDeps,
  input: { userId: string; id: string; ip: string | null; now?: Date },
): Promise<{ body: Buffer; fileName: string; format: MatchFormat; count: number }> {
  const now = input.now ?? new Date();
  const job = await ownJob(deps.db, input.userId, input.id);
  if (job.status !== 'done') throw new AppError('conflict', 'The list is still being matched; download it once it is done.');
  const rows = await repo.findEnrichmentRows(deps.db, job.id);
  const ids = [...new Set(rows.flatMap((r) => (r.outcome === 'matched' && r.physicianId !== null ? [r.physicianId] : [])))];
  await checkExportCeiling(deps.db, input.userId, ids.length, deps.env.EXPORT_DAILY_LIMIT, now);
  const records = await repo.findEnrichmentRecords(deps.db, ids);
  const table = rows.map((r) => {
    const p = r.outcome === 'matched' && r.physicianId !== null ? records.get(r.physicianId) : undefined;
    const place = p ? [[p.city, p.state].filter(Boolean).join(', '), p.zip].filter(Boolean).join(' ') : null;
    const contact = (value: repo.EnrichmentValue | null | undefined) =>
      value ? [value.value, value.check] : [null, null];
    return [
      ...r.cells,
      OUTCOME_TEXT[r.outcome ?? 'none'] ?? '',
      r.score === null ? null : r.score.toFixed(2),
      p?.npi ?? null,
      p ? String(p.id) : null,
      p?.specialty ?? null,
      p?.sub_specialty ?? null,
      place,
      p?.organization ?? null,
      ...contact(p?.mobile),
      ...contact(p?.work_phone),
      ...contact(p?.email),
    ];
  });
  const body = await writeSheet(job.format, job.columns, ENRICHED_COLUMNS, table);
  // A file without any physician holds nothing of ours: no export to count.
  if (ids.length > 0) {
    await logExport({
      db: deps.db,
      userId: input.userId,
      count: ids.length,
      format: job.format,
      dailyLimit: deps.env.EXPORT_DAILY_LIMIT,
      ip: input.ip,
      now,
      details: { matchId: job.id, physicianIds: ids.slice(0, 10_000) },
      physicianIds: ids,
    });
  }
  const base = job.file_name.replace(/\.(csv|xlsx|txt|tsv)$/i, '').replace(/[^\w.-]+/g, '_').slice(0, 80) || 'list';
  return { body, fileName: exportFileName(`${base}-enriched`, job.format, now), format: job.format, count: ids.length };
}

// ---- matching (the worker's steps) ---------------------------------------------------------------

/**
 * Adds physicians to the pool in chunks, the event loop given a turn between them (a large list's
 * pool is most of the directory), with middle names from the database for the last names of rows
 * that give a middle initial (the index holds none).
 */
async function addInTurns(db: Db, pool: PhysicianPool, physicians: readonly PhysicianForMatching[], queries: readonly RowQuery[]) {
  const middleKeys = new Set(queries.flatMap((q) => (q.middleInitial ? q.lastKeys : [])));
  const needMiddle = middleKeys.size
    ? physicians.filter((p) => rememberedLastNameKeys(p.lastName).some((k) => middleKeys.has(k))).map((p) => p.id)
    : [];
  const middleNames = await repo.findMiddleNames(db, needMiddle);
  for (let start = 0; start < physicians.length; start += 20_000) {
    addToPool(pool, physicians.slice(start, start + 20_000), middleNames);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Reads a job's rows and gathers, in one pass over the index, every physician sharing a last-name
 * key or an NPI with one of them (and a second pass for near misses when some row has no
 * namesake). The worker then matches the rows slice by slice from this pool.
 */
export async function prepareMatching(
  db: Db,
  index: DirectoryIndex,
  job: { columns: string[]; mapping: repo.MatchJobRow['mapping'] },
  rows: ReadonlyArray<{ row: number; cells: string[] }>,
): Promise<{ queries: RowQuery[]; pool: PhysicianPool }> {
  const queries = rows.map((r) => readRow(mappedRow(r.cells, job.columns, job.mapping)));
  const keys = new Set(queries.flatMap((q) => q.lastKeys));
  const npis = new Set(queries.flatMap((q) => (q.npi ? [q.npi] : [])));
  const physicians = index.physiciansForMatching({
    lastNameAccepts: (name) => rememberedLastNameKeys(name).some((key) => keys.has(key)),
    npis,
  });
  const pool = emptyPool();
  await addInTurns(db, pool, physicians, queries);
  // Near misses (matcher.ts, nearMisses): a row that no namesake can match also looks at the last
  // names one letter off its own (Andersen for Anderson), found in a second pass over the index
  // for those rows only; a list whose rows all have namesakes never pays for it.
  const lonely = queries.filter(
    (q) => !(q.npi && pool.byNpi.has(q.npi)) && !!q.lastWhole && q.lastWhole.length >= 4 && !hasNamesake(q, pool),
  );
  if (lonely.length > 0) {
    const variants = new Set(lonely.flatMap((q) => deletionVariants(q.lastWhole!)));
    const nearby = index.physiciansForMatching({
      lastNameAccepts: (name) => {
        const nameKeys = rememberedLastNameKeys(name);
        if (nameKeys.some((key) => keys.has(key))) return false; // in the pool already
        const whole = nameKeys[0];
        return !!whole && whole.length >= 4 && deletionVariants(whole).some((variant) => variants.has(variant));
      },
      npis: new Set(),
    });
    await addInTurns(db, pool, nearby, queries);
  }
  return { queries, pool };
}
