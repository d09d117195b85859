import type { SavedSearch } from '../../../contract/saved-searches';
import type { Db } from '../../db/client';

type SavedSearchRow = {
  id: string;
  name: string;
  params: Record<string, string> | string;
  created_at: Date | string;
};

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    params: typeof row.params === 'string' ? JSON.parse(row.params) : row.params,
    createdAt: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
  };
}

/** The user's saved searches, newest first. */
export async function findSavedSearches(db: Db, userId: string): Promise<SavedSearch[]> {
  const { rows } = await db.sql.query<SavedSearchRow>(
    'SELECT id, name, params, created_at FROM saved_searches WHERE user_id = $1 ORDER BY created_at DESC, id DESC',
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
    'INSERT INTO saved_searches (user_id, name, params) VALUES ($1, $2, $3::jsonb) RETURNING id, name, params, created_at',
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
