import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@web/components/ui/toast';
import type { MeResponse, SessionUser, SubscriptionStatus } from '@contract/account';
import { capabilitiesFor, FREE_SUBSCRIPTION, type Capability } from '@contract/capabilities';
import { SUBSCRIPTION_RECHECK_MS } from '@contract/limits';
import { loginPath } from '@contract/local-path';
import { apiFetch, SESSION_ENDED_EVENT } from '@web/lib/api';
import { takeBootAnswer } from '@web/lib/boot-data';

export const meQueryKey = ['me'] as const;

const ANONYMOUS: MeResponse = { user: null, subscription: FREE_SUBSCRIPTION, capabilities: [] };

export type Me = {
  user: SessionUser | null;
  subscription: SubscriptionStatus;
  capabilities: Capability[];
  /** True only until the first answer (or failure) of GET /api/me. */
  isLoading: boolean;
  isSignedIn: boolean;
  isAdmin: boolean;
  /** A production server running the demo billing provider on purpose: the layout shows a banner. */
  demoBilling: boolean;
};

function fetchMe(signal: AbortSignal): Promise<MeResponse> {
  // The schema (zod) loads beside the request, not in the app's first script (ADR 021).
  const schema = () => import('@contract/account').then((module) => module.MeResponse);
  return apiFetch('/api/me', { schema, signal });
}

/**
 * Who the answers of GET /api/me make the visitor: a failed check silently means free (with no
 * earlier answer the visitor looks anonymous; after a failed re-check the user stays signed in
 * but is treated as free until the next successful check).
 */
function meOf(data: MeResponse | undefined, failed: boolean): MeResponse {
  const me = data ?? ANONYMOUS;
  if (!failed || !me.user) return me;
  return {
    user: me.user,
    subscription: FREE_SUBSCRIPTION,
    capabilities: capabilitiesFor({ signedIn: true, role: me.user.role, tier: 'free' }),
  };
}

/**
 * The visitor once GET /api/me has answered (or failed), as useMe will say it: for work started
 * before then that must know for whom it was done (the search page's cold start, directory/api.ts).
 * Rejects when `signal` aborts first.
 */
export function settledMe(client: QueryClient, signal: AbortSignal): Promise<MeResponse> {
  const cache = client.getQueryCache();
  return new Promise((resolve, reject) => {
    const settle = (): boolean => {
      const state = cache.find<MeResponse>({ queryKey: meQueryKey })?.state;
      if (!state || state.status === 'pending') return false;
      resolve(meOf(state.data, state.status === 'error'));
      return true;
    };
    if (settle()) return;
    const stop = () => {
      unsubscribe();
      signal.removeEventListener('abort', aborted);
    };
    const aborted = () => {
      stop();
      reject(signal.reason);
    };
    const unsubscribe = cache.subscribe(() => {
      if (settle()) stop();
    });
    signal.addEventListener('abort', aborted);
  });
}

/**
 * Who is signed in, their subscription and capabilities (the server decides; the UI mirrors).
 * Re-checked every 5 minutes and when the tab becomes visible again if the last check is older
 * than that (TanStack's focus refetch honours staleTime). A failed check silently means free:
 * with no earlier answer the visitor looks anonymous; after a failed re-check the user stays
 * signed in but is treated as free until the next successful check.
 */
export function useMe(): Me {
  const query = useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: SUBSCRIPTION_RECHECK_MS,
    refetchInterval: SUBSCRIPTION_RECHECK_MS,
    refetchOnWindowFocus: true,
    // One quick retry: a visitor must not wait through the full backoff to see the page.
    retry: 1,
    // The answer the server put in the page (ADR 025): our own server's JSON for this same
    // cookie, taken as it is (zod is not in the first script).
    initialData: () => takeBootAnswer('/api/me') as MeResponse | undefined,
  });

  const me = meOf(query.data, query.isError);
  return {
    user: me.user,
    subscription: me.subscription,
    capabilities: me.capabilities,
    isLoading: query.isPending,
    isSignedIn: me.user !== null,
    isAdmin: me.user?.role === 'admin',
    demoBilling: query.data?.demoBilling === true,
  };
}

/** Whether the current visitor may do `capability` (mirrors the server's rule). */
export function useCan(capability: Capability): boolean {
  return useMe().capabilities.includes(capability);
}

/**
 * A manual re-check that bypasses the 5-minute cache: call after sign-in, sign-up, checkout
 * success or anything else that changes who the user is or what they pay for.
 */
export function useRefreshMe(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: meQueryKey, refetchType: 'all' }),
    [queryClient],
  );
}

/**
 * Sign Out (nav menu, account page): POST /api/auth/logout, go to '/', forget everything
 * cached for the previous user, toast 'Logged out'. Navigation happens before the cache is
 * cleared so a guarded page does not bounce through /login on its way out.
 */
export function useSignOut(): { signOut: () => Promise<void>; isPending: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => apiFetch<unknown>('/api/auth/logout', { method: 'POST' }),
  });
  const { mutateAsync } = mutation;

  const signOut = useCallback(async () => {
    try {
      await mutateAsync();
    } catch {
      toast.error('Error', { description: 'Could not log out. Please try again.' });
      return;
    }
    // flushSync: leave the guarded page before the cache says "anonymous", or its guard would
    // redirect to /login first (React Router applies navigations in a transition).
    await navigate('/', { flushSync: true });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    queryClient.setQueryData(meQueryKey, ANONYMOUS);
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    toast.success('Logged out');
  }, [mutateAsync, navigate, queryClient]);

  return { signOut, isPending: mutation.isPending };
}

/**
 * A call answered 401 while the page thought someone was signed in: the session expired or was
 * ended elsewhere. Forget the user and what was cached for them, say so, and go to log in with
 * return_to this page (login returns there). Rendered once, by the root layout.
 */
export function useSessionEndedRedirect(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const onEnded = () => {
      const current = queryClient.getQueryData<MeResponse>(meQueryKey);
      if (!current?.user) return;
      const { pathname, search, hash } = window.location;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, ANONYMOUS);
      toast.error('Session expired', { description: 'Please log in again to continue.' });
      void navigate(loginPath(`${pathname}${search}${hash}`));
    };
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
  }, [queryClient, navigate]);
}
