import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  VerificationOverviewResponse,
  VerificationSummaryResponse,
  VerifyPhysicianResponse,
  verificationSentence,
} from '@contract/verification';
import { apiFetch } from '@web/lib/api';

/** Coverage for the pages' copy (public, cached by the server for 5 minutes). */
export function useVerificationSummary() {
  return useQuery({
    queryKey: ['verification', 'summary'],
    queryFn: ({ signal }) => apiFetch('/api/verification/summary', { schema: VerificationSummaryResponse, signal }),
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

export function useVerificationOverview() {
  return useQuery({
    queryKey: ['verification', 'overview'],
    queryFn: ({ signal }) => apiFetch('/api/admin/verification', { schema: VerificationOverviewResponse, signal }),
    refetchInterval: 60_000,
  });
}

/** 'Verify now' for one physician; the overview is read again after it. */
export function useVerifyPhysician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (physicianId: number) =>
      apiFetch(`/api/admin/verification/physicians/${physicianId}`, { method: 'POST', schema: VerifyPhysicianResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['verification'] }),
  });
}
