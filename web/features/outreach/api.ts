import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CampaignsResponse,
  CreateCampaignResponse,
  OutreachPreferences,
  OutreachCheckResponse,
  UnsubscribeResponse,
  type CreateCampaignRequest,
  type OutreachCheckRequest,
  type OutreachPreferencesRequest,
} from '@contract/outreach';
import { apiFetch } from '@web/lib/api';

/* The outreach calls (docs/decisions/066-outreach.md). */

const campaignsKey = ['outreach', 'campaigns'] as const;

/** POST /api/outreach/campaigns/check: who would receive it now, and who not and why. */
export function useOutreachCheck(request: OutreachCheckRequest | null) {
  return useQuery({
    queryKey: ['outreach', 'check', request],
    queryFn: ({ signal }) => apiFetch('/api/outreach/campaigns/check', { method: 'POST', body: request, schema: OutreachCheckResponse, signal }),
    enabled: request !== null,
    staleTime: 0,
  });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCampaignRequest) =>
      apiFetch('/api/outreach/campaigns', { method: 'POST', body, schema: CreateCampaignResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
}

export function useCampaigns() {
  return useQuery({
    queryKey: campaignsKey,
    queryFn: ({ signal }) => apiFetch('/api/outreach/campaigns', { schema: CampaignsResponse, signal }),
  });
}

/** GET /api/outreach/unsubscribe: what the emailed link would stop. */
export function useUnsubscribeLink(m: string, s: string) {
  return useQuery({
    queryKey: ['outreach', 'unsubscribe', m, s],
    queryFn: ({ signal }) => apiFetch(`/api/outreach/unsubscribe?${new URLSearchParams({ m, s })}`, { schema: UnsubscribeResponse, signal }),
    enabled: m !== '' && s !== '',
    retry: false,
  });
}

export function useUnsubscribe(m: string, s: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: 'all' | 'sender') =>
      apiFetch(`/api/outreach/unsubscribe?${new URLSearchParams({ m, s })}`, { method: 'POST', body: { scope }, schema: UnsubscribeResponse }),
    onSuccess: (answer) => queryClient.setQueryData(['outreach', 'unsubscribe', m, s], answer),
  });
}

/** The preference centre's link (a message's m and s). */
export function usePreferences(m: string, s: string) {
  return useQuery({
    queryKey: ['outreach', 'preferences', m, s],
    queryFn: ({ signal }) => apiFetch(`/api/outreach/preferences?${new URLSearchParams({ m, s })}`, { schema: OutreachPreferences, signal }),
    enabled: m !== '' && s !== '',
    retry: false,
  });
}

export function useSavePreferences(m: string, s: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OutreachPreferencesRequest) =>
      apiFetch(`/api/outreach/preferences?${new URLSearchParams({ m, s })}`, { method: 'PUT', body, schema: OutreachPreferences }),
    onSuccess: (answer) => queryClient.setQueryData(['outreach', 'preferences', m, s], answer),
  });
}
