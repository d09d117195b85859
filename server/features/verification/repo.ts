import type { ContactField } from '../../../contract/contacts';
import type { VerificationMethod, VerificationStatus } from '../../../contract/verification';
import type { Db } from '../../db/client';

/*
 * The verification queue's SQL (docs/decisions/032-contact-verification.md). The queue is
 * physician_contacts itself: a row is due when its oldest check (checked_at) is older than the
 * cutoff or missing, or when a report asked for its values (verify_requested_at). A process
 * claims due rows by leasing them (verify_lease_until) in one UPDATE over a SKIP LOCKED select,
 * as the mail worker does: two processes never claim one row, and a crashed process's rows are
 * due again when the lease passes. Results are written per row in one short transaction; no
 * transaction is held while a provider is asked.
 */

export const CONTACT_FIELDS = ['personal_email', 'work_email', 'mobile_phone', 'office_phone'] as const satisfies readonly ContactField[];

const present = (f: ContactField) => `coalesce(${f}, '') <> ''`;

/**
 * checked_at of a row: the oldest check among its present values; NULL when one of them was
 * never checked by the pipeline (method NULL); now() for a row with no value at all.
 */
export const CHECKED_AT_SQL = `CASE WHEN ${CONTACT_FIELDS.map(
  (f) => `(${present(f)} AND (${f}_method IS NULL OR ${f}_verified_at IS NULL))`,
).join(' OR ')} THEN NULL ELSE coalesce(least(${CONTACT_FIELDS.map((f) => `CASE WHEN ${present(f)} THEN ${f}_verified_at END`).join(', ')}), now()) END`;

export type ClaimedRow = {
  physicianId: number;
  /** The present values with their last check. */
  values: Array<{ field: ContactField; value: string; verifiedAt: Date | null; method: VerificationMethod | null }>;
  requestedFields: ContactField[];
  attempts: number;
};

type RawRow = Record<string, unknown> & { physician_id: number; verify_requested_fields: ContactField[] | null; verify_attempts: number };

const RETURNING = `physician_id, verify_requested_fields, verify_attempts, ${CONTACT_FIELDS.map((f) => `${f}, ${f}_verified_at, ${f}_method`).join(', ')}`;

function toClaimed(row: RawRow): ClaimedRow {
  const values: ClaimedRow['values'] = [];
  for (const field of CONTACT_FIELDS) {
    const value = row[field] as string | null;
    if (!value) continue;
    const at = row[`${field}_verified_at`] as string | Date | null;
    values.push({ field, value, verifiedAt: at ? new Date(at) : null, method: (row[`${field}_method`] as VerificationMethod | null) ?? null });
  }
  return { physicianId: row.physician_id, values, requestedFields: row.verify_requested_fields ?? [], attempts: row.verify_attempts };
}

/**
 * Claims up to `limit` due rows for `leaseMs`: first those a report asked for (oldest request
 * first), then the stalest. One statement each, so a row is claimed by one process only.
 */
export async function claimDueRows(
  db: Db,
  input: { limit: number; cutoff: Date; leaseMs: number; now: Date },
): Promise<ClaimedRow[]> {
  const claimed: ClaimedRow[] = [];
  const claim = async (where: string, order: string, params: unknown[]) => {
    const { rows } = await db.sql.query<RawRow>(
      `UPDATE physician_contacts SET verify_lease_until = $2::timestamptz + $3::int * interval '1 millisecond',
              verify_attempts = verify_attempts + 1
        WHERE physician_id IN (
          SELECT physician_id FROM physician_contacts
           WHERE ${where} AND (verify_lease_until IS NULL OR verify_lease_until <= $2::timestamptz)
           ORDER BY ${order} LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING ${RETURNING}`,
      params,
    );
    claimed.push(...rows.map(toClaimed));
  };
  const common = [input.now.toISOString(), input.leaseMs];
  await claim('verify_requested_at IS NOT NULL', 'verify_requested_at, physician_id', [input.limit, ...common]);
  if (claimed.length < input.limit) {
    await claim('(checked_at IS NULL OR checked_at < $4::timestamptz)', 'checked_at NULLS FIRST, physician_id', [
      input.limit - claimed.length,
      ...common,
      input.cutoff.toISOString(),
    ]);
  }
  return claimed;
}

export type FieldResult = {
  field: ContactField;
  /** The value as it was checked: a value changed meanwhile (an operator, an approval) is not overwritten. */
  value: string;
  status: VerificationStatus;
  confidence: number;
  method: VerificationMethod;
};

/**
 * Writes one row's results, releases its claim and clears its request, in one transaction with
 * physicians.verified_at (the latest valid check of a value not reported; not updated_at: a check
 * is not a change of the physician that alert digests should report). Status follows the check:
 * valid -> 'verified'; risky or invalid -> a 'verified' value becomes 'unverified'; 'reported' and
 * 'self_reported' stay until a valid check or an operator (ADR 030, 032).
 */
export async function writeRowResults(
  db: Db,
  physicianId: number,
  results: readonly FieldResult[],
  at: Date,
  /** More writes in the same transaction (an operator's audit row). */
  alsoInTransaction?: (tx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    // $2 (the check's time) only when a field is written: PostgreSQL refuses an unused parameter.
    const params: unknown[] = results.length ? [physicianId, at.toISOString()] : [physicianId];
    const sets: string[] = [];
    for (const r of results) {
      const f = checkedField(r.field);
      params.push(r.value, r.status, r.confidence, r.method);
      const [value, status, confidence, method] = [params.length - 3, params.length - 2, params.length - 1, params.length].map((n) => `$${n}`);
      const same = `${f} = ${value}`;
      sets.push(
        `${f}_verification = CASE WHEN ${same} THEN ${status} ELSE ${f}_verification END`,
        `${f}_confidence = CASE WHEN ${same} THEN ${confidence}::int ELSE ${f}_confidence END`,
        `${f}_method = CASE WHEN ${same} THEN ${method} ELSE ${f}_method END`,
        `${f}_verified_at = CASE WHEN ${same} THEN $2::timestamptz ELSE ${f}_verified_at END`,
        `${f}_status = CASE WHEN NOT (${same}) OR ${f}_status = 'reported' THEN ${f}_status
                            WHEN ${status} = 'valid' THEN 'verified'
                            WHEN ${status} IN ('risky', 'invalid') AND ${f}_status = 'verified' THEN 'unverified'
                            ELSE ${f}_status END`,
      );
    }
    sets.push('verify_lease_until = NULL', 'verify_attempts = 0', 'verify_error = NULL', 'verify_requested_at = NULL', 'verify_requested_fields = NULL');
    await tx.sql.query(`UPDATE physician_contacts SET ${sets.join(', ')} WHERE physician_id = $1`, params);
    // A second statement: checked_at reads the values the first one wrote.
    await tx.sql.query(`UPDATE physician_contacts SET checked_at = ${CHECKED_AT_SQL} WHERE physician_id = $1`, [physicianId]);
    await refreshVerifiedAtWithoutTouch(tx, physicianId);
    await alsoInTransaction?.(tx);
  });
}

/** physicians.verified_at as contacts/repo.ts refreshPhysicianVerifiedAt computes it, without moving updated_at. */
async function refreshVerifiedAtWithoutTouch(db: Db, physicianId: number): Promise<void> {
  const latest = CONTACT_FIELDS.map(
    (f) => `CASE WHEN coalesce(c.${f}, '') <> '' AND c.${f}_status = 'verified' THEN c.${f}_verified_at END`,
  ).join(', ');
  await db.sql.query(
    `UPDATE physicians p SET verified_at = v.at
       FROM (SELECT greatest(${latest}) AS at FROM physician_contacts c WHERE c.physician_id = $1) v
      WHERE p.id = $1 AND p.verified_at IS DISTINCT FROM v.at`,
    [physicianId],
  );
}

/** Puts claimed rows back after a provider error: due again after `backoffMs`, with the error kept. */
export async function releaseWithBackoff(db: Db, physicianIds: readonly number[], error: string, backoffMs: number, now: Date): Promise<void> {
  if (physicianIds.length === 0) return;
  await db.sql.query(
    `UPDATE physician_contacts SET verify_lease_until = $2::timestamptz + $3::int * interval '1 millisecond', verify_error = $4
      WHERE physician_id = ANY($1::int[])`,
    [physicianIds, now.toISOString(), backoffMs, error.slice(0, 500)],
  );
}

/** Releases claimed rows at once (not checked: the rate budget ran out). */
export async function releaseClaims(db: Db, physicianIds: readonly number[]): Promise<void> {
  if (physicianIds.length === 0) return;
  await db.sql.query(
    `UPDATE physician_contacts SET verify_lease_until = NULL, verify_attempts = greatest(verify_attempts - 1, 0)
      WHERE physician_id = ANY($1::int[])`,
    [physicianIds],
  );
}

/** 'Report wrong contact' and 'verify now': the value goes first in the queue. */
export async function requestVerification(db: Db, physicianId: number, fields: readonly ContactField[], now: Date): Promise<void> {
  await db.sql.query(
    `UPDATE physician_contacts
        SET verify_requested_at = coalesce(verify_requested_at, $3::timestamptz),
            verify_requested_fields = ARRAY(SELECT DISTINCT unnest(coalesce(verify_requested_fields, '{}'::text[]) || $2::text[]) ORDER BY 1),
            verify_lease_until = NULL
      WHERE physician_id = $1`,
    [physicianId, fields.map(checkedField), now.toISOString()],
  );
}

// The shared rate window and backoff (verification_state) --------------------------------------

/**
 * Takes up to `want` of this minute's `rate` (across every process), unless the job is backing
 * off; returns how many were granted. The window row is locked for the few statements it takes.
 */
export async function takeBudget(db: Db, want: number, rate: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.sql.query<{ window_start: string | Date | null; window_used: number; backoff_until: string | Date | null }>(
      `SELECT window_start, window_used, backoff_until FROM verification_state WHERE id = 'queue' FOR UPDATE`,
    );
    const state = rows[0];
    if (!state) return 0;
    if (state.backoff_until && new Date(state.backoff_until) > now) return 0;
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const used = state.window_start && new Date(state.window_start).getTime() === minute.getTime() ? state.window_used : 0;
    const granted = Math.max(0, Math.min(want, rate - used));
    await tx.sql.query(`UPDATE verification_state SET window_start = $1, window_used = $2 WHERE id = 'queue'`, [
      minute.toISOString(),
      used + granted,
    ]);
    return granted;
  });
}

/** Gives back what a batch did not spend (this minute only). */
export async function returnBudget(db: Db, unused: number, now: Date): Promise<void> {
  if (unused <= 0) return;
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  await db.sql.query(
    `UPDATE verification_state SET window_used = greatest(window_used - $1, 0) WHERE id = 'queue' AND window_start = $2`,
    [unused, minute.toISOString()],
  );
}

/** After a provider error: the whole job waits (every process), longer after each failure in a row. */
export async function recordProviderFailure(db: Db, error: string, backoffMs: (failures: number) => number, now: Date): Promise<Date> {
  const { rows } = await db.sql.query<{ failures: number }>(
    `UPDATE verification_state SET failures = failures + 1, last_error = $1 WHERE id = 'queue' RETURNING failures`,
    [error.slice(0, 500)],
  );
  const until = new Date(now.getTime() + backoffMs(rows[0]?.failures ?? 1));
  await db.sql.query(`UPDATE verification_state SET backoff_until = $1 WHERE id = 'queue'`, [until.toISOString()]);
  return until;
}

export async function recordRun(db: Db, batch: Record<string, unknown>, now: Date, success: boolean): Promise<void> {
  await db.sql.query(
    `UPDATE verification_state SET last_run_at = $1, last_batch = $2::jsonb,
            failures = CASE WHEN $3 THEN 0 ELSE failures END,
            backoff_until = CASE WHEN $3 THEN NULL ELSE backoff_until END,
            last_error = CASE WHEN $3 THEN NULL ELSE last_error END
      WHERE id = 'queue'`,
    [now.toISOString(), JSON.stringify(batch), success],
  );
}

/** The column name of a field, checked against the four (it is written into SQL text). */
function checkedField(field: ContactField): ContactField {
  if (!(CONTACT_FIELDS as readonly string[]).includes(field)) throw new Error(`not a contact field: ${field}`);
  return field;
}

/** One physician's present values (for 'verify now'), or null when it has no contact row. */
export async function findRow(db: Db, physicianId: number): Promise<ClaimedRow | null> {
  const { rows } = await db.sql.query<RawRow>(`SELECT ${RETURNING} FROM physician_contacts WHERE physician_id = $1`, [physicianId]);
  return rows[0] ? toClaimed(rows[0]) : null;
}
