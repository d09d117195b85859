import type { SavedSearch, SavedSearchParams } from '../../../contract/saved-searches';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import * as repo from './repo';

/** Saved searches one user may keep (a guard against scripts, far above any recruiter's use). */
export const SAVED_SEARCHES_MAX = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new AppError('not_found', 'The saved search does not exist.');

export function listSavedSearches(input: { db: Db; userId: string }): Promise<SavedSearch[]> {
  return repo.findSavedSearches(input.db, input.userId);
}

/** Stores the whole search as the URL spells it (blank values dropped, text trimmed). */
export async function createSavedSearch(input: {
  db: Db;
  userId: string;
  name: string;
  params: SavedSearchParams;
}): Promise<SavedSearch> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.params)) {
    const trimmed = value?.trim();
    if (trimmed) params[key] = trimmed;
  }
  if ((await repo.countSavedSearches(input.db, input.userId)) >= SAVED_SEARCHES_MAX) {
    throw fieldError('name', `You can keep up to ${SAVED_SEARCHES_MAX} saved searches: delete one first.`);
  }
  return repo.insertSavedSearch(input.db, { userId: input.userId, name: input.name, params });
}

/** Another user's saved search is 'not found' like a missing one. */
export async function deleteSavedSearch(input: { db: Db; userId: string; id: string }): Promise<void> {
  if (!UUID.test(input.id) || !(await repo.deleteSavedSearch(input.db, input.userId, input.id)))
    throw notFound();
}
