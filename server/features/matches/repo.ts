import type { MatchCounts, MatchFormat, MatchMapping, MatchRow, MatchStatus } from '../../../contract/matches';
import type { ContactStatus } from '../../../contract/contacts';
import type { ContactVerification } from '../../../contract/verification';
import { verificationWords } from '../../../contract/verification-words';
import type { Db } from '../../db/client';
import { CONTACT_VALUE_COLUMNS, contactValuesOf, shownContact } from '../contacts';
import type { RowMatch } from './matcher';

/*
 * The matches feature's SQL. Every read and write of a job names its owner, except the worker's
 * (which acts for whoever uploaded). Nothing here writes to physicians.
 */

export type MatchJobRow = {
  id: string;
  user_id: string;
  file_name: string;
  format: MatchFormat;
  columns: string[];
  mapping: MatchMapping;
  status: MatchStatus;
  total_rows: number;
  done_rows: number;
  matched_rows: number;
  ambiguous_rows: number;
  none_rows: number;
  error: string | null;
  created_at: string;
};

const JOB_COLUMNS = `id::text AS id, user_id::text AS user_id, file_name, format, columns, mapping, status, total_rows,
  done_rows, matched_rows, ambiguous_rows, none_rows, error, created_at`;

const parseJob = (row: MatchJobRow & { columns: unknown; mapping: unknown }): MatchJobRow => ({
  ...row,
  columns: typeof row.columns === 'string' ? JSON.parse(row.columns) : row.columns,
  mapping: typeof row.mapping === 'string' ? JSON.parse(row.mapping) : row.mapping,
  created_at: new Date(row.created_at).toISOString(),
});

/** A new job with every row's cells and label, in one transaction. */
export async function insertJob(
  db: Db,
  job: {
    userId: string;
    fileName: string;
    format: MatchFormat;
    columns: string[];
    mapping: MatchMapping;
    rows: ReadonlyArray<{ cells: string[]; label: string }>;
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.sql.query<{ id: string }>(
      `INSERT INTO match_jobs (user_id, file_name, format, columns, mapping, total_rows)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6) RETURNING id::text AS id`,
      [job.userId, job.fileName, job.format, JSON.stringify(job.columns), JSON.stringify(job.mapping), job.rows.length],
    );
    const id = rows[0].id;
    // Batches of 2,000 rows, each one statement (one JSON parameter).
    for (let start = 0; start < job.rows.length; start += 2_000) {
      const batch = job.rows.slice(start, start + 2_000).map((r, i) => ({ n: start + i + 1, c: r.cells, l: r.label }));
      await tx.sql.query(
        `INSERT INTO match_rows (job_id, row_number, cells, label)
         SELECT $1, (r->>'n')::int, r->'c', r->>'l' FROM jsonb_array_elements($2::jsonb) AS r`,
        [id, JSON.stringify(batch)],
      );
    }
    return id;
  });
}

/** The job if it belongs to `userId` (null otherwise: the caller answers 404). */
export async function findJob(db: Db, id: string, userId: string): Promise<MatchJobRow | null> {
  const { rows } = await db.sql.query<MatchJobRow>(`SELECT ${JOB_COLUMNS} FROM match_jobs WHERE id = $1 AND user_id = $2`, [id, userId]);
  return rows[0] ? parseJob(rows[0]) : null;
}

/** The job's rows per outcome (kept on the job row). */
export function countsOf(job: Pick<MatchJobRow, 'matched_rows' | 'ambiguous_rows' | 'none_rows'>): MatchCounts {
  return { matched: job.matched_rows, ambiguous: job.ambiguous_rows, none: job.none_rows };
}

const COUNT_COLUMN: Record<keyof MatchCounts, string> = { matched: 'matched_rows', ambiguous: 'ambiguous_rows', none: 'none_rows' };

/** Every matched row of a job, in row order (one JSON round trip). */
export async function findRows(db: Db, jobId: string, row?: number): Promise<MatchRow[]> {
  const { rows } = await db.sql.query<{ data: string | null }>(
    `SELECT json_agg(json_build_object(
        'row', r.row_number, 'label', m.label, 'outcome', r.outcome, 'physicianId', r.physician_id,
        'score', r.score, 'resolved', r.resolved, 'candidates', r.candidates) ORDER BY r.row_number)::text AS data
       FROM match_results r JOIN match_rows m ON m.job_id = r.job_id AND m.row_number = r.row_number
      WHERE r.job_id = $1 AND ($2::int IS NULL OR r.row_number = $2)`,
    [jobId, row ?? null],
  );
  const parsed: MatchRow[] = rows[0]?.data ? JSON.parse(rows[0].data) : [];
  for (const r of parsed) if (r.score !== null) r.score = Math.round(r.score * 100) / 100;
  return parsed;
}

/** Sets a row's outcome as the user resolved it, and the job's counts, in one transaction. */
export async function resolveRow(
  db: Db,
  jobId: string,
  row: number,
  outcome: { physicianId: number | null; score: number | null },
): Promise<MatchCounts> {
  return db.transaction(async (tx) => {
    const before = await tx.sql.query<{ outcome: keyof MatchCounts }>(
      'SELECT outcome FROM match_results WHERE job_id = $1 AND row_number = $2 FOR UPDATE',
      [jobId, row],
    );
    const now: keyof MatchCounts = outcome.physicianId === null ? 'none' : 'matched';
    await tx.sql.query(
      `UPDATE match_results SET outcome = $3, physician_id = $4, score = $5, resolved = true WHERE job_id = $1 AND row_number = $2`,
      [jobId, row, now, outcome.physicianId, outcome.score],
    );
    const old = before.rows[0].outcome;
    const { rows } = await tx.sql.query<MatchJobRow>(
      `UPDATE match_jobs SET ${COUNT_COLUMN[old]} = ${COUNT_COLUMN[old]} - 1, ${COUNT_COLUMN[now]} = ${COUNT_COLUMN[now]} + 1
        WHERE id = $1 RETURNING matched_rows, ambiguous_rows, none_rows`,
      [jobId],
    );
    return countsOf(rows[0]);
  });
}

/** Every row's cells and outcome, in row order, for the enriched file. */
export async function findEnrichmentRows(
  db: Db,
  jobId: string,
): Promise<Array<{ cells: string[]; outcome: string | null; physicianId: number | null; score: number | null }>> {
  const { rows } = await db.sql.query<{ data: string | null }>(
    `SELECT json_agg(json_build_object('cells', m.cells, 'outcome', r.outcome, 'physicianId', r.physician_id, 'score', r.score)
       ORDER BY m.row_number)::text AS data
       FROM match_rows m LEFT JOIN match_results r ON r.job_id = m.job_id AND r.row_number = m.row_number
      WHERE m.job_id = $1`,
    [jobId],
  );
  return rows[0]?.data ? JSON.parse(rows[0].data) : [];
}

/** A contact value as it leaves in the enriched file, and its check in the one vocabulary (ADR 053). */
export type EnrichmentValue = { value: string; check: string };

export type EnrichmentRecord = {
  id: number;
  npi: string | null;
  specialty: string | null;
  sub_specialty: string | null;
  organization: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** The email the reveal shows, and each phone that may leave (the export's Mobile and Work Phone). */
  email: EnrichmentValue | null;
  mobile: EnrichmentValue | null;
  work_phone: EnrichmentValue | null;
};

/**
 * The directory's columns of these physicians, and the email and phones (with their standing and
 * check) the export would give: chosen by the contacts feature's one rule, so a value verification
 * found invalid never reaches the file (ADR 032).
 */
export async function findEnrichmentRecords(db: Db, ids: readonly number[]): Promise<Map<number, EnrichmentRecord>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.sql.query<{ data: string | null }>(
    `SELECT json_agg(r)::text AS data FROM (
       SELECT p.id, p.npi, p.specialty, p.sub_specialty, p.organization, p.city, p.state, p.zip, ${CONTACT_VALUE_COLUMNS}
         FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id
        WHERE p.id = ANY($1::int[])) r`,
    [ids],
  );
  const raw: Array<Record<string, unknown> & Omit<EnrichmentRecord, 'email' | 'mobile' | 'work_phone'>> =
    rows[0]?.data ? JSON.parse(rows[0].data) : [];
  const out = (value: { value: string; status: ContactStatus; verification: ContactVerification } | null | undefined): EnrichmentValue | null =>
    value ? { value: value.value, check: verificationWords(value.verification, value.status).sentence } : null;
  return new Map(
    raw.map((row) => {
      const { email, leaving } = shownContact(contactValuesOf(row));
      const record: EnrichmentRecord = {
        id: row.id,
        npi: row.npi,
        specialty: row.specialty,
        sub_specialty: row.sub_specialty,
        organization: row.organization,
        city: row.city,
        state: row.state,
        zip: row.zip,
        email: out(email),
        mobile: out(leaving.mobile_phone),
        work_phone: out(leaving.office_phone),
      };
      return [row.id, record];
    }),
  );
}

/** Middle names of these physicians (those that have one): the index holds none. */
export async function findMiddleNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.sql.query<{ data: string | null }>(
    `SELECT json_agg(json_build_array(id, middle_name))::text AS data FROM physicians
      WHERE id = ANY($1::int[]) AND middle_name IS NOT NULL AND middle_name <> ''`,
    [ids],
  );
  return new Map(rows[0]?.data ? (JSON.parse(rows[0].data) as [number, string][]) : []);
}

// ---- the worker ---------------------------------------------------------------------------------

/**
 * Claims the oldest job that is queued, or running under a lease that has passed (its process
 * died), for `owner` until the lease ends. SKIP LOCKED: two processes never claim one job.
 */
export async function claimJob(db: Db, owner: string, leaseMs: number): Promise<MatchJobRow | null> {
  const { rows } = await db.sql.query<MatchJobRow>(
    `UPDATE match_jobs SET status = 'running', lease_owner = $1, lease_until = now() + $2::int * interval '1 millisecond'
      WHERE id = (SELECT id FROM match_jobs
                   WHERE status = 'queued' OR (status = 'running' AND lease_until < now())
                   ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING ${JOB_COLUMNS}`,
    [owner, leaseMs],
  );
  return rows[0] ? parseJob(rows[0]) : null;
}

/** The next rows not matched yet (after the last saved slice), with their cells. */
export async function nextRows(db: Db, jobId: string, limit: number): Promise<Array<{ row: number; cells: string[] }>> {
  const { rows } = await db.sql.query<{ data: string | null }>(
    `SELECT json_agg(json_build_array(row_number, cells) ORDER BY row_number)::text AS data FROM (
       SELECT row_number, cells FROM match_rows
        WHERE job_id = $1
          AND row_number > coalesce((SELECT max(row_number) FROM match_results WHERE job_id = $1), 0)
        ORDER BY row_number LIMIT $2) r`,
    [jobId, limit],
  );
  const list: [number, string[]][] = rows[0]?.data ? JSON.parse(rows[0].data) : [];
  return list.map(([row, cells]) => ({ row, cells }));
}

/**
 * Saves a slice's outcomes and the job's progress, and extends the lease, if `owner` still holds
 * it (false otherwise: another process took the job over, this one stops).
 */
export async function saveSlice(
  db: Db,
  job: { id: string; owner: string; leaseMs: number },
  results: ReadonlyArray<{ row: number; match: RowMatch }>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const n = (outcome: string) => results.filter((r) => r.match.outcome === outcome).length;
    const held = await tx.sql.query(
      `UPDATE match_jobs SET lease_until = now() + $3::int * interval '1 millisecond',
              done_rows = done_rows + $4, matched_rows = matched_rows + $5, ambiguous_rows = ambiguous_rows + $6,
              none_rows = none_rows + $7
        WHERE id = $1 AND lease_owner = $2 AND status = 'running' RETURNING id`,
      [job.id, job.owner, job.leaseMs, results.length, n('matched'), n('ambiguous'), n('none')],
    );
    if (held.rows.length === 0) return false;
    const payload = results.map(({ row, match }) => ({
      n: row,
      o: match.outcome,
      p: match.physicianId,
      s: match.score,
      c: match.candidates,
    }));
    await tx.sql.query(
      `INSERT INTO match_results (job_id, row_number, outcome, physician_id, score, candidates)
       SELECT $1, (r->>'n')::int, r->>'o', (r->>'p')::int, (r->>'s')::real, r->'c' FROM jsonb_array_elements($2::jsonb) AS r
       ON CONFLICT DO NOTHING`,
      [job.id, JSON.stringify(payload)],
    );
    return true;
  });
}

export async function finishJob(db: Db, job: { id: string; owner: string }, error: string | null): Promise<void> {
  await db.sql.query(
    `UPDATE match_jobs SET status = $3, error = $4, finished_at = now(), lease_owner = NULL, lease_until = NULL
      WHERE id = $1 AND lease_owner = $2`,
    [job.id, job.owner, error ? 'failed' : 'done', error],
  );
}

/** Deletes jobs (and their rows) uploaded before `before`, in SKIP LOCKED batches; returns how many. */
export async function purgeOldJobs(db: Db, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db.sql.query<{ n: number }>(
      `WITH gone AS (DELETE FROM match_jobs WHERE id IN (
         SELECT id FROM match_jobs WHERE created_at < $1 ORDER BY created_at LIMIT 50 FOR UPDATE SKIP LOCKED) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [before.toISOString()],
    );
    total += rows[0].n;
    if (rows[0].n < 50) return total;
  }
}
