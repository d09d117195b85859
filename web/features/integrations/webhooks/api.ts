import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WebhookDeliveriesResponse,
  WebhookDeliveryResponse,
  WebhookEndpointResponse,
  WebhookEndpointsResponse,
  WebhookEndpointWithSecretResponse,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
} from '@contract/webhooks';
import { useMe } from '@web/app/session';
import { apiFetch } from '@web/lib/api';

export const webhooksQueryKey = ['integrations', 'webhooks'] as const;
const endpointsKey = [...webhooksQueryKey, 'endpoints'] as const;
const deliveriesKey = (endpointId: string) => [...webhooksQueryKey, 'deliveries', endpointId] as const;

/** While a delivery waits or is being sent, the log is asked again this often. */
const PENDING_REFRESH_MS = 2_000;

/** GET /api/integrations/webhooks: the team's (or the caller's) endpoints, never their secrets. */
export function useWebhookEndpoints(enabled = true) {
  const me = useMe();
  return useQuery({
    queryKey: [...endpointsKey, me.user?.id ?? null],
    queryFn: ({ signal }) => apiFetch('/api/integrations/webhooks', { schema: WebhookEndpointsResponse, signal }),
    enabled: enabled && me.isSignedIn,
  });
}

/** GET .../{id}/deliveries: the latest 50, asked again while one is still pending. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: deliveriesKey(endpointId),
    queryFn: ({ signal }) => apiFetch(`/api/integrations/webhooks/${endpointId}/deliveries`, { schema: WebhookDeliveriesResponse, signal }),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'queued' || d.status === 'delivering') ? PENDING_REFRESH_MS : false,
  });
}

/**
 * A call that changes what `staleKey(input)` holds. The refetch is not awaited: a call's own
 * onSuccess (its toast) must run before the refetch unmounts the row that made it (a deleted
 * endpoint), and a deleted endpoint's log is never asked again (404).
 */
function useChange<Input, Output>(call: (input: Input) => Promise<Output>, staleKey: (input: Input) => readonly unknown[] = () => endpointsKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_answer, input) => {
      void queryClient.invalidateQueries({ queryKey: staleKey(input) });
    },
  });
}

/** POST /api/integrations/webhooks: the answer holds the secret, shown once. */
export function useCreateWebhookEndpoint() {
  return useChange((body: CreateWebhookEndpointRequest) =>
    apiFetch('/api/integrations/webhooks', { method: 'POST', body, schema: WebhookEndpointWithSecretResponse }),
  );
}

export function useUpdateWebhookEndpoint() {
  return useChange(({ id, body }: { id: string; body: UpdateWebhookEndpointRequest }) =>
    apiFetch(`/api/integrations/webhooks/${id}`, { method: 'PATCH', body, schema: WebhookEndpointResponse }),
  );
}

export function useDeleteWebhookEndpoint() {
  return useChange((id: string) => apiFetch<unknown>(`/api/integrations/webhooks/${id}`, { method: 'DELETE' }));
}

/** POST .../{id}/secret: a new secret, shown once; the old one stops at once. */
export function useRotateWebhookSecret() {
  return useChange((id: string) =>
    apiFetch(`/api/integrations/webhooks/${id}/secret`, { method: 'POST', schema: WebhookEndpointWithSecretResponse }),
  );
}

export function useSendWebhookTest() {
  return useChange(
    (id: string) => apiFetch(`/api/integrations/webhooks/${id}/test`, { method: 'POST', schema: WebhookDeliveryResponse }),
    (id) => deliveriesKey(id),
  );
}

/** POST .../deliveries/{deliveryId}/retry: 'Send again'. */
export function useRetryWebhookDelivery() {
  return useChange(
    ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      apiFetch(`/api/integrations/webhooks/${endpointId}/deliveries/${deliveryId}/retry`, { method: 'POST', schema: WebhookDeliveryResponse }),
    ({ endpointId }) => deliveriesKey(endpointId),
  );
}
