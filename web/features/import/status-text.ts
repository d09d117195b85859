import type { ImportJob } from '@contract/import';

/**
 * The label of an uploaded import: 'Finished' only when every line was read; 'Finished with N
 * lines skipped' when some could not be (the page lists them), so a partial import never looks whole.
 */
export function importStatusText(job: Pick<ImportJob, 'status' | 'summary'>): string {
  if (job.status === 'running') return 'Importing';
  if (job.status === 'failed') return 'Failed';
  const skipped = job.summary?.skipped.malformed ?? 0;
  if (!skipped) return 'Finished';
  return `Finished with ${skipped.toLocaleString('en-US')} ${skipped === 1 ? 'line' : 'lines'} skipped`;
}

/** The badge colour: a partial import is a warning, not a success. */
export function importStatusVariant(job: Pick<ImportJob, 'status' | 'summary'>): 'info' | 'success' | 'warning' | 'destructive' {
  if (job.status === 'running') return 'info';
  if (job.status === 'failed') return 'destructive';
  return job.summary?.skipped.malformed ? 'warning' : 'success';
}
