import type { PhysicianList } from '../../../contract/lists';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/driver';

/*
 * The lists' SQL. Every statement that reads or changes a list names its reader too: a list is
 * seen by its creator and, when shared, by the members of its team (docs/decisions/061-teams.md);
 * any other list behaves exactly like a missing one.
 */

/** Who asks: the user and the team they are an active member of (the session's), or null. */
export type Reader = { userId: string; teamId: string | null };

type ListRow = {
  id: string;
  name: string;
  description: string | null;
  physician_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  shared: boolean;
  created_by: string | null;
  can_manage: boolean;
};

/** The reader sees the list: theirs, or shared with their team. `u` and `t` are SQL parameters. */
const canSee = (u: string, t: string) => `(l.user_id = ${u} OR (l.team_id IS NOT NULL AND l.team_id = ${t}))`;
/** The reader may rename, delete or (un)share it: its creator, or an owner or admin of its team. */
const canManage = (u: string, t: string) => `(l.user_id = ${u} OR (l.team_id IS NOT NULL AND l.team_id = ${t} AND EXISTS (
  SELECT 1 FROM team_members tm WHERE tm.team_id = l.team_id AND tm.user_id = ${u} AND tm.removed_at IS NULL
     AND tm.role IN ('owner', 'admin'))))`;
/** The team-aware columns of a list row `l`, for the reader in parameters `u` and `t`. */
const readerColumns = (u: string, t: string) => `l.team_id IS NOT NULL AS shared,
  (SELECT coalesce(nullif(trim(cu.name), ''), cu.email) FROM users cu WHERE cu.id = l.user_id) AS created_by,
  ${canManage(u, t)} AS can_manage`;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toList(row: ListRow): PhysicianList {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    physicianCount: Number(row.physician_count),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    shared: row.shared,
    createdBy: row.created_by ?? '',
    canManage: row.can_manage,
  };
}

/** A list row's columns for the reader in parameters `u` (user) and `t` (team). */
const listColumns = (u: string, t: string) => `l.id, l.name, l.description, l.created_at, l.updated_at,
  (SELECT count(*)::int FROM list_members m WHERE m.list_id = l.id) AS physician_count,
  ${readerColumns(u, t)}`;
/** The columns for the reader in $2 and $3 (after the list's id in $1). */
const LIST_COLUMNS = listColumns('$2', '$3::uuid');

/** The lists the reader sees (theirs and their team's shared ones), newest first. */
export async function findLists(db: Db, reader: Reader): Promise<PhysicianList[]> {
  const { rows } = await db.sql.query<ListRow>(
    `SELECT ${listColumns('$1', '$2::uuid')} FROM physician_lists l WHERE ${canSee('$1', '$2::uuid')}
      ORDER BY l.created_at DESC, l.id DESC`,
    [reader.userId, reader.teamId],
  );
  return rows.map(toList);
}

export async function findList(db: Db, reader: Reader, listId: string): Promise<PhysicianList | null> {
  const { rows } = await db.sql.query<ListRow>(
    `SELECT ${LIST_COLUMNS} FROM physician_lists l WHERE l.id = $1 AND ${canSee('$2', '$3::uuid')}`,
    [listId, reader.userId, reader.teamId],
  );
  return rows[0] ? toList(rows[0]) : null;
}

/**
 * Locks a list the reader sees for the rest of the transaction (concurrent adds then count members
 * one after the other, so the capacity holds). Null when the reader sees no such list; otherwise
 * whether they may manage it (rename, delete, share).
 */
export async function lockList(tx: Db, reader: Reader, listId: string): Promise<{ canManage: boolean } | null> {
  const { rows } = await tx.sql.query<{ can_manage: boolean }>(
    preparedStatement(
      'lock_list',
      `SELECT ${canManage('$2', '$3::uuid')} AS can_manage FROM physician_lists l
        WHERE l.id = $1 AND ${canSee('$2', '$3::uuid')} FOR UPDATE OF l`,
    ),
    [listId, reader.userId, reader.teamId],
  );
  return rows[0] ? { canManage: rows[0].can_manage } : null;
}

export async function insertList(
  tx: Db,
  input: { userId: string; teamId: string | null; name: string; description: string | null },
): Promise<string> {
  const { rows } = await tx.sql.query<{ id: string }>(
    'INSERT INTO physician_lists (user_id, team_id, name, description) VALUES ($1, $2, $3, $4) RETURNING id',
    [input.userId, input.teamId, input.name, input.description],
  );
  return rows[0].id;
}

/**
 * Changes the name, description and/or sharing (teamId: the reader's team to share, null to make
 * it private to its creator), or with no changes marks the list changed; returns it as the reader
 * sees it.
 */
export async function updateList(
  tx: Db,
  reader: Reader,
  listId: string,
  changes: { name?: string; description?: string | null; teamId?: string | null },
): Promise<PhysicianList> {
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [listId, reader.userId, reader.teamId];
  if (changes.name !== undefined) {
    params.push(changes.name);
    sets.push(`name = $${params.length}`);
  }
  if (changes.description !== undefined) {
    params.push(changes.description);
    sets.push(`description = $${params.length}`);
  }
  if (changes.teamId !== undefined) {
    params.push(changes.teamId);
    sets.push(`team_id = $${params.length}::uuid`);
  }
  const { rows } = await tx.sql.query<ListRow>(
    `UPDATE physician_lists l SET ${sets.join(', ')} WHERE l.id = $1 RETURNING ${LIST_COLUMNS}`,
    params,
  );
  return toList(rows[0]);
}

/** Deletes the memberships first, then the (locked) list (docs/rules.md#lists). */
export async function deleteList(tx: Db, listId: string): Promise<void> {
  await tx.sql.query('DELETE FROM list_members WHERE list_id = $1', [listId]);
  await tx.sql.query('DELETE FROM physician_lists WHERE id = $1', [listId]);
}

/**
 * The user's list with every member id, in one statement (member ids as one string from the
 * database: a 10,000-member list stays cheap); its count is the number of ids. Null when absent.
 */
export async function findListWithMemberIds(
  db: Db,
  reader: Reader,
  listId: string,
): Promise<{ list: PhysicianList; memberIds: number[] } | null> {
  const { rows } = await db.sql.query<Omit<ListRow, 'physician_count'> & { ids: string | null }>(
    `SELECT l.id, l.name, l.description, l.created_at, l.updated_at, ${readerColumns('$2', '$3::uuid')},
       (SELECT string_agg(m.physician_id::text, ',') FROM list_members m WHERE m.list_id = l.id) AS ids
     FROM physician_lists l WHERE l.id = $1 AND ${canSee('$2', '$3::uuid')}`,
    [listId, reader.userId, reader.teamId],
  );
  const row = rows[0];
  if (!row) return null;
  const memberIds = row.ids ? row.ids.split(',').map(Number) : [];
  return { list: toList({ ...row, physician_count: memberIds.length }), memberIds };
}

/**
 * What an add must know first, in one statement: how many members the list has, how many of
 * `ids` it already holds, and which of `ids` name no physician.
 */
export async function readAddState(
  db: Db,
  listId: string,
  ids: readonly number[],
): Promise<{ current: number; already: number; unknownIds: number[] }> {
  const { rows } = await db.sql.query<{ current: number; already: number; unknown_ids: number[] }>(
    preparedStatement('list_member_counts', `SELECT
       (SELECT count(*)::int FROM list_members WHERE list_id = $1) AS current,
       (SELECT count(*)::int FROM list_members WHERE list_id = $1 AND physician_id = ANY($2::int[])) AS already,
       ARRAY(SELECT u.id FROM unnest($2::int[]) AS u(id)
             WHERE NOT EXISTS (SELECT 1 FROM physicians p WHERE p.id = u.id)) AS unknown_ids`),
    [listId, ids],
  );
  const row = rows[0];
  return { current: row.current, already: row.already, unknownIds: row.unknown_ids.map(Number) };
}

/**
 * Adds the physicians not yet in the (locked) list and marks it changed when any was added, in one
 * statement; returns how many were really added and the list as it is now. `current` is its member
 * count read under the same lock (readAddState), so the new count is current + added without
 * counting the members again.
 */
export async function insertMembers(
  tx: Db,
  reader: Reader,
  listId: string,
  ids: readonly number[],
  current: number,
): Promise<{ added: number; list: PhysicianList }> {
  const { rows } = await tx.sql.query<Omit<ListRow, 'physician_count'> & { added: number }>(
    preparedStatement('insert_list_members', `WITH added AS (
       INSERT INTO list_members (list_id, physician_id, added_by) SELECT $1, unnest($4::int[]), $2
       ON CONFLICT DO NOTHING RETURNING 1),
     touched AS (
       UPDATE physician_lists SET updated_at = now() WHERE id = $1 AND EXISTS (SELECT 1 FROM added)
       RETURNING id, name, description, created_at, updated_at, user_id, team_id)
     SELECT (SELECT count(*)::int FROM added) AS added, l.id, l.name, l.description, l.created_at, l.updated_at,
            ${readerColumns('$2', '$3::uuid')} FROM (
       SELECT * FROM touched
       UNION ALL
       SELECT id, name, description, created_at, updated_at, user_id, team_id FROM physician_lists
        WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM touched)) l`),
    [listId, reader.userId, reader.teamId, ids],
  );
  const { added, ...row } = rows[0];
  return { added, list: toList({ ...row, physician_count: current + added }) };
}

export async function deleteMembers(tx: Db, listId: string, ids: readonly number[]): Promise<number> {
  const { rows } = await tx.sql.query<{ n: number }>(
    `WITH removed AS (
       DELETE FROM list_members WHERE list_id = $1 AND physician_id = ANY($2::int[]) RETURNING 1)
     SELECT count(*)::int AS n FROM removed`,
    [listId, ids],
  );
  return rows[0].n;
}
