import {
  CreateContactMessageResponse,
  ListContactMessagesResponse,
  type CreateContactMessageRequest,
} from '@contract/contact-form';
import { apiFetch } from '@web/lib/api';

/** The contact-form calls (contract/contact-form.ts). Each throws ApiError. */
export const contactApi = {
  send: (body: CreateContactMessageRequest) =>
    apiFetch('/api/contact-messages', { method: 'POST', body, schema: CreateContactMessageResponse }),
  list: (page: number, signal?: AbortSignal) =>
    apiFetch(`/api/admin/contact-messages?page=${page}`, { schema: ListContactMessagesResponse, signal }),
};
