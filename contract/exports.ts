import { z } from 'zod';
import { EXPORT_MAX } from './limits';

export const ExportFormat = z.enum(['csv', 'xlsx', 'pdf'], {
  error: "format must be 'csv', 'xlsx' or 'pdf'",
});
export type ExportFormat = z.infer<typeof ExportFormat>;

/** What each format is called in the menu and the Exports tab. */
export const EXPORT_FORMAT_LABEL: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel', pdf: 'PDF' };

export const EXPORT_MEDIA_TYPE: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/**
 * POST /api/exports: the selected physicians (at most 500), or a list's members (`listId`), or
 * both (the selected members of that list). Answer: the file itself, named by Content-Disposition
 * ('physicians-2026-11-23.csv'), with the row count in X-Export-Count.
 */
export const CreateExportRequest = z
  .object({
    physicianIds: z
      .array(
        z.number({ error: 'physicianIds must hold physician ids' }).int().positive().max(2_147_483_647),
        {
          error: 'physicianIds must be a list of physician ids',
        },
      )
      .min(1, 'Please select at least one physician to export.')
      .max(EXPORT_MAX, `At most ${EXPORT_MAX} physicians can be exported at once.`)
      .optional(),
    listId: z.uuid({ error: 'listId must be a list id' }).optional(),
    format: ExportFormat.default('csv'),
  })
  .refine((body) => body.physicianIds !== undefined || body.listId !== undefined, {
    message: 'Please select at least one physician to export.',
    path: ['physicianIds'],
  });
export type CreateExportRequest = z.infer<typeof CreateExportRequest>;

/** Response header carrying how many physicians the file holds. */
export const EXPORT_COUNT_HEADER = 'x-export-count';
