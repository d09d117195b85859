import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ListSavedSearchesResponse,
  SavedSearch,
  UnsubscribeAlertResponse,
  type AlertFrequency,
  type CreateSavedSearchRequest,
} from '@contract/saved-searches';
import { apiFetch } from '@web/lib/api';

export const savedSearchKeys = { all: ['saved-searches'] as const };

/** GET /api/saved-searches: newest first. */
export function useSavedSearches(enabled = true) {
  return useQuery({
    queryKey: savedSearchKeys.all,
    queryFn: ({ signal }) => apiFetch('/api/saved-searches', { schema: ListSavedSearchesResponse, signal }),
    select: (data) => data.savedSearches,
    enabled,
  });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSavedSearchRequest) =>
      apiFetch('/api/saved-searches', { method: 'POST', body, schema: SavedSearch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

/** PATCH /api/saved-searches/{id}: the new-match alert (off, daily, weekly). */
export function useUpdateSavedSearchAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, alert }: { id: string; alert: AlertFrequency }) =>
      apiFetch(`/api/saved-searches/${encodeURIComponent(id)}`, { method: 'PATCH', body: { alert }, schema: SavedSearch }),
    onSuccess: (updated) =>
      queryClient.setQueryData<ListSavedSearchesResponse>(savedSearchKeys.all, (data) =>
        data ? { savedSearches: data.savedSearches.map((s) => (s.id === updated.id ? updated : s)) } : data,
      ),
  });
}

/** PUT /api/saved-searches/{id}/following: a teammate follows a shared search's alert, or stops. */
export function useFollowSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, following }: { id: string; following: boolean }) =>
      apiFetch(`/api/saved-searches/${encodeURIComponent(id)}/following`, { method: 'PUT', body: { following }, schema: SavedSearch }),
    onSuccess: (updated) =>
      queryClient.setQueryData<ListSavedSearchesResponse>(savedSearchKeys.all, (data) =>
        data ? { savedSearches: data.savedSearches.map((s) => (s.id === updated.id ? updated : s)) } : data,
      ),
  });
}

/**
 * POST /api/saved-searches/{id}/unsubscribe: the digest's signed one-click link (a follower's link
 * names the follower, whose following it ends).
 */
export function unsubscribeAlert(id: string, signature: string, follower?: string) {
  return apiFetch(`/api/saved-searches/${encodeURIComponent(id)}/unsubscribe`, {
    method: 'POST',
    body: follower ? { signature, follower } : { signature },
    schema: UnsubscribeAlertResponse,
  });
}
