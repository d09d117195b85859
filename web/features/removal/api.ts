import { ConfirmRemovalResponse, RemovalRequestResponse, type CreateRemovalRequest } from '@contract/removal';
import { apiFetch } from '@web/lib/api';

/** The removal calls (contract/removal.ts). Each throws ApiError. */
export const removalApi = {
  request: (body: CreateRemovalRequest) =>
    apiFetch('/api/removal-requests', { method: 'POST', body, schema: RemovalRequestResponse }),
  confirm: (token: string) =>
    apiFetch('/api/removal-requests/confirm', { method: 'POST', body: { token }, schema: ConfirmRemovalResponse }),
};
