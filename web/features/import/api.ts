import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImportJobResponse, ListImportsResponse, type ImportKindName } from '@contract/import';
import { apiFetch } from '@web/lib/api';

export const importKeys = {
  all: ['admin', 'imports'] as const,
  job: (id: string) => ['admin', 'imports', id] as const,
};

/** POST /api/admin/imports: the file is the raw body; the server answers once it has it all. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file, fileDate }: { kind: ImportKindName; file: File; fileDate?: string }) =>
      apiFetch(`/api/admin/imports?${new URLSearchParams({ kind, fileName: file.name, ...(fileDate ? { fileDate } : {}) })}`, {
        method: 'POST',
        body: file,
        headers: { 'content-type': 'application/octet-stream' },
        schema: ImportJobResponse,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/** One import, polled every second while it runs. */
export function useImportJob(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.job(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const result = await apiFetch(`/api/admin/imports/${encodeURIComponent(id!)}`, { schema: ImportJobResponse, signal });
      if (result.import.status !== 'running') void queryClient.invalidateQueries({ queryKey: importKeys.all, exact: true });
      return result;
    },
    refetchInterval: (query) => (query.state.data?.import.status === 'running' ? 1000 : false),
  });
}

export function useImports() {
  return useQuery({
    queryKey: importKeys.all,
    queryFn: ({ signal }) => apiFetch('/api/admin/imports', { schema: ListImportsResponse, signal }),
  });
}
