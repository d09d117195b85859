import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/*
 * The connection's query, apart from the other Bullhorn calls: the search page asks it (to offer
 * Push and 'Not in my ATS') and loads its schema only with the answer, so the page's first script
 * does not carry the integrations contract (ADR 021's lazy schema).
 */

export const bullhornKeys = {
  connection: ['integrations', 'bullhorn'] as const,
  pushes: ['integrations', 'bullhorn', 'pushes'] as const,
  push: (id: string) => ['integrations', 'bullhorn', 'pushes', id] as const,
};

/** GET /api/integrations/bullhorn: the caller's connection (their team's, or their own). */
export function useBullhornConnection(enabled = true) {
  return useQuery({
    queryKey: bullhornKeys.connection,
    queryFn: ({ signal }) =>
      apiFetch('/api/integrations/bullhorn', {
        schema: () => import('@contract/integrations').then((m) => m.BullhornConnection),
        signal,
      }),
    enabled,
  });
}
