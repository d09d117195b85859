import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EndedSessionsResponse,
  ExportStatsResponse,
  ProfileResponse,
  type ChangePasswordRequest,
  type NotificationPreferences,
  type SignOutOthersRequest,
  type UpdateNotificationsRequest,
  type UpdateProfileRequest,
} from '@contract/auth';
import { useRefreshMe } from '@web/app/session';
import { apiFetch } from '@web/lib/api';
import { apiKeysQueryKey } from '@web/features/api-keys/api';

export const profileQueryKey = ['account', 'profile'] as const;
export const exportStatsQueryKey = ['account', 'exports'] as const;

/** GET /api/account/profile: name, bio and notification preferences, saved on the server. */
export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => apiFetch('/api/account/profile', { schema: ProfileResponse, signal }),
  });
}

/** PATCH /api/account/profile; the answer replaces the cached profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const refreshMe = useRefreshMe();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) =>
      apiFetch('/api/account/profile', { method: 'PATCH', body, schema: ProfileResponse }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      // The session user carries the display name too.
      void refreshMe();
    },
  });
}

type PreferenceKey = keyof NotificationPreferences;

/**
 * PATCH /api/account/notifications for one switch, optimistically: the switch moves at once
 * and moves back if the server refuses. Only the toggled key is rolled back, so two quick
 * toggles of different switches do not undo each other.
 */
export function useUpdateNotification() {
  const queryClient = useQueryClient();
  const setPreference = (key: PreferenceKey, value: boolean) =>
    queryClient.setQueryData<ProfileResponse>(profileQueryKey, (profile) =>
      profile ? { ...profile, notifications: { ...profile.notifications, [key]: value } } : profile,
    );

  return useMutation({
    mutationFn: ({ key, value }: { key: PreferenceKey; value: boolean }) => {
      const body: UpdateNotificationsRequest = { [key]: value };
      return apiFetch<unknown>('/api/account/notifications', { method: 'PATCH', body });
    },
    onMutate: async ({ key, value }) => {
      await queryClient.cancelQueries({ queryKey: profileQueryKey });
      setPreference(key, value);
    },
    onError: (_error, { key, value }) => setPreference(key, !value),
  });
}

/** GET /api/account/exports. A failure is silent (docs/rules.md#account-settings): zero and no entries. */
export function useExportStats() {
  return useQuery({
    queryKey: exportStatsQueryKey,
    queryFn: ({ signal }) => apiFetch('/api/account/exports', { schema: ExportStatsResponse, signal }),
  });
}

/**
 * POST /api/auth/change-password: the other sessions and every API key end, this session stays
 * (so /api/me is unchanged; the key list is read again).
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiFetch('/api/auth/change-password', { method: 'POST', body, schema: EndedSessionsResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

/** POST /api/auth/sign-out-others: every session of the user but this one ends, and the API keys if asked. */
export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignOutOthersRequest) =>
      apiFetch('/api/auth/sign-out-others', { method: 'POST', body, schema: EndedSessionsResponse }),
    onSuccess: ({ endedApiKeys }) => {
      if (endedApiKeys > 0) void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
  });
}
