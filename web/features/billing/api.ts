import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BillingSubscriptionResponse,
  CreateCheckoutResponse,
  CreatePortalResponse,
  DemoCheckoutSessionResponse,
  DemoPayResponse,
  DemoPortalResponse,
  type CreateCheckoutRequest,
  type CreateRefundRequest,
  type DemoPayRequest,
  type DemoPortalAction,
  type UpdateSeatsRequest,
} from '@contract/billing';
import { useMe, useRefreshMe, type Me } from '@web/app/session';
import { apiFetch } from '@web/lib/api';

export const billingSubscriptionQueryKey = ['billing', 'subscription'] as const;

/** The query of GET /api/billing/subscription for this viewer (a new tier or status asks again). */
export function billingSubscriptionQuery(me: Me) {
  return {
    queryKey: [...billingSubscriptionQueryKey, me.user?.id ?? null, me.subscription.tier, me.subscription.status],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiFetch('/api/billing/subscription', { schema: BillingSubscriptionResponse, signal }),
    staleTime: 0,
  };
}

/** GET /api/billing/subscription: plan, status, dates, trial, refund and guarantee state (signed in only). */
export function useBillingSubscription() {
  const me = useMe();
  return useQuery({ ...billingSubscriptionQuery(me), enabled: me.isSignedIn });
}

export function createCheckout(body: CreateCheckoutRequest) {
  return apiFetch('/api/billing/checkout', { method: 'POST', body, schema: CreateCheckoutResponse });
}

export function createPortalSession() {
  return apiFetch('/api/billing/portal', { method: 'POST', schema: CreatePortalResponse });
}

/** After anything that changes the subscription: re-check /api/me (bypassing the cache) and the tab. */
export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  const refreshMe = useRefreshMe();
  return async () => {
    await refreshMe();
    await queryClient.invalidateQueries({ queryKey: billingSubscriptionQueryKey });
  };
}

export function useRequestRefund() {
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: (body: CreateRefundRequest) =>
      apiFetch('/api/billing/refund-request', { method: 'POST', body, schema: BillingSubscriptionResponse }),
    onSuccess: () => refresh(),
  });
}

export function useDemoCheckoutSession(sessionId: string) {
  return useQuery({
    queryKey: ['billing', 'demo-checkout', sessionId],
    queryFn: ({ signal }) =>
      apiFetch(`/api/billing/demo/checkout/${encodeURIComponent(sessionId)}`, { schema: DemoCheckoutSessionResponse, signal }),
    staleTime: 0,
  });
}

export function payDemoCheckout(sessionId: string, body: DemoPayRequest) {
  return apiFetch(`/api/billing/demo/checkout/${encodeURIComponent(sessionId)}/pay`, {
    method: 'POST',
    body,
    schema: DemoPayResponse,
  });
}

export const demoPortalQueryKey = ['billing', 'demo-portal'] as const;

export function useDemoPortal() {
  return useQuery({
    queryKey: demoPortalQueryKey,
    queryFn: ({ signal }) => apiFetch('/api/billing/demo/portal', { schema: DemoPortalResponse, signal }),
    staleTime: 0,
  });
}

export function useDemoPortalAction() {
  const queryClient = useQueryClient();
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: (action: DemoPortalAction) =>
      apiFetch('/api/billing/demo/portal', { method: 'POST', body: action, schema: DemoPortalResponse }),
    onSuccess: async (portal) => {
      queryClient.setQueryData(demoPortalQueryKey, portal);
      await refresh();
    },
  });
}

/** PUT /api/billing/seats: more seats are charged now (prorated), fewer from the next renewal. */
export function useUpdateSeats() {
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: (body: UpdateSeatsRequest) =>
      apiFetch('/api/billing/seats', { method: 'PUT', body, schema: BillingSubscriptionResponse }),
    onSuccess: () => refresh(),
  });
}
