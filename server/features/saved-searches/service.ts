import type { Capability } from '../../../contract/capabilities';
import { SearchPhysiciansQuery } from '../../../contract/directory';
import { FREE_SAVED_SEARCHES_MAX, SAVED_SEARCHES_MAX } from '../../../contract/limits';
import type { AlertFrequency, SavedSearch, SavedSearchParams } from '../../../contract/saved-searches';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import { verifyLink } from '../../lib/link-signing';
import { resolveSort, toCriteria } from '../directory';
import { ALERT_LINK_PURPOSE } from './alerts';
import * as repo from './repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new AppError('not_found', 'The saved search does not exist.');

export function listSavedSearches(input: { db: Db; userId: string }): Promise<SavedSearch[]> {
  return repo.findSavedSearches(input.db, input.userId);
}

/**
 * Stores the whole search as the URL spells it (blank values dropped, text trimmed). A free user
 * keeps at most FREE_SAVED_SEARCHES_MAX, a paying one (or an admin) SAVED_SEARCHES_MAX.
 */
export async function createSavedSearch(input: {
  db: Db;
  userId: string;
  /** The user's capabilities: with the paid tier's full results more searches may be kept. */
  capabilities: readonly Capability[];
  name: string;
  params: SavedSearchParams;
}): Promise<SavedSearch> {
  const paid = input.capabilities.includes('search:full-results');
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.params)) {
    const trimmed = value?.trim();
    if (trimmed) params[key] = trimmed;
  }
  checkSearchRules(params);
  const max = paid ? SAVED_SEARCHES_MAX : FREE_SAVED_SEARCHES_MAX;
  if ((await repo.countSavedSearches(input.db, input.userId)) >= max) {
    throw fieldError(
      'name',
      paid
        ? `You can keep up to ${max} saved searches: delete one first.`
        : `Free accounts keep up to ${max} saved searches: delete one first, or upgrade to keep more.`,
    );
  }
  return repo.insertSavedSearch(input.db, { userId: input.userId, name: input.name, params });
}

/**
 * The rules the search itself checks on the server beyond the contract's shapes (an unknown ZIP
 * or city in `near`, a radius without `near`, the distance sort without `near`): a saved search
 * that could only ever answer 400 is refused when saved, naming `params.<field>`.
 */
function checkSearchRules(params: Record<string, string>): void {
  try {
    const request = SearchPhysiciansQuery.parse(params);
    resolveSort(request, toCriteria(request));
  } catch (error) {
    const fields = error instanceof AppError ? error.fields : undefined;
    if (!fields) throw error;
    const [field, message] = Object.entries(fields)[0];
    throw fieldError(`params.${field}`, message);
  }
}

/** Another user's saved search is 'not found' like a missing one. */
export async function deleteSavedSearch(input: { db: Db; userId: string; id: string }): Promise<void> {
  if (!UUID.test(input.id) || !(await repo.deleteSavedSearch(input.db, input.userId, input.id)))
    throw notFound();
}

/** Turns the saved search's new-match alert on (daily, weekly) or off. */
export async function setAlert(input: {
  db: Db;
  userId: string;
  id: string;
  alert: AlertFrequency;
  now?: Date;
}): Promise<SavedSearch> {
  const updated = UUID.test(input.id)
    ? await repo.updateAlert(input.db, { ...input, now: input.now ?? new Date() })
    : null;
  if (!updated) throw notFound();
  return updated;
}

/**
 * The digest's one-click unsubscribe: no sign-in, the link's signature proves it came from our
 * email for this saved search. A bad signature is refused the same way as a missing search.
 */
export async function unsubscribeAlert(input: { db: Db; id: string; signature: string }): Promise<{ name: string }> {
  const refused = () => fieldError('signature', 'This unsubscribe link is not valid. Change your alerts under Account, Notifications.');
  if (!UUID.test(input.id) || !(await verifyLink(input.db, ALERT_LINK_PURPOSE, input.id, input.signature))) throw refused();
  const done = await repo.turnAlertOff(input.db, input.id);
  if (!done) throw notFound();
  return done;
}
