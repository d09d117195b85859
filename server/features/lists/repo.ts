import type { PhysicianList } from '../../../contract/lists';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/driver';

/*
 * The lists' SQL. Every statement that reads or changes a list names its owner too, so a list
 * of another user behaves exactly like a missing one.
 */

type ListRow = {
  id: string;
  name: string;
  description: string | null;
  physician_count: number;
  created_at: Date | string;
  updated_at: Date | string;
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toList(row: ListRow): PhysicianList {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    physicianCount: Number(row.physician_count),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const LIST_COLUMNS = `l.id, l.name, l.description, l.created_at, l.updated_at,
  (SELECT count(*)::int FROM list_members m WHERE m.list_id = l.id) AS physician_count`;

/** The user's lists, newest first. */
export async function findLists(db: Db, userId: string): Promise<PhysicianList[]> {
  const { rows } = await db.sql.query<ListRow>(
    `SELECT ${LIST_COLUMNS} FROM physician_lists l WHERE l.user_id = $1 ORDER BY l.created_at DESC, l.id DESC`,
    [userId],
  );
  return rows.map(toList);
}

export async function findList(db: Db, userId: string, listId: string): Promise<PhysicianList | null> {
  const { rows } = await db.sql.query<ListRow>(
    `SELECT ${LIST_COLUMNS} FROM physician_lists l WHERE l.id = $1 AND l.user_id = $2`,
    [listId, userId],
  );
  return rows[0] ? toList(rows[0]) : null;
}

/**
 * Locks the user's list for the rest of the transaction (concurrent adds then count members one
 * after the other, so the capacity holds). False when the user has no such list.
 */
export async function lockList(tx: Db, userId: string, listId: string): Promise<boolean> {
  const { rows } = await tx.sql.query(
    preparedStatement('lock_list', 'SELECT id FROM physician_lists WHERE id = $1 AND user_id = $2 FOR UPDATE'),
    [listId, userId],
  );
  return rows.length === 1;
}

export async function insertList(
  tx: Db,
  input: { userId: string; name: string; description: string | null },
): Promise<string> {
  const { rows } = await tx.sql.query<{ id: string }>(
    'INSERT INTO physician_lists (user_id, name, description) VALUES ($1, $2, $3) RETURNING id',
    [input.userId, input.name, input.description],
  );
  return rows[0].id;
}

/** Changes the name and/or description, or with no changes marks the list changed; returns it. */
export async function updateList(
  tx: Db,
  listId: string,
  changes: { name?: string; description?: string | null },
): Promise<PhysicianList> {
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [listId];
  if (changes.name !== undefined) {
    params.push(changes.name);
    sets.push(`name = $${params.length}`);
  }
  if (changes.description !== undefined) {
    params.push(changes.description);
    sets.push(`description = $${params.length}`);
  }
  const { rows } = await tx.sql.query<ListRow>(
    `UPDATE physician_lists l SET ${sets.join(', ')} WHERE l.id = $1 RETURNING ${LIST_COLUMNS}`,
    params,
  );
  return toList(rows[0]);
}

/** Deletes the memberships first, then the list (docs/rules.md#lists); false when absent. */
export async function deleteList(tx: Db, userId: string, listId: string): Promise<boolean> {
  await tx.sql.query(
    'DELETE FROM list_members WHERE list_id = (SELECT id FROM physician_lists WHERE id = $1 AND user_id = $2)',
    [listId, userId],
  );
  const { rows } = await tx.sql.query(
    'DELETE FROM physician_lists WHERE id = $1 AND user_id = $2 RETURNING id',
    [listId, userId],
  );
  return rows.length === 1;
}

/**
 * The user's list with every member id, in one statement (member ids as one string from the
 * database: a 10,000-member list stays cheap); its count is the number of ids. Null when absent.
 */
export async function findListWithMemberIds(
  db: Db,
  userId: string,
  listId: string,
): Promise<{ list: PhysicianList; memberIds: number[] } | null> {
  const { rows } = await db.sql.query<Omit<ListRow, 'physician_count'> & { ids: string | null }>(
    `SELECT l.id, l.name, l.description, l.created_at, l.updated_at,
       (SELECT string_agg(m.physician_id::text, ',') FROM list_members m WHERE m.list_id = l.id) AS ids
     FROM physician_lists l WHERE l.id = $1 AND l.user_id = $2`,
    [listId, userId],
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
  listId: string,
  ids: readonly number[],
  current: number,
): Promise<{ added: number; list: PhysicianList }> {
  const { rows } = await tx.sql.query<Omit<ListRow, 'physician_count'> & { added: number }>(
    preparedStatement('insert_list_members', `WITH added AS (
       INSERT INTO list_members (list_id, physician_id) SELECT $1, unnest($2::int[])
       ON CONFLICT DO NOTHING RETURNING 1),
     touched AS (
       UPDATE physician_lists SET updated_at = now() WHERE id = $1 AND EXISTS (SELECT 1 FROM added)
       RETURNING id, name, description, created_at, updated_at)
     SELECT (SELECT count(*)::int FROM added) AS added, l.* FROM (
       SELECT * FROM touched
       UNION ALL
       SELECT id, name, description, created_at, updated_at FROM physician_lists
        WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM touched)) l`),
    [listId, ids],
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
