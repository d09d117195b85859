import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VerificationOverviewResponse, VerifyPhysicianResponse } from '@contract/verification';
import { apiFetch } from '@web/lib/api';

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
