import type { Db } from '../../../db/client';
import { CONTACT_VALUE_COLUMNS, contactValuesOf, shownContact } from '../../contacts';
import { ownerMatch, type IntegrationOwner } from '../owner';
import type { PushOutcome } from '../../../../contract/integrations';

/* The SQL of the Bullhorn integration (migration 0062, ADR 064). Token columns hold sealed text only. */

export type ConnectionRow = {
  id: string;
  team_id: string | null;
  user_id: string | null;
  status: 'pending' | 'connected' | 'broken';
  username: string;
  oauth_url: string;
  login_url: string;
  state_expires_at: Date | string | null;
  access_token: string | null;
  access_expires_at: Date | string | null;
  refresh_token: string | null;
  rest_url: string | null;
  rest_token: string | null;
  last_error: string | null;
  connected_by: string | null;
  connected_at: Date | string | null;
  refreshed_at: Date | string | null;
};

export async function findConnection(db: Db, owner: IntegrationOwner): Promise<(ConnectionRow & { connected_by_name: string | null; in_ats: number }) | undefined> {
  const match = ownerMatch(owner, 1, 'c');
  const { rows } = await db.sql.query<ConnectionRow & { connected_by_name: string | null; in_ats: number }>(
    `SELECT c.*, coalesce(u.name, u.email) AS connected_by_name,
            (SELECT count(*)::int FROM ats_records r WHERE r.connection_id = c.id) AS in_ats
       FROM ats_connections c LEFT JOIN users u ON u.id = c.connected_by
      WHERE ${match.sql}`,
    match.params,
  );
  return rows[0];
}

export async function findConnectionById(db: Db, id: string): Promise<ConnectionRow | undefined> {
  const { rows } = await db.sql.query<ConnectionRow>(`SELECT * FROM ats_connections WHERE id = $1`, [id]);
  return rows[0];
}

/** A connection being made (a new one, or the owner's existing one started again). */
export async function startConnection(
  db: Db,
  owner: IntegrationOwner,
  input: { username: string; oauthUrl: string; loginUrl: string; stateHash: string; by: string },
): Promise<void> {
  const match = ownerMatch(owner, 1);
  const updated = await db.sql.query(
    `UPDATE ats_connections SET username = $3, oauth_url = $4, login_url = $5, state_hash = $6,
            state_expires_at = now() + interval '10 minutes', connected_by = $7,
            status = CASE WHEN status = 'connected' THEN status ELSE 'pending' END
      WHERE ${match.sql}`,
    [...match.params, input.username, input.oauthUrl, input.loginUrl, input.stateHash, input.by],
  );
  if (updated.rowCount) return;
  await db.sql.query(
    `INSERT INTO ats_connections (team_id, user_id, status, username, oauth_url, login_url, state_hash, state_expires_at, connected_by)
     VALUES ($1, $2, 'pending', $3, $4, $5, $6, now() + interval '10 minutes', $7)`,
    [...match.params, input.username, input.oauthUrl, input.loginUrl, input.stateHash, input.by],
  );
}

/** The connection whose state this is, while the state is good; the state is used up. */
export async function takeState(db: Db, stateHash: string): Promise<ConnectionRow | undefined> {
  const { rows } = await db.sql.query<ConnectionRow>(
    `UPDATE ats_connections SET state_hash = NULL
      WHERE state_hash = $1 AND state_expires_at > now() RETURNING *`,
    [stateHash],
  );
  return rows[0];
}

export type SealedTokens = { accessToken: string; refreshToken: string; accessExpiresAt: Date };

export async function saveConnected(db: Db, id: string, tokens: SealedTokens & { restUrl: string; restToken: string }): Promise<void> {
  await db.sql.query(
    `UPDATE ats_connections SET status = 'connected', access_token = $2, refresh_token = $3, access_expires_at = $4,
            rest_url = $5, rest_token = $6, last_error = NULL, connected_at = now(), refreshed_at = NULL
      WHERE id = $1`,
    [id, tokens.accessToken, tokens.refreshToken, tokens.accessExpiresAt.toISOString(), tokens.restUrl, tokens.restToken],
  );
}

/**
 * New tokens after a refresh, kept only if the row still holds the refresh token they replaced
 * (another process may have refreshed first: then its tokens stand and the caller re-reads them).
 */
export async function saveRefreshed(db: Db, id: string, replaced: string, tokens: SealedTokens): Promise<boolean> {
  const { rowCount } = await db.sql.query(
    `UPDATE ats_connections SET access_token = $3, refresh_token = $4, access_expires_at = $5
      WHERE id = $1 AND refresh_token = $2`,
    [id, replaced, tokens.accessToken, tokens.refreshToken, tokens.accessExpiresAt.toISOString()],
  );
  return rowCount === 1;
}

export async function saveRestSession(db: Db, id: string, session: { restUrl: string; restToken: string }): Promise<void> {
  await db.sql.query(`UPDATE ats_connections SET rest_url = $2, rest_token = $3 WHERE id = $1`, [id, session.restUrl, session.restToken]);
}

/** Bullhorn refused the tokens (`cause`): the tokens go, the owner is asked to connect again. */
export async function markBroken(db: Db, id: string, cause: string): Promise<void> {
  await db.sql.query(
    `UPDATE ats_connections SET status = 'broken', last_error = $2, access_token = NULL, refresh_token = NULL, rest_token = NULL WHERE id = $1`,
    [id, `Bullhorn refused this connection (${cause.slice(0, 300)}). Connect again.`],
  );
}

export async function deleteConnection(db: Db, owner: IntegrationOwner): Promise<string | undefined> {
  const match = ownerMatch(owner, 1);
  const { rows } = await db.sql.query<{ id: string }>(`DELETE FROM ats_connections WHERE ${match.sql} RETURNING id`, match.params);
  return rows[0]?.id;
}

/** The owner's connected connection id, for the push and the 'In your ATS' reads. */
export async function connectedId(db: Db, owner: IntegrationOwner): Promise<string | undefined> {
  const match = ownerMatch(owner, 1);
  const { rows } = await db.sql.query<{ id: string }>(`SELECT id FROM ats_connections WHERE ${match.sql} AND status = 'connected'`, match.params);
  return rows[0]?.id;
}

// ---------------------------------------------------------------------------------------------
// Pushes

export async function insertPush(
  db: Db,
  input: { connectionId: string; by: string; source: string; listId: string | null; updateExisting: boolean; physicianIds: readonly number[] },
): Promise<string> {
  const { rows } = await db.sql.query<{ id: string }>(
    `INSERT INTO ats_pushes (connection_id, created_by, source, list_id, update_existing, total)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [input.connectionId, input.by, input.source, input.listId, input.updateExisting, input.physicianIds.length],
  );
  const id = rows[0].id;
  await db.sql.query(
    `INSERT INTO ats_push_items (push_id, position, physician_id)
     SELECT $1, t.ord::int, t.id FROM unnest($2::int[]) WITH ORDINALITY AS t(id, ord)`,
    [id, input.physicianIds],
  );
  return id;
}

export type PushRow = {
  id: string;
  connection_id: string;
  source: 'selection' | 'list' | 'profile';
  list_id: string | null;
  update_existing: boolean;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  error: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  created_by_name: string | null;
  created: number;
  updated: number;
  existing: number;
  skipped: number;
  failed: number;
};

const PUSH_COLUMNS = `p.id, p.connection_id, p.source, p.list_id, p.update_existing, p.status, p.total, p.error, p.created_at, p.finished_at,
  (SELECT coalesce(u.name, u.email) FROM users u WHERE u.id = p.created_by) AS created_by_name,
  ${(['created', 'updated', 'existing', 'skipped', 'failed'] as const)
    .map((o) => `(SELECT count(*)::int FROM ats_push_items i WHERE i.push_id = p.id AND i.outcome = '${o}') AS ${o}`)
    .join(', ')}`;

export async function findPushes(db: Db, owner: IntegrationOwner, limit: number): Promise<PushRow[]> {
  const match = ownerMatch(owner, 1, 'c');
  const { rows } = await db.sql.query<PushRow>(
    `SELECT ${PUSH_COLUMNS} FROM ats_pushes p JOIN ats_connections c ON c.id = p.connection_id
      WHERE ${match.sql} ORDER BY p.created_at DESC LIMIT $3`,
    [...match.params, limit],
  );
  return rows;
}

export async function findPush(db: Db, owner: IntegrationOwner, id: string): Promise<PushRow | undefined> {
  const match = ownerMatch(owner, 2, 'c');
  const { rows } = await db.sql.query<PushRow>(
    `SELECT ${PUSH_COLUMNS} FROM ats_pushes p JOIN ats_connections c ON c.id = p.connection_id WHERE p.id = $1 AND ${match.sql}`,
    [id, ...match.params],
  );
  return rows[0];
}

export type PushItemRow = { physician_id: number; name: string | null; npi: string | null; outcome: PushOutcome | null; candidate_id: string | null; reason: string | null };

/** A push's physicians: failures first, then in order; at most `limit`. */
export async function findPushItems(db: Db, pushId: string, limit: number): Promise<PushItemRow[]> {
  const { rows } = await db.sql.query<PushItemRow>(
    `SELECT i.physician_id, trim(p.first_name || ' ' || p.last_name) AS name, p.npi, i.outcome, i.candidate_id::text, i.reason
       FROM ats_push_items i LEFT JOIN physicians p ON p.id = i.physician_id
      WHERE i.push_id = $1 ORDER BY (i.outcome = 'failed') DESC NULLS LAST, i.position LIMIT $2`,
    [pushId, limit],
  );
  return rows;
}

export type Lease = { id: string; owner: string; leaseMs: number };

/**
 * The oldest waiting push (queued, or running under a lease that passed) whose connection has no
 * other push running: one push at a time per Bullhorn, so its calls stay inside the limit.
 */
export async function claimPush(db: Db, owner: string, leaseMs: number): Promise<Pick<PushRow, 'id' | 'connection_id' | 'update_existing'> | undefined> {
  const { rows } = await db.sql.query<Pick<PushRow, 'id' | 'connection_id' | 'update_existing'>>(
    `UPDATE ats_pushes SET status = 'running', lease_owner = $1, leased_until = now() + $2::int * interval '1 millisecond'
      WHERE id = (
        SELECT p.id FROM ats_pushes p
         WHERE p.status IN ('queued', 'running') AND (p.leased_until IS NULL OR p.leased_until < now())
           AND NOT EXISTS (SELECT 1 FROM ats_pushes o WHERE o.connection_id = p.connection_id AND o.id <> p.id
                            AND o.status = 'running' AND o.leased_until >= now())
         ORDER BY p.created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, connection_id, update_existing`,
    [owner, Math.round(leaseMs)],
  );
  return rows[0];
}

/** The next physicians of the push without an outcome, in order. */
export async function nextItems(db: Db, pushId: string, limit: number): Promise<Array<{ position: number; physician_id: number }>> {
  const { rows } = await db.sql.query<{ position: number; physician_id: number }>(
    `SELECT position, physician_id FROM ats_push_items WHERE push_id = $1 AND outcome IS NULL ORDER BY position LIMIT $2`,
    [pushId, limit],
  );
  return rows;
}

export type ItemOutcome = {
  position: number;
  physicianId: number;
  outcome: PushOutcome;
  candidateId: number | null;
  reason: string | null;
  matchedOn: 'npi' | 'email' | 'name_phone' | 'created' | null;
};

/**
 * A batch's outcomes, the physicians found or created recorded as in the ATS, and the lease renewed,
 * in one transaction; false when the lease was lost (another process took the push over).
 */
export async function saveOutcomes(db: Db, lease: Lease, connectionId: string, outcomes: readonly ItemOutcome[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rowCount } = await tx.sql.query(
      `UPDATE ats_pushes SET leased_until = now() + $3::int * interval '1 millisecond' WHERE id = $1 AND lease_owner = $2 AND status = 'running'`,
      [lease.id, lease.owner, Math.round(lease.leaseMs)],
    );
    if (rowCount !== 1) return false;
    await tx.sql.query(
      `UPDATE ats_push_items i SET outcome = o.outcome, candidate_id = o.candidate_id, reason = o.reason
         FROM (SELECT * FROM unnest($2::int[], $3::text[], $4::bigint[], $5::text[]) AS t(position, outcome, candidate_id, reason)) o
        WHERE i.push_id = $1 AND i.position = o.position`,
      [lease.id, outcomes.map((o) => o.position), outcomes.map((o) => o.outcome), outcomes.map((o) => o.candidateId), outcomes.map((o) => o.reason)],
    );
    const found = outcomes.filter((o) => o.candidateId !== null && o.matchedOn);
    if (found.length) await recordInAts(tx, connectionId, found.map((o) => ({ physicianId: o.physicianId, candidateId: o.candidateId!, matchedOn: o.matchedOn! })));
    return true;
  });
}

export async function recordInAts(
  db: Db,
  connectionId: string,
  records: ReadonlyArray<{ physicianId: number; candidateId: number; matchedOn: string }>,
): Promise<void> {
  if (!records.length) return;
  await db.sql.query(
    `INSERT INTO ats_records (connection_id, physician_id, candidate_id, matched_on)
     SELECT $1, t.physician_id, t.candidate_id, t.matched_on
       FROM unnest($2::int[], $3::bigint[], $4::text[]) AS t(physician_id, candidate_id, matched_on)
     ON CONFLICT (connection_id, physician_id) DO UPDATE SET candidate_id = excluded.candidate_id,
       matched_on = CASE WHEN excluded.matched_on = 'created' THEN ats_records.matched_on ELSE excluded.matched_on END, seen_at = now()`,
    [connectionId, records.map((r) => r.physicianId), records.map((r) => r.candidateId), records.map((r) => r.matchedOn)],
  );
}

export async function finishPush(db: Db, lease: Pick<Lease, 'id' | 'owner'>, error: string | null): Promise<void> {
  await db.sql.query(
    `UPDATE ats_pushes SET status = $3, error = $4, finished_at = now(), lease_owner = NULL, leased_until = NULL
      WHERE id = $1 AND lease_owner = $2`,
    [lease.id, lease.owner, error ? 'failed' : 'done', error],
  );
}

/** The physicians of a batch as a push sends them; the email and mobile only where `owner` revealed them. */
export type PushPhysician = {
  id: number;
  npi: string | null;
  firstName: string;
  lastName: string;
  specialty: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  email: string | null;
  mobile: string | null;
  phone: string | null;
};

export async function pushPhysicians(db: Db, owner: IntegrationOwner, ids: readonly number[]): Promise<Map<number, PushPhysician>> {
  const match = ownerMatch(owner, 2, 'r');
  const { rows } = await db.sql.query<Record<string, unknown>>(
    `SELECT p.id, p.npi, p.first_name, p.last_name, p.specialty, p.city, p.state, p.zip,
            EXISTS (SELECT 1 FROM contact_reveals r WHERE r.physician_id = p.id AND ${match.sql}) AS revealed,
            ${CONTACT_VALUE_COLUMNS}
       FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id
      WHERE p.id = ANY($1::int[])`,
    [ids, ...match.params],
  );
  const out = new Map<number, PushPhysician>();
  for (const row of rows) {
    const shown = row.revealed ? shownContact(contactValuesOf(row)) : null;
    const leaving = shown?.leaving;
    out.set(Number(row.id), {
      id: Number(row.id),
      npi: (row.npi as string | null) ?? null,
      firstName: String(row.first_name),
      lastName: String(row.last_name),
      specialty: (row.specialty as string | null) ?? null,
      city: (row.city as string | null) ?? null,
      state: (row.state as string | null) ?? null,
      zip: (row.zip as string | null) ?? null,
      email: shown?.email?.value ?? null,
      mobile: leaving?.mobile_phone?.value ?? null,
      phone: leaving?.office_phone?.value ?? null,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The paced 'In your ATS' refresh

/** A connected connection not checked for a day, taken by setting its check time (so no other process takes it too). */
export async function claimRefresh(db: Db): Promise<{ id: string; team_id: string | null; user_id: string | null } | undefined> {
  const { rows } = await db.sql.query<{ id: string; team_id: string | null; user_id: string | null }>(
    `UPDATE ats_connections SET refreshed_at = now()
      WHERE id = (SELECT id FROM ats_connections
                   WHERE status = 'connected' AND (refreshed_at IS NULL OR refreshed_at < now() - interval '1 day')
                   ORDER BY refreshed_at NULLS FIRST LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, team_id, user_id`,
  );
  return rows[0];
}

/**
 * The physicians worth checking for an owner, at most `limit`: those on its lists, those it revealed
 * in the last 90 days, and those already recorded (to notice a candidate deleted in Bullhorn).
 */
export async function refreshCandidates(db: Db, connectionId: string, owner: IntegrationOwner, limit: number): Promise<Array<{ id: number; npi: string }>> {
  const lists = ownerMatch(owner, 2, 'l');
  const reveals = ownerMatch(owner, 2, 'r');
  const { rows } = await db.sql.query<{ id: number; npi: string }>(
    `SELECT p.id, p.npi FROM physicians p
      WHERE p.npi IS NOT NULL AND p.id IN (
        SELECT physician_id FROM ats_records WHERE connection_id = $1
        UNION SELECT m.physician_id FROM list_members m JOIN physician_lists l ON l.id = m.list_id WHERE ${lists.sql}
        UNION SELECT r.physician_id FROM contact_reveals r WHERE ${reveals.sql} AND r.created_at > now() - interval '90 days')
      ORDER BY p.id LIMIT $4`,
    [connectionId, ...lists.params, limit],
  );
  return rows;
}

/** After a check by NPI: the found recorded, and the NPI-matched ones not found any more removed. */
export async function applyRefresh(
  db: Db,
  connectionId: string,
  checked: readonly number[],
  found: ReadonlyArray<{ physicianId: number; candidateId: number }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const foundIds = found.map((f) => f.physicianId);
    await tx.sql.query(
      `DELETE FROM ats_records WHERE connection_id = $1 AND physician_id = ANY($2::int[]) AND NOT (physician_id = ANY($3::int[]))
         AND matched_on IN ('npi', 'created')`,
      [connectionId, checked, foundIds],
    );
    await recordInAts(tx, connectionId, found.map((f) => ({ ...f, matchedOn: 'npi' })));
  });
}
