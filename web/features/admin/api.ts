import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminOverview,
  ListAuditEventsResponse,
  ListSubmissionsResponse,
  ListUsersResponse,
  ProcessSubmissionResponse,
  RevokeSessionsResponse,
  SetUserRoleResponse,
  UserDetail,
  UserStats,
  type SubmissionStatus,
} from '@contract/admin';
import type { Role } from '@contract/account';
import type { Specialty } from '@contract/directory-options';
import { ContactReportsResponse, ResolveContactReportResponse, type ResolveContactReportRequest } from '@contract/contacts';
import { AdminRefundRequestsResponse, ResolveRefundRequestResponse, type ResolveRefundRequest } from '@contract/billing';
import { apiFetch } from '@web/lib/api';

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  submissions: ['admin', 'submissions'] as const,
  submissionPage: (status: SubmissionStatus, page: number, pageSize: number) =>
    ['admin', 'submissions', status, page, pageSize] as const,
  users: ['admin', 'users'] as const,
  userPage: (query: string, page: number) => ['admin', 'users', 'page', query, page] as const,
  userStats: ['admin', 'users', 'stats'] as const,
  user: (id: string) => ['admin', 'users', 'detail', id] as const,
  audit: (search: string) => ['admin', 'audit', search] as const,
  refundRequests: ['admin', 'refund-requests'] as const,
  contactReports: ['admin', 'contact-reports'] as const,
};

export function useAdminOverview() {
  return useQuery({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => apiFetch('/api/admin/overview', { schema: AdminOverview, signal }),
  });
}

export function useSubmissions(status: SubmissionStatus, page: number, pageSize?: number) {
  const params = new URLSearchParams({ status, page: String(page) });
  if (pageSize) params.set('pageSize', String(pageSize));
  return useQuery({
    queryKey: adminKeys.submissionPage(status, page, pageSize ?? 0),
    queryFn: ({ signal }) => apiFetch(`/api/admin/submissions?${params}`, { schema: ListSubmissionsResponse, signal }),
    placeholderData: keepPreviousData,
    // Errors get the screen's own toast; one quick retry is enough for a blip.
    retry: (count, error) => count < 1 && !(error as { isClientError?: boolean }).isClientError,
  });
}

export type SubmissionAction = 'approve' | 'reject';

/**
 * One approve or reject call (bulk runs call it once per submission, in sequence). `specialty`:
 * the one of the 18 an approval lists the physician under (required for an 'Other' resume).
 */
export function processSubmission(id: string, action: SubmissionAction, specialty?: Specialty | null) {
  return apiFetch(`/api/admin/submissions/${id}/${action}`, {
    method: 'POST',
    schema: ProcessSubmissionResponse,
    ...(action === 'approve' && specialty ? { body: { specialty } } : {}),
  });
}

/** After approvals: every admin list and count, and the directory (a new physician is searchable). */
export function useRefreshAfterProcessing() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.submissions }),
      queryClient.invalidateQueries({ queryKey: adminKeys.overview }),
      queryClient.invalidateQueries({ queryKey: ['directory'] }),
    ]);
}

export function useUsers(query: string, page: number) {
  const params = new URLSearchParams({ page: String(page) });
  if (query) params.set('query', query);
  return useQuery({
    queryKey: adminKeys.userPage(query, page),
    queryFn: ({ signal }) => apiFetch(`/api/admin/users?${params}`, { schema: ListUsersResponse, signal }),
    placeholderData: keepPreviousData,
    retry: (count, error) => count < 1 && !(error as { isClientError?: boolean }).isClientError,
  });
}

export function useUserStats() {
  return useQuery({
    queryKey: adminKeys.userStats,
    queryFn: ({ signal }) => apiFetch('/api/admin/users/stats', { schema: UserStats, signal }),
  });
}

export function useUserDetail(id: string) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => apiFetch(`/api/admin/users/${encodeURIComponent(id)}`, { schema: UserDetail, signal }),
    retry: false,
  });
}

export function useRevokeSessions(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`/api/admin/users/${encodeURIComponent(id)}/sessions/revoke`, { method: 'POST', schema: RevokeSessionsResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.user(id) }),
  });
}

export function useSetRole(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: Role) =>
      apiFetch(`/api/admin/users/${encodeURIComponent(id)}/role`, { method: 'PUT', body: { role }, schema: SetUserRoleResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

export function useAuditEvents(search: string) {
  return useQuery({
    queryKey: adminKeys.audit(search),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/audit${search ? `?${search}` : ''}`, { schema: ListAuditEventsResponse, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Money-back requests (the billing feature's admin calls), open ones first. */
export function useRefundRequests() {
  return useQuery({
    queryKey: adminKeys.refundRequests,
    queryFn: ({ signal }) => apiFetch('/api/admin/refund-requests', { schema: AdminRefundRequestsResponse, signal }),
  });
}

/** Marks a request refunded or declined; the list and the dashboard's open count follow. */
export function useResolveRefundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ResolveRefundRequest['status'] }) =>
      apiFetch(`/api/admin/refund-requests/${encodeURIComponent(id)}/resolve`, {
        method: 'POST',
        body: { status },
        schema: ResolveRefundRequestResponse,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.refundRequests }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview }),
      ]),
  });
}

/** Open 'Report wrong contact' reports (the contacts feature's admin calls), oldest first. */
export function useContactReports() {
  return useQuery({
    queryKey: adminKeys.contactReports,
    queryFn: ({ signal }) => apiFetch('/api/admin/contact-reports', { schema: ContactReportsResponse, signal }),
  });
}

/** Re-verifies or removes a reported value; every open report of it leaves the list. */
export function useResolveContactReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ResolveContactReportRequest['action'] }) =>
      apiFetch(`/api/admin/contact-reports/${encodeURIComponent(id)}/resolve`, {
        method: 'POST',
        body: { action },
        schema: ResolveContactReportResponse,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.contactReports }),
  });
}
