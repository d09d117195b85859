import type { Db } from '../../db/client';

/** Directory records whose personal or work email is the address (case-insensitive). */
export async function findPhysiciansByEmail(db: Db, email: string): Promise<Array<{ id: number; npi: string | null }>> {
  const { rows } = await db.sql.query<{ id: number; npi: string | null }>(
    `SELECT p.id, p.npi FROM physicians p JOIN physician_contacts c ON c.physician_id = p.id
      WHERE lower(c.personal_email) = lower($1) OR lower(c.work_email) = lower($1)
      ORDER BY p.id FOR UPDATE OF p`,
    [email],
  );
  return rows;
}

export async function hasSubmissionFrom(db: Db, email: string): Promise<boolean> {
  const { rows } = await db.sql.query('SELECT 1 FROM candidate_submissions WHERE lower(email) = lower($1) LIMIT 1', [email]);
  return rows.length > 0;
}

/** Contacts and list memberships go with them (ON DELETE CASCADE). */
export async function deletePhysicians(db: Db, ids: readonly number[]): Promise<number> {
  if (!ids.length) return 0;
  const { rowCount } = await db.sql.query('DELETE FROM physicians WHERE id = ANY($1::int[])', [ids]);
  return rowCount;
}

/** Every submission from the address: waiting ones (unconfirmed, pending) are withdrawn, processed ones hold the same data. */
export async function deleteSubmissionsFrom(db: Db, email: string): Promise<{ pending: number; processed: number }> {
  const { rows } = await db.sql.query<{ status: string }>(
    'DELETE FROM candidate_submissions WHERE lower(email) = lower($1) RETURNING status',
    [email],
  );
  const pending = rows.filter((r) => r.status === 'pending' || r.status === 'unconfirmed').length;
  return { pending, processed: rows.length - pending };
}

export async function insertRemovalRequest(db: Db, input: { email: string; tokenHash: string; expiresAt: Date }): Promise<string> {
  const { rows } = await db.sql.query<{ id: string }>(
    'INSERT INTO removal_requests (email, token_hash, expires_at) VALUES ($1, $2, $3) RETURNING id',
    [input.email, input.tokenHash, input.expiresAt],
  );
  return rows[0].id;
}

/** Unconfirmed requests past their expiry keep an address for nothing: they go. */
export async function deleteExpiredRequests(db: Db): Promise<void> {
  await db.sql.query('DELETE FROM removal_requests WHERE confirmed_at IS NULL AND expires_at < now()');
}

/**
 * Marks a live request confirmed and returns its address, or null when the token is unknown,
 * used or expired. The UPDATE is the claim: of two confirms at once, one gets the row.
 */
export async function claimRemovalRequest(db: Db, tokenHash: string): Promise<{ id: string; email: string } | null> {
  const { rows } = await db.sql.query<{ id: string; email: string }>(
    `UPDATE removal_requests SET confirmed_at = now()
      WHERE token_hash = $1 AND confirmed_at IS NULL AND expires_at > now() AND email IS NOT NULL
      RETURNING id, email`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** After the removal the requests of the address keep no address; its other open links stop working. */
export async function forgetRequestsOf(db: Db, email: string, confirmedId: string, removedCount: number): Promise<void> {
  await db.sql.query('UPDATE removal_requests SET email = NULL, removed_count = $2 WHERE id = $1', [confirmedId, removedCount]);
  await db.sql.query('DELETE FROM removal_requests WHERE lower(email) = lower($1) AND confirmed_at IS NULL', [email]);
}
