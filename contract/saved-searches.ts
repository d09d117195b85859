import { z } from 'zod';
import { FILTER_KEYS, SearchPhysiciansQuery } from './directory';

/*
 * Saved searches (docs/rules.md#saved-searches). A saved
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
  /** Share with the caller's team (default: private). */
  shared: z.boolean({ error: 'shared must be true or false' }).optional(),
});
export type CreateSavedSearchRequest = z.input<typeof CreateSavedSearchRequest>;

/** How often a saved search emails its new matches (docs/decisions/024-new-match-alerts.md). */
export const ALERT_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export const AlertFrequency = z.enum(ALERT_FREQUENCIES, { error: 'alert must be off, daily or weekly' });
export type AlertFrequency = z.infer<typeof AlertFrequency>;
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = { off: 'Off', daily: 'Daily', weekly: 'Weekly' };

/** At most this many new physicians are listed in one digest (the link shows them all). */
export const ALERT_DIGEST_MAX = 25;

export const SavedSearch = z.object({
  id: z.string(),
  name: z.string(),
  params: z.record(z.string(), z.string()),
  createdAt: z.string(),
  alert: AlertFrequency,
  /** When the last digest was sent, or null. */
  alertSentAt: z.string().nullable(),
  /** Shared with the team (docs/decisions/061-teams.md): every member sees and runs it. */
  shared: z.boolean(),
  /** The creator's name (or email). */
  createdBy: z.string(),
  /** The caller may change its alert, share or delete it: its creator, or an owner or admin of its team. */
  canManage: z.boolean(),
  /** The caller gets its alert's digests: the creator always, a teammate while following it. */
  following: z.boolean(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;

/** GET /api/saved-searches: the caller's saved searches, newest first. */
export const ListSavedSearchesResponse = z.object({ savedSearches: z.array(SavedSearch) });
export type ListSavedSearchesResponse = z.infer<typeof ListSavedSearchesResponse>;

/** PATCH /api/saved-searches/{id}: turn the new-match alert on (daily, weekly) or off; share it or stop. */
export const UpdateSavedSearchRequest = z
  .object({
    alert: AlertFrequency.optional(),
    shared: z.boolean({ error: 'shared must be true or false' }).optional(),
  })
  .refine((v) => v.alert !== undefined || v.shared !== undefined, {
    message: 'Give alert or shared to change',
    path: ['alert'],
  });
export type UpdateSavedSearchRequest = z.infer<typeof UpdateSavedSearchRequest>;

/** PUT /api/saved-searches/{id}/following: a teammate follows a shared search (gets its alert) or stops. */
export const FollowSavedSearchRequest = z.object({
  following: z.boolean({ error: 'following must be true or false' }),
});
export type FollowSavedSearchRequest = z.infer<typeof FollowSavedSearchRequest>;

/** POST /api/saved-searches/{id}/unsubscribe: the one-click link of a digest email (no sign-in). */
export const UnsubscribeAlertRequest = z.object({
  signature: z
    .string({ error: 'signature is required' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'signature is not a valid unsubscribe signature'),
  /** A teammate's digest of a shared search: that follower stops following (the alert stays on for the rest). */
  follower: z.uuid({ error: 'follower is not a valid id' }).optional(),
});
export type UnsubscribeAlertRequest = z.infer<typeof UnsubscribeAlertRequest>;
export const UnsubscribeAlertResponse = z.object({ name: z.string() });
export type UnsubscribeAlertResponse = z.infer<typeof UnsubscribeAlertResponse>;

/**
 * POST /api/dev/alert-runs (development only, like the mailbox): one alert run as of `daysAhead`
 * days from now, so a developer (and the browser test) sees a digest without waiting a day.
 */
export const DevAlertRunRequest = z.object({
  daysAhead: z
    .number({ error: 'daysAhead must be a number of days' })
    .int('daysAhead must be a whole number of days')
    .min(0, 'daysAhead must be between 0 and 30')
    .max(30, 'daysAhead must be between 0 and 30'),
});
export type DevAlertRunRequest = z.infer<typeof DevAlertRunRequest>;
export const AlertRunResponse = z.object({
  evaluated: z.number().int(),
  digests: z.number().int(),
  newMatches: z.number().int(),
  evaluationMs: z.number().int(),
});
export type AlertRunResponse = z.infer<typeof AlertRunResponse>;
