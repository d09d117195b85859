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
import * as repo from './repo';

/*
 * Physician lists: private to their owner (another user's list is 'not found', never
 * 'forbidden', so ids reveal nothing), at most 10,000 physicians each, adds idempotent.
 * Capabilities are checked by the routes; these functions enforce the data rules.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const listNotFound = () =>
  new AppError('not_found', 'The requested list does not exist or you do not have permission to view it.');

/** A list id that is not a uuid names no list: the same 404 as an unknown one (not a SQL error). */
function checkListId(listId: string): void {
  if (!UUID.test(listId)) throw listNotFound();
}

async function requireList(db: Db, userId: string, listId: string): Promise<PhysicianList> {
  checkListId(listId);
  const list = await repo.findList(db, userId, listId);
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
  listId: string,
  ids: readonly number[],
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
  return repo.insertMembers(tx, listId, unique, current);
}

export function listLists(input: { db: Db; userId: string }): Promise<PhysicianList[]> {
  return repo.findLists(input.db, input.userId);
}

export async function createList(input: {
  db: Db;
  userId: string;
  name: string;
  description?: string | null;
  physicianIds?: readonly number[];
}): Promise<ListChangeResponse> {
  return input.db.transaction(async (tx) => {
    const listId = await repo.insertList(tx, {
      userId: input.userId,
      name: input.name,
      description: input.description ?? null,
    });
    return input.physicianIds?.length
      ? addToLockedList(tx, listId, input.physicianIds)
      : { list: await requireList(tx, input.userId, listId), added: 0 };
  });
}

export async function getList(input: {
  db: Db;
  directory: DirectoryService;
  userId: string;
  listId: string;
  query?: string;
  page?: number;
}): Promise<ListDetailResponse> {
  checkListId(input.listId);
  const found = await repo.findListWithMemberIds(input.db, input.userId, input.listId);
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
  listId: string;
  name?: string;
  description?: string | null;
}): Promise<PhysicianList> {
  checkListId(input.listId);
  return input.db.transaction(async (tx) => {
    if (!(await repo.lockList(tx, input.userId, input.listId))) throw listNotFound();
    return repo.updateList(tx, input.listId, { name: input.name, description: input.description });
  });
}

/** Deletes the list and its memberships in one transaction, with an audit row. */
export async function deleteList(input: {
  db: Db;
  userId: string;
  listId: string;
  ip?: string | null;
}): Promise<void> {
  checkListId(input.listId);
  await input.db.transaction(async (tx) => {
    const list = await repo.findList(tx, input.userId, input.listId);
    if (!list) throw listNotFound();
    await repo.deleteList(tx, input.userId, input.listId);
    await recordAudit(tx, {
      action: 'list.deleted',
      actorUserId: input.userId,
      targetType: 'physician_list',
      targetId: input.listId,
      details: { name: list.name, physicianCount: list.physicianCount },
      ip: input.ip ?? null,
    });
  });
}

export async function addMembers(input: {
  db: Db;
  userId: string;
  listId: string;
  physicianIds: readonly number[];
}): Promise<ListChangeResponse> {
  checkListId(input.listId);
  return input.db.transaction(async (tx) => {
    if (!(await repo.lockList(tx, input.userId, input.listId))) throw listNotFound();
    return addToLockedList(tx, input.listId, input.physicianIds);
  });
}

export async function removeMembers(input: {
  db: Db;
  userId: string;
  listId: string;
  physicianIds: readonly number[];
}): Promise<RemoveMembersResponse> {
  checkListId(input.listId);
  return input.db.transaction(async (tx) => {
    if (!(await repo.lockList(tx, input.userId, input.listId))) throw listNotFound();
    const removed = await repo.deleteMembers(tx, input.listId, [...new Set(input.physicianIds)]);
    const list =
      removed > 0
        ? await repo.updateList(tx, input.listId, {})
        : await requireList(tx, input.userId, input.listId);
    return { list, removed };
  });
}
