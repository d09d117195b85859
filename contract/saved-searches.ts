import { z } from 'zod';
import { FILTER_KEYS, SearchPhysiciansQuery } from './directory';

/*
 * Saved searches (document 2, section 5; document 1, the Saved Searches side panel). A saved
 * search keeps the whole search as the page URL spells it: the query, every filter (the extra
 * ones included) and the sort. Applying it puts these values back into /search.
 */

export const SAVED_SEARCH_NAME_MAX = 100;

export const SAVED_SEARCH_KEYS = ['query', ...FILTER_KEYS, 'sortKey', 'sortDirection'] as const;
export type SavedSearchKey = (typeof SAVED_SEARCH_KEYS)[number];

const paramsShape = Object.fromEntries(
  SAVED_SEARCH_KEYS.map((key) => [key, z.string().max(2000, `${key} is too long`).optional()]),
) as { [K in SavedSearchKey]: z.ZodOptional<z.ZodString> };

/** The search as URL strings; each value must pass the search's own validation. */
export const SavedSearchParams = z
  .object(paramsShape)
  .strict()
  .superRefine((value, ctx) => {
    // Blank values are dropped when saved (as the page URL drops them), so only the rest must pass.
    const given = Object.fromEntries(
      Object.entries(value).filter(([, v]) => v !== undefined && v.trim() !== ''),
    );
    const parsed = SearchPhysiciansQuery.safeParse(given);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    const hasCriteria = SAVED_SEARCH_KEYS.some(
      (key) => key !== 'sortKey' && key !== 'sortDirection' && (value[key] ?? '').trim() !== '',
    );
    if (!hasCriteria)
      ctx.addIssue({ code: 'custom', message: 'Enter a search or choose a filter to save', path: ['query'] });
  });
export type SavedSearchParams = z.infer<typeof SavedSearchParams>;

/** POST /api/saved-searches */
export const CreateSavedSearchRequest = z.object({
  name: z
    .string({ error: 'name is required' })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, 'Please enter a name for your search.')
        .max(SAVED_SEARCH_NAME_MAX, `name must be at most ${SAVED_SEARCH_NAME_MAX} characters`),
    ),
  params: SavedSearchParams,
});
export type CreateSavedSearchRequest = z.input<typeof CreateSavedSearchRequest>;

export const SavedSearch = z.object({
  id: z.string(),
  name: z.string(),
  params: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;

/** GET /api/saved-searches: the caller's saved searches, newest first. */
export const ListSavedSearchesResponse = z.object({ savedSearches: z.array(SavedSearch) });
export type ListSavedSearchesResponse = z.infer<typeof ListSavedSearchesResponse>;
