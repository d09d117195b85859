import type { AlertFrequency, SavedSearch } from '../../../contract/saved-searches';
import type { Db } from '../../db/client';
import { entitledSubscription } from '../auth';
import { payerIdOf } from '../team';

/** Who asks: the user and the team of their session (a shared search is the team's). */
export type Reader = { userId: string; teamId: string | null };

type SavedSearchRow = {
  id: string;
  name: string;
  params: Record<string, string> | string;
  created_at: Date | string;
  alert: AlertFrequency;
  alert_sent_at: Date | string | null;
  shared: boolean;
  created_by: string | null;
  can_manage: boolean;
  following: boolean;
};

/*
 * A saved search is seen by its creator and, when shared (team_id set), by the members of its
 * team; its creator and the team's owners and admins manage it (docs/decisions/061-teams.md).
 * `u` and `t` are the SQL parameters holding the reader's user and team.
 */
const canSee = (u: string, t: string) => `(s.user_id = ${u} OR (s.team_id IS NOT NULL AND s.team_id = ${t}))`;
const canManage = (u: string, t: string) => `(s.user_id = ${u} OR (s.team_id IS NOT NULL AND s.team_id = ${t} AND EXISTS (
  SELECT 1 FROM team_members tm WHERE tm.team_id = s.team_id AND tm.user_id = ${u} AND tm.removed_at IS NULL
     AND tm.role IN ('owner', 'admin'))))`;
const columns = (u: string, t: string) => `s.id, s.name, s.params, s.created_at, s.alert, s.alert_sent_at,
  s.team_id IS NOT NULL AS shared,
  (SELECT coalesce(nullif(trim(cu.name), ''), cu.email) FROM users cu WHERE cu.id = s.user_id) AS created_by,
  ${canManage(u, t)} AS can_manage,
  (s.user_id = ${u} OR EXISTS (SELECT 1 FROM saved_search_followers f WHERE f.saved_search_id = s.id AND f.user_id = ${u})) AS following`;
/** The columns for the reader in $2 and $3 (after the search's id in $1). */
const COLUMNS = columns('$2', '$3::uuid');

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
    shared: row.shared,
    createdBy: row.created_by ?? '',
    canManage: row.can_manage,
    following: row.following,
  };
}

/** The saved searches the reader sees (theirs and their team's shared ones), newest first. */
export async function findSavedSearches(db: Db, reader: Reader): Promise<SavedSearch[]> {
  const { rows } = await db.sql.query<SavedSearchRow>(
    `SELECT ${columns('$1', '$2::uuid')} FROM saved_searches s WHERE ${canSee('$1', '$2::uuid')}
      ORDER BY s.created_at DESC, s.id DESC`,
    [reader.userId, reader.teamId],
  );
  return rows.map(toSavedSearch);
}

/** One saved search as the reader sees it, or null when they do not see it. */
export async function findSavedSearch(db: Db, reader: Reader, id: string): Promise<SavedSearch | null> {
  const { rows } = await db.sql.query<SavedSearchRow>(
    `SELECT ${COLUMNS} FROM saved_searches s WHERE s.id = $1 AND ${canSee('$2', '$3::uuid')}`,
    [id, reader.userId, reader.teamId],
  );
  return rows[0] ? toSavedSearch(rows[0]) : null;
}

/** Null when the reader does not see it; else whether they may manage it. */
export async function findAccess(db: Db, reader: Reader, id: string): Promise<{ canManage: boolean; shared: boolean; creatorId: string } | null> {
  const { rows } = await db.sql.query<{ can_manage: boolean; shared: boolean; user_id: string }>(
    `SELECT ${canManage('$2', '$3::uuid')} AS can_manage, s.team_id IS NOT NULL AS shared, s.user_id
       FROM saved_searches s WHERE s.id = $1 AND ${canSee('$2', '$3::uuid')} FOR UPDATE OF s`,
    [id, reader.userId, reader.teamId],
  );
  return rows[0] ? { canManage: rows[0].can_manage, shared: rows[0].shared, creatorId: rows[0].user_id } : null;
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
  input: { userId: string; teamId: string | null; name: string; params: Record<string, string> },
): Promise<string> {
  const { rows } = await db.sql.query<{ id: string }>(
    `INSERT INTO saved_searches (user_id, team_id, name, params) VALUES ($1, $2, $3, $4::jsonb) RETURNING id`,
    [input.userId, input.teamId, input.name, JSON.stringify(input.params)],
  );
  return rows[0].id;
}

export async function deleteSavedSearch(db: Db, id: string): Promise<void> {
  await db.sql.query('DELETE FROM saved_searches WHERE id = $1', [id]);
}

/** Shares the search with `teamId`, or makes it private to its creator (null; its followers go). */
export async function setShared(db: Db, id: string, teamId: string | null): Promise<void> {
  await db.sql.query('UPDATE saved_searches SET team_id = $2::uuid WHERE id = $1', [id, teamId]);
  if (teamId === null) await db.sql.query('DELETE FROM saved_search_followers WHERE saved_search_id = $1', [id]);
}

export async function setFollowing(db: Db, id: string, userId: string, following: boolean): Promise<void> {
  await db.sql.query(
    following
      ? 'INSERT INTO saved_search_followers (saved_search_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING'
      : 'DELETE FROM saved_search_followers WHERE saved_search_id = $1 AND user_id = $2',
    [id, userId],
  );
}

/** The one-click link of a follower's digest: they stop following. False when they were not. */
export async function unfollow(db: Db, id: string, userId: string): Promise<{ name: string } | null> {
  const { rows } = await db.sql.query<{ name: string }>(
    `WITH gone AS (DELETE FROM saved_search_followers WHERE saved_search_id = $1 AND user_id = $2 RETURNING saved_search_id)
     SELECT s.name FROM saved_searches s WHERE s.id = $1`,
    [id, userId],
  );
  return rows[0] ?? null;
}

/**
 * Sets the alert. Turning it on (or changing how often) starts the window of changes now, so
 * what already matched is never 'new'; a frequency that stays the same keeps its window.
 */
export async function updateAlert(db: Db, input: { id: string; alert: AlertFrequency; now: Date }): Promise<void> {
  await db.sql.query(
    `UPDATE saved_searches SET
       alert_checked_at = CASE WHEN $2 = 'off' THEN NULL WHEN alert = $2 THEN alert_checked_at ELSE $3::timestamptz END,
       alert = $2
     WHERE id = $1`,
    [input.id, input.alert, input.now],
  );
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
  /**
   * The teammates following a shared search (active members of its team with a verified email),
   * who get the same digest with a link that stops their following.
   */
  followers: Array<{ userId: string; email: string }>;
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
    followers: Array<{ userId: string; email: string }> | string | null;
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
               (SELECT json_agg(json_build_object('userId', fu.id, 'email', fu.email) ORDER BY fu.email)
                  FROM saved_search_followers f
                  JOIN users fu ON fu.id = f.user_id AND fu.email_verified_at IS NOT NULL
                  JOIN team_members tm ON tm.user_id = f.user_id AND tm.team_id = s.team_id AND tm.removed_at IS NULL
                 WHERE f.saved_search_id = s.id AND f.user_id <> s.user_id) AS followers,
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
    followers: (typeof r.followers === 'string' ? JSON.parse(r.followers) : r.followers) ?? [],
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
