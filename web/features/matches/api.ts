import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CreateMatchResponse,
  MatchJobResponse,
  MatchPreviewResponse,
  ResolveMatchRowResponse,
  type MatchMapping,
} from '@contract/matches';
import { ListChangeResponse } from '@contract/lists';
import { SELECT_ALL_MAX } from '@contract/limits';
import { apiDownload, apiFetch, saveFile } from '@web/lib/api';
import { listKeys } from '@web/features/lists/api';
import { billingSubscriptionQueryKey } from '@web/features/billing/api';

export const matchKeys = { job: (id: string) => ['matches', id] as const };

function fileForm(file: File, mapping?: MatchMapping): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  return form;
}

/** POST /api/matches/preview: the header, first rows and guessed mapping (nothing stored). */
export function usePreviewMatch() {
  return useMutation({
    mutationFn: (file: File) => apiFetch('/api/matches/preview', { method: 'POST', body: fileForm(file), schema: MatchPreviewResponse }),
  });
}

/** POST /api/matches: 202 with the id; the rows are matched in the background. */
export function useCreateMatch() {
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: MatchMapping }) =>
      apiFetch('/api/matches', { method: 'POST', body: fileForm(file, mapping), schema: CreateMatchResponse }),
  });
}

/** GET /api/matches/{id}, polled every second until the job is done or failed. */
export function useMatchJob(id: string | null) {
  return useQuery({
    queryKey: matchKeys.job(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) => apiFetch(`/api/matches/${encodeURIComponent(id!)}`, { schema: MatchJobResponse, signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 1000;
    },
  });
}

export function useResolveRow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ row, physicianId }: { row: number; physicianId: number | null }) =>
      apiFetch(`/api/matches/${encodeURIComponent(id)}/rows/${row}`, {
        method: 'POST',
        body: { physicianId },
        schema: ResolveMatchRowResponse,
      }),
    onSuccess: (result) =>
      queryClient.setQueryData<MatchJobResponse>(matchKeys.job(id), (job) =>
        job ? { ...job, counts: result.counts, rows: job.rows?.map((r) => (r.row === result.row.row ? result.row : r)) } : job,
      ),
  });
}

/**
 * 'Add matched to a list': a new list with the matched physicians, through the lists API (500
 * ids a call, as Select All's ceiling), so the lists' own rules and limits apply.
 */
export function useAddMatchedToList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, physicianIds }: { name: string; physicianIds: number[] }) => {
      const [first, ...rest] = chunks(physicianIds, SELECT_ALL_MAX);
      const created = await apiFetch('/api/lists', { method: 'POST', body: { name, physicianIds: first }, schema: ListChangeResponse });
      for (const ids of rest) {
        await apiFetch(`/api/lists/${encodeURIComponent(created.list.id)}/members`, { method: 'POST', body: { physicianIds: ids }, schema: ListChangeResponse });
      }
      return created.list;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** GET /api/matches/{id}/enriched, handed to the browser's download (an export: the guarantee is read anew). */
export function useDownloadEnriched(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const file = await apiDownload(`/api/matches/${encodeURIComponent(id)}/enriched`, { fallbackName: 'list-enriched.csv' });
      saveFile(file);
      return Number(file.headers.get('x-export-count') ?? 0);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingSubscriptionQueryKey }),
  });
}
