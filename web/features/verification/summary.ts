import { useQuery } from '@tanstack/react-query';
import { verificationSentence } from '@contract/verification-copy';
import { apiFetch } from '@web/lib/api';

/*
 * The pages' copy about verification (footer, landing, about): in the first script, so its
 * schema (zod) is loaded only when the answer is read (ADR 021).
 */

/** Coverage for the pages' copy (public, cached by the server for 5 minutes). */
export function useVerificationSummary() {
  return useQuery({
    queryKey: ['verification', 'summary'],
    queryFn: ({ signal }) =>
      apiFetch('/api/verification/summary', {
        schema: () => import('@contract/verification').then((m) => m.VerificationSummaryResponse),
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The honest sentence about verification: 'verified monthly' only while at least 95 % of the
 * values were checked in the last 30 days (ADR 032).
 */
export function useVerificationSentence(): string {
  return verificationSentence(useVerificationSummary().data);
}
