import { ConfirmSubmissionResponse, CreateSubmissionResponse, type CreateSubmissionRequest } from '@contract/submissions';
import { apiFetch } from '@web/lib/api';

/** The resume submission call (contract/submissions.ts). Throws ApiError. */
export const submissionsApi = {
  create: (body: CreateSubmissionRequest) =>
    apiFetch('/api/submissions', { method: 'POST', body, schema: CreateSubmissionResponse }),
  /** The emailed link's token (single use, 7 days). */
  confirm: (token: string) =>
    apiFetch('/api/submissions/confirm', { method: 'POST', body: { token }, schema: ConfirmSubmissionResponse }),
};
