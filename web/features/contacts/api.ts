import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  RevealAllowance,
  RevealContactResponse,
  ReportContactResponse,
  type ContactField,
} from '@contract/contacts';
import { useCan, useMe } from '@web/app/session';
import { apiFetch } from '@web/lib/api';

export const contactKeys = {
  all: ['contacts'] as const,
  allowance: (userId: string) => ['contacts', 'allowance', userId] as const,
  contact: (userId: string, physicianId: number) => ['contacts', 'physician', userId, physicianId] as const,
};

/** Reveals left today; fetched only for users who may reveal. */
export function useRevealAllowance() {
  const me = useMe();
  const canReveal = useCan('contacts:reveal');
  return useQuery({
    queryKey: contactKeys.allowance(me.user?.id ?? ''),
    queryFn: ({ signal }) => apiFetch('/api/contacts/allowance', { schema: RevealAllowance, signal }),
    enabled: canReveal && me.user !== null,
    staleTime: 60_000,
  });
}

/**
 * One physician's contact, shared by its email and phone buttons (and by the card and the
 * profile): nothing is fetched until `reveal()` is called, and once loaded it stays cached for
 * the session so the second button reveals without a second call. Each reveal refreshes the
 * allowance shown beside the buttons.
 */
export function usePhysicianContact(physicianId: number) {
  const me = useMe();
  const queryClient = useQueryClient();
  const userId = me.user?.id ?? '';
  const query = useQuery({
    queryKey: contactKeys.contact(userId, physicianId),
    queryFn: async () => {
      const contact = await apiFetch(`/api/physicians/${physicianId}/contact`, {
        method: 'POST',
        schema: RevealContactResponse,
      });
      queryClient.setQueryData(contactKeys.allowance(userId), contact.allowance);
      return contact;
    },
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const { refetch } = query;
  const reveal = useCallback(async () => {
    const result = await refetch({ throwOnError: true });
    return result.data;
  }, [refetch]);
  return { contact: query.data, isLoading: query.isFetching, reveal };
}

/**
 * POST /api/contact-reports ('Report wrong contact'): the answer's allowance replaces the cached
 * one, and the revealed value is marked reported in the cached contact.
 */
export function useReportContact(physicianId: number) {
  const me = useMe();
  const queryClient = useQueryClient();
  const userId = me.user?.id ?? '';
  return useMutation({
    mutationFn: (input: { field: ContactField; reason?: string }) =>
      apiFetch('/api/contact-reports', {
        method: 'POST',
        body: { physicianId, field: input.field, reason: input.reason || undefined },
        schema: ReportContactResponse,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(contactKeys.allowance(userId), result.allowance);
      queryClient.setQueryData<RevealContactResponse>(contactKeys.contact(userId, physicianId), (contact) => {
        if (!contact) return contact;
        const mark = (detail: RevealContactResponse['emailDetail']) =>
          detail && detail.field === result.detail.field ? result.detail : detail;
        return { ...contact, emailDetail: mark(contact.emailDetail), phoneDetail: mark(contact.phoneDetail) };
      });
    },
  });
}
