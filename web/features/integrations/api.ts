import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ConnectBullhornResponse,
  Push,
  PushDetail,
  PushesResponse,
  type ConnectBullhornRequest,
  type CreatePushRequest,
} from '@contract/integrations';
import { apiFetch } from '@web/lib/api';
import { bullhornKeys } from './connection';

/* The Bullhorn calls (docs/decisions/064-ats-integrations.md). */

export { useBullhornConnection } from './connection';

/** POST /api/integrations/bullhorn/connection: answers Bullhorn's sign-in address; the browser goes there. */
export function useConnectBullhorn() {
  return useMutation({
    mutationFn: (body: ConnectBullhornRequest) =>
      apiFetch('/api/integrations/bullhorn/connection', { method: 'POST', body, schema: ConnectBullhornResponse }),
  });
}

export function useDisconnectBullhorn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<unknown>('/api/integrations/bullhorn/connection', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['integrations', 'bullhorn'] }),
  });
}

export function useCreatePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePushRequest) => apiFetch('/api/integrations/bullhorn/pushes', { method: 'POST', body, schema: Push }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bullhornKeys.pushes }),
  });
}

export function usePushes(enabled = true) {
  return useQuery({
    queryKey: bullhornKeys.pushes,
    queryFn: ({ signal }) => apiFetch('/api/integrations/bullhorn/pushes', { schema: PushesResponse, signal }),
    enabled,
  });
}

/** A push, asked again every second while it is queued or running. */
export function usePush(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: bullhornKeys.push(id ?? ''),
    queryFn: async ({ signal }) => {
      const push = await apiFetch(`/api/integrations/bullhorn/pushes/${id}`, { schema: PushDetail, signal });
      // The flags on cards and profiles follow a push's outcomes.
      if (push.status === 'done' || push.status === 'failed') {
        // exact: the push's own key starts with the connection's (a refetch loop otherwise).
        void queryClient.invalidateQueries({ queryKey: bullhornKeys.connection, exact: true });
        void queryClient.invalidateQueries({ queryKey: bullhornKeys.pushes, exact: true });
        void queryClient.invalidateQueries({ queryKey: ['directory'] });
      }
      return push;
    },
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'done' || query.state.data.status === 'failed') ? false : 1000),
  });
}
