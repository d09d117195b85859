import type {
  ListChangeResponse,
  ListDetailResponse,
  PhysicianList,
  RemoveMembersResponse,
} from '../../../contract/lists';
import { LIST_CAPACITY, LIST_PAGE_SIZE } from '../../../contract/limits';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { AppError, fieldError } from '../../lib/errors';
import type { DirectoryService } from '../directory';
import { inAtsOf } from '../integrations';
import { recordListAdds } from '../team';
import { enqueueWebhookEvent, type WebhooksQueued } from '../integrations';
import * as repo from './repo';

/*
 * Physician lists: private to their creator or shared with the creator's team (docs/decisions/
 * 061-teams.md); a list the caller cannot see is 'not found', never 'forbidden', so ids reveal
 * nothing. At most 10,000 physicians each, adds idempotent. Every member of the team adds to a
 * shared list; its creator and the team's owners and admins rename, delete or unshare it.
 * Capabilities are checked by the routes; these functions enforce the data rules.
 */

/** The caller: their id and the team of their session (null outside a team). */
type Reader = repo.Reader;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const listNotFound = () =>
  new AppError('not_found', 'The requested list does not exist or you do not have permission to view it.');

/** A list id that is not a uuid names no list: the same 404 as an unknown one (not a SQL error). */
function checkListId(listId: string): void {
  if (!UUID.test(listId)) throw listNotFound();
}

async function requireList(db: Db, reader: Reader, listId: string): Promise<PhysicianList> {
  checkListId(listId);
  const list = await repo.findList(db, reader, listId);
  if (!list) throw listNotFound();
  return list;
}

/** 400 naming physicianIds: the ids that name no physician. */
function unknownPhysicians(unknown: readonly number[]): AppError {
  const shown =
    unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? `, and ${unknown.length - 5} more` : '');
  return fieldError('physicianIds', `Unknown physician ids: ${shown}`);
}

/**
 * Adds inside the caller's transaction (the list is locked): unknown ids are refused, ids
 * already in the list are skipped, and the list may not grow past its capacity. Answers the
 * list as the transaction leaves it.
 */
async function addToLockedList(
  tx: Db,
  reader: Reader,
  listId: string,
  ids: readonly number[],
  webhooks: { queued: number },
): Promise<ListChangeResponse> {
  const unique = [...new Set(ids)];
  const { current, already, unknownIds } = await repo.readAddState(tx, listId, unique);
  if (unknownIds.length > 0) throw unknownPhysicians(unknownIds);
  const adding = unique.length - already;
  if (current + adding > LIST_CAPACITY) {
    const room = Math.max(0, LIST_CAPACITY - current);
    throw fieldError(
      'physicianIds',
      `A list holds up to ${LIST_CAPACITY.toLocaleString('en-US')} physicians: this one has ${current.toLocaleString('en-US')}, so at most ${room.toLocaleString('en-US')} more can be added.`,
    );
  }
  const result = await repo.insertMembers(tx, reader, listId, unique, current);
  // A team's usage page counts physicians added to lists (ADR 061), in the add's transaction.
  if (reader.teamId && result.added > 0) await recordListAdds(tx, { userId: reader.userId, teamId: reader.teamId }, result.added);
  if (result.added > 0) {
    // The physicians this add put on the list (at most the first 100 of them), by id, NPI and name.
    webhooks.queued += await enqueueWebhookEvent(tx, {
      actorUserId: reader.userId,
      type: 'list.member_added',
      data: { list: { id: listId, name: result.list.name }, added: result.added, addedBy: reader.userId },
      physicianIds: unique.slice(0, 100),
      physicianKey: 'physicians',
      onlyAddedToList: listId,
    });
  }
  return result;
}

const readerOf = (input: { userId: string; teamId?: string | null }): Reader => ({
  userId: input.userId,
  teamId: input.teamId ?? null,
});

/** The team to share with: the caller's; sharing outside a team is refused, naming `shared`. */
function sharingTeam(reader: Reader, shared: boolean | undefined): string | null | undefined {
  if (shared === undefined) return undefined;
  if (!shared) return null;
  if (!reader.teamId) throw fieldError('shared', 'Start or join a team to share a list (Account, Team).');
  return reader.teamId;
}

const notManager = () =>
  new AppError('forbidden', "Only the list's creator or an owner or admin of the team can rename, share or delete it.");

export function listLists(input: { db: Db; userId: string; teamId?: string | null }): Promise<PhysicianList[]> {
  return repo.findLists(input.db, readerOf(input));
}

export async function createList(input: {
  db: Db;
  userId: string;
  teamId?: string | null;
  name: string;
  description?: string | null;
  physicianIds?: readonly number[];
  shared?: boolean;
  /** Wakes the webhook delivery job after an add that queued deliveries (ADR 065). */
  webhooksQueued?: WebhooksQueued;
}): Promise<ListChangeResponse> {
  const reader = readerOf(input);
  const teamId = sharingTeam(reader, input.shared) ?? null;
  const webhooks = { queued: 0 };
  const result = await input.db.transaction(async (tx) => {
    const listId = await repo.insertList(tx, {
      userId: input.userId,
      teamId,
      name: input.name,
      description: input.description ?? null,
    });
    return input.physicianIds?.length
      ? addToLockedList(tx, reader, listId, input.physicianIds, webhooks)
      : { list: await requireList(tx, reader, listId), added: 0 };
  });
  if (webhooks.queued > 0) input.webhooksQueued?.();
  return result;
}

export async function getList(input: {
  db: Db;
  directory: DirectoryService;
  userId: string;
  teamId?: string | null;
  listId: string;
  query?: string;
  page?: number;
}): Promise<ListDetailResponse> {
  checkListId(input.listId);
  const found = await repo.findListWithMemberIds(input.db, readerOf(input), input.listId);
  if (!found) throw listNotFound();
  const { list, memberIds } = found;
  // Members ordered by name, narrowed by the text query with the directory search's own rules.
  const matchingIds = await input.directory.filterIdsInSlices(memberIds, input.query || undefined);
  const page = input.page ?? 1;
  const start = (page - 1) * LIST_PAGE_SIZE;
  const results = await input.directory.getPhysiciansByIds(matchingIds.slice(start, start + LIST_PAGE_SIZE));
  return {
    list,
    results,
    inAts: await inAtsOf(input.db, { id: input.userId, teamId: input.teamId ?? null }, results.map((r) => r.id)),
    total: matchingIds.length,
    page,
    pageSize: LIST_PAGE_SIZE,
    pageCount: Math.ceil(matchingIds.length / LIST_PAGE_SIZE),
    matchingIds,
  };
}

export async function updateList(input: {
  db: Db;
  userId: string;
  teamId?: string | null;
  listId: string;
  name?: string;
  description?: string | null;
  shared?: boolean;
}): Promise<PhysicianList> {
  checkListId(input.listId);
  const reader = readerOf(input);
  return input.db.transaction(async (tx) => {
    const lock = await repo.lockList(tx, reader, input.listId);
    if (!lock) throw listNotFound();
    if (!lock.canManage) throw notManager();
    const teamId = sharingTeam(reader, input.shared);
    return repo.updateList(tx, reader, input.listId, { name: input.name, description: input.description, teamId });
  });
}

/** Deletes the list and its memberships in one transaction, with an audit row. */
export async function deleteList(input: {
  db: Db;
  userId: string;
  teamId?: string | null;
  listId: string;
  ip?: string | null;
}): Promise<void> {
  checkListId(input.listId);
  const reader = readerOf(input);
  await input.db.transaction(async (tx) => {
    const lock = await repo.lockList(tx, reader, input.listId);
    if (!lock) throw listNotFound();
    if (!lock.canManage) throw notManager();
    const list = await requireList(tx, reader, input.listId);
    await repo.deleteList(tx, input.listId);
    await recordAudit(tx, {
      action: 'list.deleted',
      actorUserId: input.userId,
      targetType: 'physician_list',
      targetId: input.listId,
      details: { name: list.name, physicianCount: list.physicianCount, shared: list.shared },
      ip: input.ip ?? null,
    });
  });
}

export async function addMembers(input: {
  db: Db;
  userId: string;
  teamId?: string | null;
  listId: string;
  physicianIds: readonly number[];
  /** Wakes the webhook delivery job after an add that queued deliveries (ADR 065). */
  webhooksQueued?: WebhooksQueued;
}): Promise<ListChangeResponse> {
  checkListId(input.listId);
  const reader = readerOf(input);
  const webhooks = { queued: 0 };
  const result = await input.db.transaction(async (tx) => {
    if (!(await repo.lockList(tx, reader, input.listId))) throw listNotFound();
    return addToLockedList(tx, reader, input.listId, input.physicianIds, webhooks);
  });
  if (webhooks.queued > 0) input.webhooksQueued?.();
  return result;
}

export async function removeMembers(input: {
  db: Db;
  userId: string;
  teamId?: string | null;
  listId: string;
  physicianIds: readonly number[];
}): Promise<RemoveMembersResponse> {
  checkListId(input.listId);
  const reader = readerOf(input);
  return input.db.transaction(async (tx) => {
    if (!(await repo.lockList(tx, reader, input.listId))) throw listNotFound();
    const removed = await repo.deleteMembers(tx, input.listId, [...new Set(input.physicianIds)]);
    const list =
      removed > 0
        ? await repo.updateList(tx, reader, input.listId, {})
        : await requireList(tx, reader, input.listId);
    return { list, removed };
  });
}
