import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { facilityLabel, HospitalOptionsResponse } from '@contract/affiliations';
import { apiFetch } from '@web/lib/api';
import { typingOptions } from '@web/features/directory/api';

/**
 * The 'Affiliated with' type-ahead (ADR 063): GET /api/directory/hospitals with the page's search
 * and the words typed, counted over the search. It sends the search's typing token: the keys of a
 * typed hospital name are typing, not new searches. Asked only once the recruiter types in the box
 * or has chosen a hospital: a search that does not use the filter costs no call of its own.
 */
export function useHospitalOptions(apiSearch: string, q: string, enabled: boolean) {
  const query = new URLSearchParams(apiSearch);
  if (q.trim()) query.set('q', q.trim());
  const path = `/api/directory/hospitals?${query.toString()}`;
  return useQuery({
    queryKey: ['directory', 'hospitals', apiSearch, q.trim()],
    queryFn: ({ signal }) => apiFetch(path, { schema: HospitalOptionsResponse, signal, ...typingOptions() }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
}

/**
 * The names of the chosen 'Affiliated with' hospitals (CCN -> name), for the filter chips: the
 * type-ahead's answer with no words typed, which always lists the chosen ones (the filter panel
 * asks the same, so the chips cost no call of their own). A CCN not yet answered keeps its number.
 */
export function useChosenHospitalNames(apiSearch: string, chosen: readonly string[]): Map<string, string> {
  const answer = useHospitalOptions(apiSearch, '', chosen.length > 0);
  const names = new Map<string, string>();
  for (const h of answer.data?.hospitals ?? []) if (chosen.includes(h.ccn)) names.set(h.ccn, facilityLabel(h));
  return names;
}
