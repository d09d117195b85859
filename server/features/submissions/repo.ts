import type { Db } from '../../db/client';
import type { EducationEntry } from '../../../contract/directory-options';

export type NewSubmission = {
  firstName: string;
  middleName: string | null;
  lastName: string;
  title: string;
  organization: string;
  /** One of the 18, or 'Other' with what the physician typed in otherSpecialty. */
  specialty: string;
  otherSpecialty: string | null;
  email: string;
  phone: string;
  location: string;
  linkedinUrl: string | null;
  education: EducationEntry[];
  skills: string[];
};

/** Deletes the unconfirmed submission of an address (a newer one replaces it). */
export async function deleteUnconfirmedByEmail(db: Db, email: string): Promise<number> {
  const { rowCount } = await db.sql.query(
    "DELETE FROM candidate_submissions WHERE status = 'unconfirmed' AND lower(email) = lower($1)",
    [email],
  );
  return rowCount;
}

/** Deletes the pending submission of an address (a newly confirmed one replaces it). */
export async function deletePendingByEmail(db: Db, email: string): Promise<number> {
  const { rowCount } = await db.sql.query(
    "DELETE FROM candidate_submissions WHERE status = 'pending' AND lower(email) = lower($1)",
    [email],
  );
  return rowCount;
}

/** Stores a submission as 'unconfirmed', with the hash of its confirmation token. */
export async function insertUnconfirmedSubmission(
  db: Db,
  submission: NewSubmission,
  confirmation: { tokenHash: string; expiresAt: Date },
): Promise<{ id: string }> {
  const { rows } = await db.sql.query<{ id: string }>(
    `INSERT INTO candidate_submissions (first_name, middle_name, last_name, title, organization, specialty,
                                        other_specialty, email, phone, location, linkedin_url, education, skills,
                                        status, confirm_token_hash, confirm_expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::text[], 'unconfirmed', $14, $15::timestamptz)
     RETURNING id`,
    [
      submission.firstName,
      submission.middleName,
      submission.lastName,
      submission.title,
      submission.organization,
      submission.specialty,
      submission.otherSpecialty,
      submission.email,
      submission.phone,
      submission.location,
      submission.linkedinUrl,
      JSON.stringify(submission.education),
      submission.skills,
      confirmation.tokenHash,
      confirmation.expiresAt.toISOString(),
    ],
  );
  return rows[0];
}

/**
 * Takes the unconfirmed submission whose token hash this is, if its link has not expired: the
 * row is locked and the token cleared, so a link works once.
 */
export async function claimUnconfirmed(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ id: string; email: string; firstName: string } | null> {
  const { rows } = await db.sql.query<{ id: string; email: string; first_name: string }>(
    `UPDATE candidate_submissions SET confirm_token_hash = NULL
      WHERE confirm_token_hash = $1 AND status = 'unconfirmed' AND confirm_expires_at > $2
      RETURNING id, email, first_name`,
    [tokenHash, now.toISOString()],
  );
  const row = rows[0];
  return row ? { id: row.id, email: row.email, firstName: row.first_name } : null;
}

export async function markConfirmed(db: Db, id: string, now: Date): Promise<void> {
  await db.sql.query(
    "UPDATE candidate_submissions SET status = 'pending', confirmed_at = $2, confirm_expires_at = NULL WHERE id = $1",
    [id, now.toISOString()],
  );
}

const PURGE_BATCH = 1000;

/**
 * Deletes unconfirmed submissions whose link has expired (the maintenance pass), in SKIP LOCKED
 * batches so several server processes split the rows; how many.
 */
export async function purgeExpiredUnconfirmed(db: Db, now: Date): Promise<number> {
  let purged = 0;
  for (;;) {
    const { rowCount } = await db.sql.query(
      `DELETE FROM candidate_submissions
        WHERE id IN (SELECT id FROM candidate_submissions
                      WHERE status = 'unconfirmed' AND confirm_expires_at <= $1
                      LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED)`,
      [now.toISOString()],
    );
    purged += rowCount;
    if (rowCount < PURGE_BATCH) return purged;
  }
}
