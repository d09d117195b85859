import type { ImportJob, ImportKindName, ImportSummary } from '../../../contract/import';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/errors';

/*
 * The uploaded imports' rows (migration 0054): every server process reads and writes the same
 * state, so a poll answers whichever process it reaches, and one import runs at a time across them.
 */

/** A running row whose heartbeat is older than this belongs to a process that stopped (a crash, kill -9). */
export const HEARTBEAT_LAPSE_SECONDS = 60;
/** Uploads kept in the list (older rows are deleted at the next upload). */
const KEPT = 20;

export const STOPPED_UNFINISHED =
  'The server stopped during this import. What was imported stays; upload the same file again to finish: it continues from there.';

type UploadRow = {
  id: string;
  kind: ImportKindName;
  file_name: string;
  status: ImportJob['status'];
  started_at: Date;
  finished_at: Date | null;
  started_by_email: string | null;
  records: number;
  percent: number;
  summary: ImportSummary | null;
  error: string | null;
};

const COLUMNS = `id, kind, file_name, status, started_at, finished_at, started_by_email, records, percent, summary, error`;

function toJob(row: UploadRow): ImportJob {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.file_name,
    status: row.status,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    startedByEmail: row.started_by_email,
    records: Number(row.records),
    percent: Number(row.percent),
    summary: row.summary,
    error: row.error,
  };
}

/** Ends the running rows of processes that stopped without ending them (their heartbeat lapsed). */
export async function endAbandonedUploads(db: Db): Promise<void> {
  await db.sql.query(
    `UPDATE import_uploads SET status = 'failed', finished_at = now(), error = $1
      WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => $2)`,
    [STOPPED_UNFINISHED, HEARTBEAT_LAPSE_SECONDS],
  );
}

/**
 * The upload's row, running: null when another import is running (in any process). Older rows
 * past the newest KEPT are deleted.
 */
export async function insertRunningUpload(
  db: Db,
  upload: { id: string; kind: ImportKindName; fileName: string; startedByEmail: string },
): Promise<ImportJob | null> {
  await endAbandonedUploads(db);
  try {
    const { rows } = await db.sql.query<UploadRow>(
      `INSERT INTO import_uploads (id, kind, file_name, status, started_by_email) VALUES ($1, $2, $3, 'running', $4)
       RETURNING ${COLUMNS}`,
      [upload.id, upload.kind, upload.fileName, upload.startedByEmail],
    );
    await db.sql.query(
      `DELETE FROM import_uploads WHERE status <> 'running'
          AND id NOT IN (SELECT id FROM import_uploads ORDER BY started_at DESC LIMIT ${KEPT})`,
    );
    return toJob(rows[0]!);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Forgets an upload that never started (its file could not be received). */
export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.sql.query(`DELETE FROM import_uploads WHERE id = $1`, [id]);
}

/** Progress of the running import; renews its heartbeat. */
export async function recordUploadProgress(db: Db, id: string, progress: { records: number; percent: number }): Promise<void> {
  await db.sql.query(`UPDATE import_uploads SET records = $2, percent = $3, heartbeat_at = now() WHERE id = $1 AND status = 'running'`, [
    id,
    progress.records,
    progress.percent,
  ]);
}

export async function finishUpload(db: Db, id: string, summary: ImportSummary): Promise<void> {
  await db.sql.query(
    `UPDATE import_uploads SET status = 'finished', finished_at = now(), records = $2, percent = 100, summary = $3::jsonb
      WHERE id = $1`,
    [id, summary.read, JSON.stringify(summary)],
  );
}

export async function failUpload(db: Db, id: string, error: string): Promise<void> {
  await db.sql.query(`UPDATE import_uploads SET status = 'failed', finished_at = now(), error = $2 WHERE id = $1`, [id, error]);
}

export async function findUpload(db: Db, id: string): Promise<ImportJob | null> {
  // Not a uuid: no such upload (rather than the database's cast error).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  await endAbandonedUploads(db);
  const { rows } = await db.sql.query<UploadRow>(`SELECT ${COLUMNS} FROM import_uploads WHERE id = $1`, [id]);
  return rows[0] ? toJob(rows[0]) : null;
}

/** The uploads, newest first. */
export async function listUploads(db: Db): Promise<ImportJob[]> {
  await endAbandonedUploads(db);
  const { rows } = await db.sql.query<UploadRow>(`SELECT ${COLUMNS} FROM import_uploads ORDER BY started_at DESC LIMIT ${KEPT}`);
  return rows.map(toJob);
}

/** The running (else the last) upload's progress, for GET /metrics. */
export async function uploadProgress(db: Db): Promise<{ running: boolean; percent: number; records: number }> {
  const { rows } = await db.sql.query<{ status: string; percent: number; records: number }>(
    `SELECT status, percent, records FROM import_uploads ORDER BY (status = 'running') DESC, started_at DESC LIMIT 1`,
  );
  const row = rows[0];
  return { running: row?.status === 'running', percent: Number(row?.percent ?? 0), records: Number(row?.records ?? 0) };
}
