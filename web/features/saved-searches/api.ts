import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ListSavedSearchesResponse,
  SavedSearch,
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
