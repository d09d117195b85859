import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CampaignsResponse,
  CreateCampaignResponse,
  OutreachPreferences,
  OutreachCheckResponse,
  PreferencesAccess,
  PreferencesLinkResponse,
  UnsubscribeResponse,
  type CreateCampaignRequest,
  type OutreachCheckRequest,
  type OutreachPreferencesRequest,
  type PreferencesLinkRequest,
} from '@contract/outreach';
import { apiFetch, isApiError } from '@web/lib/api';

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

/**
 * What opens the preference centre: a message's signed link (m and s), or the credential an
 * emailed single-use link gave (access, for an hour).
 */
export type PreferencesCredential = { m: string; s: string } | { access: string };

const preferencesKey = (credential: PreferencesCredential | null) => ['outreach', 'preferences', credential] as const;

export function usePreferences(credential: PreferencesCredential | null) {
  return useQuery({
    queryKey: preferencesKey(credential),
    queryFn: ({ signal }) => apiFetch(`/api/outreach/preferences?${new URLSearchParams(credential!)}`, { schema: OutreachPreferences, signal }),
    enabled: credential !== null,
    retry: false,
  });
}

export function useSavePreferences(credential: PreferencesCredential) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OutreachPreferencesRequest) =>
      apiFetch(`/api/outreach/preferences?${new URLSearchParams(credential)}`, { method: 'PUT', body, schema: OutreachPreferences }),
    onSuccess: (answer) => queryClient.setQueryData(preferencesKey(credential), answer),
    // The link stopped working while the page was open (the emailed link's hour is over): the
    // page reads it again, fails, and offers a new link.
    onError: (error) => {
      if (isApiError(error) && error.status === 404) void queryClient.invalidateQueries({ queryKey: preferencesKey(credential) });
    },
  });
}

/** POST /api/outreach/preferences/link: the same neutral answer whatever the address. */
export function useRequestPreferencesLink() {
  return useMutation({
    mutationFn: (body: PreferencesLinkRequest) =>
      apiFetch('/api/outreach/preferences/link', { method: 'POST', body, schema: PreferencesLinkResponse }),
  });
}

/** This tab's page credential, kept so a reload within its hour does not find the link spent. */
const ACCESS_KEY = 'outreach-preferences-access';

function keptAccess(token: string): PreferencesAccess | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(ACCESS_KEY) ?? 'null') as (PreferencesAccess & { token: string }) | null;
    return kept?.token === token && new Date(kept.expiresAt).getTime() > Date.now() ? { access: kept.access, expiresAt: kept.expiresAt } : null;
  } catch {
    return null;
  }
}

/**
 * The emailed link's token, used once for the page's credential: one call per link (never
 * retried or refetched: a second call would find it spent), or this tab's kept credential.
 */
export function useOpenedPreferencesLink(token: string) {
  return useQuery({
    queryKey: ['outreach', 'preferences-link', token],
    queryFn: async () => {
      const kept = keptAccess(token);
      if (kept) return kept;
      const opened = await apiFetch('/api/outreach/preferences/access', { method: 'POST', body: { token }, schema: PreferencesAccess });
      sessionStorage.setItem(ACCESS_KEY, JSON.stringify({ ...opened, token }));
      return opened;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
