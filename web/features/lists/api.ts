import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ListChangeResponse,
  ListDetailResponse,
  ListListsResponse,
  PhysicianList,
  RemoveMembersResponse,
  type CreateListRequest,
  type UpdateListRequest,
} from '@contract/lists';
import { apiFetch } from '@web/lib/api';

export const listKeys = {
  all: ['lists'] as const,
  mine: ['lists', 'mine'] as const,
  detail: (listId: string, query: string, page: number) => ['lists', 'detail', listId, query, page] as const,
};

/** GET /api/lists: the signed-in user's lists, newest first. */
export function useMyLists(enabled = true) {
  return useQuery({
    queryKey: listKeys.mine,
    queryFn: ({ signal }) => apiFetch('/api/lists', { schema: ListListsResponse, signal }),
    select: (data) => data.lists,
    enabled,
  });
}

/** GET /api/lists/{listId}: one page of members, narrowed by the search within the list. */
export function useListDetail(listId: string, query: string, page: number) {
  return useQuery({
    queryKey: listKeys.detail(listId, query, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (query) params.set('query', query);
      if (page > 1) params.set('page', String(page));
      const search = params.toString();
      return apiFetch(`/api/lists/${encodeURIComponent(listId)}${search ? `?${search}` : ''}`, {
        schema: ListDetailResponse,
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}

/** Every list change refreshes the lists (My Lists, the side panel, the dialog, list detail). */
function useInvalidateLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: listKeys.all });
}

export function useCreateList() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (body: CreateListRequest) =>
      apiFetch('/api/lists', { method: 'POST', body, schema: ListChangeResponse }),
    onSuccess: invalidate,
  });
}

export function useAddToList() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ listId, physicianIds }: { listId: string; physicianIds: number[] }) =>
      apiFetch(`/api/lists/${encodeURIComponent(listId)}/members`, {
        method: 'POST',
        body: { physicianIds },
        schema: ListChangeResponse,
      }),
    onSuccess: invalidate,
  });
}

export function useRemoveFromList() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ listId, physicianIds }: { listId: string; physicianIds: number[] }) =>
      apiFetch(`/api/lists/${encodeURIComponent(listId)}/members`, {
        method: 'DELETE',
        body: { physicianIds },
        schema: RemoveMembersResponse,
      }),
    onSuccess: invalidate,
  });
}

export function useUpdateList() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ listId, ...body }: UpdateListRequest & { listId: string }) =>
      apiFetch(`/api/lists/${encodeURIComponent(listId)}`, { method: 'PATCH', body, schema: PhysicianList }),
    onSuccess: invalidate,
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listId: string) => apiFetch(`/api/lists/${encodeURIComponent(listId)}`, { method: 'DELETE' }),
    // Not the deleted list's detail: refetching it would answer 'List not found' while leaving.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKeys.mine }),
  });
}
