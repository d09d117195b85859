import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  InvitationPreview,
  TeamResponse,
  TeamUsageResponse,
  type CreateInvitationRequest,
  type InvitableRole,
} from '@contract/team';
import { useMe, useRefreshMe } from '@web/app/session';
import { apiFetch, isApiError } from '@web/lib/api';
import { toast } from '@web/components/ui/toast';

export const teamQueryKey = ['team'] as const;

/** GET /api/team: the caller's team, or null (signed in only). */
export function useTeam() {
  const me = useMe();
  return useQuery({
    queryKey: [...teamQueryKey, me.user?.id ?? null],
    queryFn: ({ signal }) => apiFetch('/api/team', { schema: TeamResponse, signal }),
    enabled: me.isSignedIn,
    staleTime: 0,
  });
}

/**
 * Every team change answers the team as it now is: it replaces the cached one. /api/me is asked
 * again too, since a change may change the caller's plan (joining, leaving, a hand-over).
 */
function useTeamChange<Input>(call: (input: Input) => Promise<TeamResponse>, options: { refreshMe?: boolean } = {}) {
  const queryClient = useQueryClient();
  const refreshMe = useRefreshMe();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      queryClient.setQueriesData({ queryKey: teamQueryKey }, answer);
      if (options.refreshMe) await refreshMe();
    },
  });
}

const path = (suffix = '') => `/api/team${suffix}`;

export const useRenameTeam = () =>
  useTeamChange((name: string) => apiFetch(path(), { method: 'PATCH', body: { name }, schema: TeamResponse }));
export const useCreateTeam = () =>
  useTeamChange((name: string) => apiFetch(path(), { method: 'POST', body: { name }, schema: TeamResponse }));
export const useInviteMember = () =>
  useTeamChange((body: CreateInvitationRequest) => apiFetch(path('/invitations'), { method: 'POST', body, schema: TeamResponse }));
export const useResendInvitation = () =>
  useTeamChange((id: string) => apiFetch(path(`/invitations/${encodeURIComponent(id)}/resend`), { method: 'POST', schema: TeamResponse }));
export const useRevokeInvitation = () =>
  useTeamChange((id: string) => apiFetch(path(`/invitations/${encodeURIComponent(id)}`), { method: 'DELETE', schema: TeamResponse }));
export const useUpdateMember = () =>
  useTeamChange(({ userId, ...body }: { userId: string; role?: InvitableRole; revealCap?: number | null; exportCap?: number | null }) =>
    apiFetch(path(`/members/${encodeURIComponent(userId)}`), { method: 'PATCH', body, schema: TeamResponse }),
  );
export const useRemoveMember = () =>
  useTeamChange(
    ({ userId, transferTo }: { userId: string; transferTo?: string }) =>
      apiFetch(`${path(`/members/${encodeURIComponent(userId)}`)}${transferTo ? `?transferTo=${encodeURIComponent(transferTo)}` : ''}`, {
        method: 'DELETE',
        schema: TeamResponse,
      }),
    { refreshMe: true },
  );
export const useTransferOwnership = () =>
  useTeamChange((userId: string) => apiFetch(path('/ownership'), { method: 'POST', body: { userId }, schema: TeamResponse }), { refreshMe: true });
export const useAcceptInvitation = () =>
  useTeamChange((token: string) => apiFetch(path('/invitations/accept'), { method: 'POST', body: { token }, schema: TeamResponse }), {
    refreshMe: true,
  });

/** The GET /api/team/usage query string for a period (the CSV link adds format=csv). */
export const usageSearch = (period: { from: string; to: string }, format?: 'csv') =>
  new URLSearchParams({ from: period.from, to: period.to, ...(format ? { format } : {}) }).toString();

/** GET /api/team/usage: the team's usage per member and day (owners and admins). */
export function useTeamUsage(period: { from: string; to: string }) {
  return useQuery({
    // Not under teamQueryKey: a team change writes its answer into every query under that key.
    queryKey: ['team-usage', period.from, period.to],
    queryFn: ({ signal }) => apiFetch(`${path('/usage')}?${usageSearch(period)}`, { schema: TeamUsageResponse, signal }),
    placeholderData: (previous) => previous,
  });
}

/** GET /api/team/invitations/preview: the join page's invitation (anyone holding the link). */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: ['team-invitation', token],
    queryFn: ({ signal }) => apiFetch(`${path('/invitations/preview')}?token=${encodeURIComponent(token ?? '')}`, { schema: InvitationPreview, signal }),
    enabled: !!token,
    retry: false,
  });
}

/** The toast of a team change the server refused: its own words (the seat message, the owner's rules). */
export const toastTeamError = (title: string) => (error: unknown) =>
  toast.error(title, { description: isApiError(error) ? error.message : 'Try again in a moment.' });
