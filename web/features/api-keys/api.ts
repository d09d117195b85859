import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiKeysResponse, CreateApiKeyResponse, type CreateApiKeyRequest } from '@contract/api-keys';
import { apiFetch } from '@web/lib/api';

export const apiKeysQueryKey = ['account', 'api-keys'] as const;

/** GET /api/account/api-keys: the user's active keys (never the keys themselves). */
export function useApiKeys(enabled = true) {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => apiFetch('/api/account/api-keys', { schema: ApiKeysResponse, signal }),
    enabled,
  });
}

/** POST /api/account/api-keys: the answer holds the key, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) =>
      apiFetch('/api/account/api-keys', { method: 'POST', body, schema: CreateApiKeyResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

/** DELETE /api/account/api-keys/{id}: the key stops working at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<unknown>(`/api/account/api-keys/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
