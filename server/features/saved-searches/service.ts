import type { Capability } from '../../../contract/capabilities';
import { SearchPhysiciansQuery } from '../../../contract/directory';
import { FREE_SAVED_SEARCHES_MAX, SAVED_SEARCHES_MAX } from '../../../contract/limits';
import type { AlertFrequency, SavedSearch, SavedSearchParams } from '../../../contract/saved-searches';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import { verifyLink } from '../../lib/link-signing';
import { resolveSort, toCriteria } from '../directory';
import { ALERT_LINK_PURPOSE, followerLinkId } from './alerts';
import * as repo from './repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new AppError('not_found', 'The saved search does not exist.');
const notManager = () =>
  new AppError('forbidden', "Only the search's creator or an owner or admin of the team can change its alert, share or delete it.");

/*
 * A saved search is private to its creator or shared with the creator's team (docs/decisions/
 * 061-teams.md): every member sees and runs a shared one and may follow it (its alert's digests go
 * to the creator and the followers); its creator and the team's owners and admins manage it. One
 * the caller does not see is 'not found', like a missing one.
 */
type ReaderInput = { db: Db; userId: string; teamId?: string | null };
const readerOf = (input: ReaderInput): repo.Reader => ({ userId: input.userId, teamId: input.teamId ?? null });

/** The team to share with: the caller's; sharing outside a team is refused, naming `shared`. */
function sharingTeam(reader: repo.Reader, shared: boolean | undefined): string | null | undefined {
  if (shared === undefined) return undefined;
  if (!shared) return null;
  if (!reader.teamId) throw fieldError('shared', 'Start or join a team to share a saved search (Account, Team).');
  return reader.teamId;
}

export function listSavedSearches(input: ReaderInput): Promise<SavedSearch[]> {
  return repo.findSavedSearches(input.db, readerOf(input));
}

async function readBack(db: Db, reader: repo.Reader, id: string): Promise<SavedSearch> {
  const found = await repo.findSavedSearch(db, reader, id);
  if (!found) throw notFound();
  return found;
}

/**
 * Stores the whole search as the URL spells it (blank values dropped, text trimmed). A free user
 * keeps at most FREE_SAVED_SEARCHES_MAX, a paying one (or an admin) SAVED_SEARCHES_MAX.
 */
export async function createSavedSearch(input: {
  db: Db;
  userId: string;
  teamId?: string | null;
  shared?: boolean;
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
  const reader = readerOf(input);
  const teamId = sharingTeam(reader, input.shared) ?? null;
  const max = paid ? SAVED_SEARCHES_MAX : FREE_SAVED_SEARCHES_MAX;
  if ((await repo.countSavedSearches(input.db, input.userId)) >= max) {
    throw fieldError(
      'name',
      paid
        ? `You can keep up to ${max} saved searches: delete one first.`
        : `Free accounts keep up to ${max} saved searches: delete one first, or upgrade to keep more.`,
    );
  }
  const id = await repo.insertSavedSearch(input.db, { userId: input.userId, teamId, name: input.name, params });
  return readBack(input.db, reader, id);
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

/** Locks the search the caller manages (404 when they do not see it, 403 when they may not manage it). */
async function lockManaged(tx: Db, reader: repo.Reader, id: string): Promise<void> {
  const access = UUID.test(id) ? await repo.findAccess(tx, reader, id) : null;
  if (!access) throw notFound();
  if (!access.canManage) throw notManager();
}

export async function deleteSavedSearch(input: ReaderInput & { id: string }): Promise<void> {
  const reader = readerOf(input);
  await input.db.transaction(async (tx) => {
    await lockManaged(tx, reader, input.id);
    await repo.deleteSavedSearch(tx, input.id);
  });
}

/** Turns the saved search's new-match alert on (daily, weekly) or off, and/or shares it or stops. */
export async function updateSavedSearch(
  input: ReaderInput & { id: string; alert?: AlertFrequency; shared?: boolean; now?: Date },
): Promise<SavedSearch> {
  const reader = readerOf(input);
  return input.db.transaction(async (tx) => {
    await lockManaged(tx, reader, input.id);
    const teamId = sharingTeam(reader, input.shared);
    if (input.alert !== undefined) await repo.updateAlert(tx, { id: input.id, alert: input.alert, now: input.now ?? new Date() });
    if (teamId !== undefined) await repo.setShared(tx, input.id, teamId);
    return readBack(tx, reader, input.id);
  });
}

/** A teammate follows a shared saved search (its alert's digests come to them too) or stops. */
export async function setFollowing(input: ReaderInput & { id: string; following: boolean }): Promise<SavedSearch> {
  const reader = readerOf(input);
  return input.db.transaction(async (tx) => {
    const access = UUID.test(input.id) ? await repo.findAccess(tx, reader, input.id) : null;
    if (!access) throw notFound();
    if (access.creatorId === input.userId)
      throw fieldError('following', 'You created this search: its alert comes to you while it is on.');
    // A private search another user sees cannot exist; one the reader sees but does not own is shared.
    await repo.setFollowing(tx, input.id, input.userId, input.following);
    return readBack(tx, reader, input.id);
  });
}

/**
 * The digest's one-click unsubscribe: no sign-in, the link's signature proves it came from our
 * email for this saved search. A bad signature is refused the same way as a missing search.
 */
export async function unsubscribeAlert(input: {
  db: Db;
  id: string;
  signature: string;
  /** A follower's digest: the link is signed for the search and that follower, who stops following. */
  follower?: string;
}): Promise<{ name: string }> {
  const refused = () => fieldError('signature', 'This unsubscribe link is not valid. Change your alerts under Account, Notifications.');
  if (!UUID.test(input.id)) throw refused();
  if (input.follower !== undefined) {
    if (!(await verifyLink(input.db, ALERT_LINK_PURPOSE, followerLinkId(input.id, input.follower), input.signature))) throw refused();
    const done = await repo.unfollow(input.db, input.id, input.follower);
    if (!done) throw notFound();
    return done;
  }
  if (!(await verifyLink(input.db, ALERT_LINK_PURPOSE, input.id, input.signature))) throw refused();
  const done = await repo.turnAlertOff(input.db, input.id);
  if (!done) throw notFound();
  return done;
}
