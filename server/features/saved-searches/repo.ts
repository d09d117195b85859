import type { AlertFrequency, SavedSearch } from '../../../contract/saved-searches';
import type { Db } from '../../db/client';
import { entitledSubscription } from '../auth';
import { payerIdOf } from '../team';

type SavedSearchRow = {
  id: string;
  name: string;
  params: Record<string, string> | string;
  created_at: Date | string;
  alert: AlertFrequency;
  alert_sent_at: Date | string | null;
};

const COLUMNS = 'id, name, params, created_at, alert, alert_sent_at';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const paramsOf = (params: Record<string, string> | string): Record<string, string> =>
  typeof params === 'string' ? JSON.parse(params) : params;

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    params: paramsOf(row.params),
    createdAt: iso(row.created_at),
    alert: row.alert,
    alertSentAt: row.alert_sent_at === null ? null : iso(row.alert_sent_at),
  };
}

/** The user's saved searches, newest first. */
export async function findSavedSearches(db: Db, userId: string): Promise<SavedSearch[]> {
  const { rows } = await db.sql.query<SavedSearchRow>(
    `SELECT ${COLUMNS} FROM saved_searches WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
    [userId],
  );
  return rows.map(toSavedSearch);
}

export async function countSavedSearches(db: Db, userId: string): Promise<number> {
  const { rows } = await db.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM saved_searches WHERE user_id = $1',
    [userId],
  );
  return rows[0].n;
}

export async function insertSavedSearch(
  db: Db,
  input: { userId: string; name: string; params: Record<string, string> },
): Promise<SavedSearch> {
  const { rows } = await db.sql.query<SavedSearchRow>(
    `INSERT INTO saved_searches (user_id, name, params) VALUES ($1, $2, $3::jsonb) RETURNING ${COLUMNS}`,
    [input.userId, input.name, JSON.stringify(input.params)],
  );
  return toSavedSearch(rows[0]);
}

/** False when the user has no such saved search. */
export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<boolean> {
  const { rows } = await db.sql.query(
    'DELETE FROM saved_searches WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId],
  );
  return rows.length === 1;
}

/**
 * Sets the alert. Turning it on (or changing how often) starts the window of changes now, so
 * what already matched is never 'new'; a frequency that stays the same keeps its window.
 */
export async function updateAlert(
  db: Db,
  input: { userId: string; id: string; alert: AlertFrequency; now: Date },
): Promise<SavedSearch | null> {
  const { rows } = await db.sql.query<SavedSearchRow>(
    `UPDATE saved_searches SET
       alert_checked_at = CASE WHEN $3 = 'off' THEN NULL WHEN alert = $3 THEN alert_checked_at ELSE $4::timestamptz END,
       alert = $3
     WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [input.id, input.userId, input.alert, input.now],
  );
  return rows[0] ? toSavedSearch(rows[0]) : null;
}

/** The unsubscribe link: the alert goes off. Null when the saved search no longer exists. */
export async function turnAlertOff(db: Db, id: string): Promise<{ name: string } | null> {
  const { rows } = await db.sql.query<{ name: string }>(
    `UPDATE saved_searches SET alert = 'off', alert_checked_at = NULL WHERE id = $1 RETURNING name`,
    [id],
  );
  return rows[0] ?? null;
}

export type DueAlert = {
  id: string;
  name: string;
  params: Record<string, string>;
  alert: AlertFrequency;
  email: string;
  /** The start of this alert's window (exclusive). */
  since: Date;
  /** The user has the paid tier's full results now (or is an admin); free users get the free cap. */
  paid: boolean;
};

/**
 * Claims up to `limit` alerts whose period has passed and moves their window's start to `upTo`,
 * in the caller's transaction. Several server processes may run this at once: SKIP LOCKED splits
 * the due rows between them, so each digest is built once. Alerts of accounts that cannot sign
 * in (email never verified) wait.
 */
export async function claimDueAlerts(
  db: Db,
  input: { now: Date; upTo: Date; limit: number },
): Promise<DueAlert[]> {
  const { rows } = await db.sql.query<{
    id: string;
    name: string;
    params: Record<string, string> | string;
    alert: AlertFrequency;
    email: string;
    since: Date | string;
    paid: boolean;
  }>(
    `WITH due AS (
       SELECT s.id, s.alert_checked_at AS since
         FROM saved_searches s
        WHERE s.alert <> 'off'
          AND s.alert_checked_at IS NOT NULL
          AND s.alert_checked_at < $2
          AND s.alert_checked_at <= $1::timestamptz - CASE s.alert WHEN 'daily' THEN interval '23 hours' ELSE interval '167 hours' END
          AND EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id AND u.email_verified_at IS NOT NULL)
        ORDER BY s.alert_checked_at
        LIMIT $3
        FOR UPDATE SKIP LOCKED
     )
     UPDATE saved_searches s SET alert_checked_at = $2
       FROM due, users u
      WHERE s.id = due.id AND u.id = s.user_id
     RETURNING s.id, s.name, s.params, s.alert, u.email, due.since,
               -- The tier as a session sees it (auth/session.ts entitledSubscription: the team
               -- owner's plan for a member), or admin.
               (u.role = 'admin' OR EXISTS (
                  SELECT 1 FROM subscriptions sub WHERE ${entitledSubscription('sub', payerIdOf('u.id'))})) AS paid`,
    [input.now, input.upTo, input.limit],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    params: paramsOf(r.params),
    alert: r.alert,
    email: r.email,
    since: r.since instanceof Date ? r.since : new Date(r.since),
    paid: r.paid,
  }));
}

export async function markAlertsSent(db: Db, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.sql.query('UPDATE saved_searches SET alert_sent_at = $2 WHERE id = ANY($1::uuid[])', [ids, at]);
}

/** Physicians added or changed in (from, upTo], oldest change first. */
export async function findChangedPhysicians(
  db: Db,
  input: { from: Date; upTo: Date },
): Promise<{ ids: Int32Array; changedAt: Float64Array }> {
  const { rows } = await db.sql.query<{ id: number; t: number }>(
    `SELECT id, (extract(epoch FROM updated_at) * 1000)::float8 AS t FROM physicians
      WHERE updated_at > $1 AND updated_at <= $2 ORDER BY updated_at, id`,
    [input.from, input.upTo],
  );
  const ids = new Int32Array(rows.length);
  const changedAt = new Float64Array(rows.length);
  rows.forEach((row, i) => {
    ids[i] = row.id;
    changedAt[i] = Number(row.t);
  });
  return { ids, changedAt };
}

export type DigestRow = { id: number; name: string; specialty: string | null; location: string | null };

/** Name, specialty and place of the listed new matches (never a contact detail), by id. */
export async function findDigestRows(db: Db, ids: readonly number[]): Promise<Map<number, DigestRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.sql.query<{
    id: number;
    first_name: string;
    last_name: string;
    credential: string | null;
    specialty: string | null;
    city: string | null;
    state: string | null;
  }>('SELECT id, first_name, last_name, credential, specialty, city, state FROM physicians WHERE id = ANY($1::int[])', [
    ids,
  ]);
  return new Map(
    rows.map((r) => {
      const name = `${r.first_name} ${r.last_name}${r.credential ? `, ${r.credential}` : ''}`;
      const location = [r.city, r.state].filter((v) => v && v.trim()).join(', ') || null;
      return [r.id, { id: r.id, name, specialty: r.specialty, location }];
    }),
  );
}
