import { z } from 'zod';
import { PhysicianSummary, SearchQueryText } from './directory';
import { LIST_PAGE_SIZE, SELECT_ALL_MAX } from './limits';

/*
 * Physician lists (docs/rules.md#lists): the Add to Physician List dialog, My Lists and
 * list detail. A list is private to its creator, or shared with the creator's team
 * (docs/decisions/061-teams.md); any other list is answered 404.
 */

export const LIST_NAME_MAX = 100;
export const LIST_DESCRIPTION_MAX = 1000;

const listName = z
  .string({ error: 'name is required' })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, 'Please enter a name for the list.')
      .max(LIST_NAME_MAX, `name must be at most ${LIST_NAME_MAX} characters`),
  );
const listDescription = z
  .string()
  .max(LIST_DESCRIPTION_MAX, `description must be at most ${LIST_DESCRIPTION_MAX} characters`)
  .transform((v) => v.trim() || null)
  .nullable();

/** Physician ids of one add or remove: 1 to 500 (the Select All maximum). */
export const PhysicianIds = z
  .array(
    z
      .number({ error: 'physicianIds must hold whole numbers' })
      .int('physicianIds must hold whole numbers')
      .positive('physicianIds must hold positive ids')
      .max(2_147_483_647, 'physicianIds holds an unknown id'),
    {
      error: 'physicianIds must be a list of physician ids',
    },
  )
  .min(1, 'Please select at least one physician.')
  .max(SELECT_ALL_MAX, `physicianIds: at most ${SELECT_ALL_MAX} physicians at a time`);

export const PhysicianList = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  physicianCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Shared with the team: every member sees it and adds to it. */
  shared: z.boolean(),
  /** The creator's name (or email). */
  createdBy: z.string(),
  /** The caller may rename, delete or (un)share it: its creator, or an owner or admin of its team. */
  canManage: z.boolean(),
});
export type PhysicianList = z.infer<typeof PhysicianList>;

/** GET /api/lists: the caller's lists, newest first. */
export const ListListsResponse = z.object({ lists: z.array(PhysicianList) });
export type ListListsResponse = z.infer<typeof ListListsResponse>;

/** POST /api/lists: 'Create New List' (optionally with the selected physicians). */
const listShared = z.boolean({ error: 'shared must be true or false' });

export const CreateListRequest = z.object({
  name: listName,
  description: listDescription.optional(),
  physicianIds: PhysicianIds.optional(),
  /** Share with the caller's team (default: private). */
  shared: listShared.optional(),
});
export type CreateListRequest = z.input<typeof CreateListRequest>;

/** The answer to a create or an add: `added` counts the physicians really added. */
export const ListChangeResponse = z.object({
  list: PhysicianList,
  added: z.number().int(),
});
export type ListChangeResponse = z.infer<typeof ListChangeResponse>;

/** PATCH /api/lists/{listId}: rename, edit the description and/or share with the team or stop sharing. */
export const UpdateListRequest = z
  .object({ name: listName.optional(), description: listDescription.optional(), shared: listShared.optional() })
  .refine((v) => v.name !== undefined || v.description !== undefined || v.shared !== undefined, {
    message: 'Give a name, a description or shared to change',
    path: ['name'],
  });
export type UpdateListRequest = z.input<typeof UpdateListRequest>;

/** POST and DELETE /api/lists/{listId}/members. */
export const ListMembersRequest = z.object({ physicianIds: PhysicianIds });
export type ListMembersRequest = z.infer<typeof ListMembersRequest>;

export const RemoveMembersResponse = z.object({
  list: PhysicianList,
  removed: z.number().int(),
});
export type RemoveMembersResponse = z.infer<typeof RemoveMembersResponse>;

/** GET /api/lists/{listId} query: 'Search within this list...' and the page. */
export const GetListQuery = z.object({
  query: SearchQueryText,
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'page must be a whole number of at least 1')
    .transform(Number)
    .optional(),
});
export type GetListQuery = z.input<typeof GetListQuery>;

/** GET /api/lists/{listId}: the list, one page of members (by name) and every matching id. */
export const ListDetailResponse = z.object({
  list: PhysicianList,
  results: z.array(PhysicianSummary),
  /** Members matching the search within the list (all members without one). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.literal(LIST_PAGE_SIZE),
  pageCount: z.number().int(),
  /** The ids of every matching member, in the order shown (the Select All checkbox). */
  matchingIds: z.array(z.number().int()),
  /** The page's members the caller's connected ATS already holds ('In your ATS', ADR 064). */
  inAts: z.array(z.number().int()),
});
export type ListDetailResponse = z.infer<typeof ListDetailResponse>;
