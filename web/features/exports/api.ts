import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXPORT_COUNT_HEADER, type ExportFormat } from '@contract/exports';
import { exportStatsQueryKey } from '@web/features/account/api';
import { billingSubscriptionQueryKey } from '@web/features/billing/api';
import { apiDownload, saveFile } from '@web/lib/api';

export type ExportInput = { physicianIds?: number[]; listId?: string; format: ExportFormat };

/** POST /api/exports, then the browser downloads the file; the Exports tab's numbers refresh. */
export function useExportPhysicians() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ExportInput) => {
      const file = await apiDownload('/api/exports', {
        method: 'POST',
        body: input,
        fallbackName: `physician_export.${input.format}`,
      });
      saveFile(file);
      return { fileName: file.fileName, count: Number(file.headers.get(EXPORT_COUNT_HEADER) ?? 0) };
    },
    // The Exports tab's numbers, and the money-back guarantee the export may have ended.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: exportStatsQueryKey }),
        queryClient.invalidateQueries({ queryKey: billingSubscriptionQueryKey }),
      ]),
  });
}

/** GET the admin's one-page profile PDF and download it. */
export function useExportProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (physicianId: number) => {
      const file = await apiDownload(`/api/physicians/${physicianId}/profile.pdf`, {
        fallbackName: `physician-${physicianId}-profile.pdf`,
      });
      saveFile(file);
      return file.fileName;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingSubscriptionQueryKey }),
  });
}
