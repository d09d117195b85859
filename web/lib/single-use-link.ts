/**
 * Query options for the call behind an emailed single-use link (verify email, confirm removal,
 * unsubscribe): run once per link, even when React mounts the page twice, never retried or
 * refetched (a second call would find the link spent).
 */
export const SINGLE_USE_LINK_QUERY = {
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;
