import { z } from 'zod';

/** GET /api/ready -> 200 when this process should get traffic (503 ErrorResponse otherwise). */
export const ReadyResponse = z.object({
  ready: z.literal(true),
  engine: z.enum(['pglite', 'postgres']),
  /** Physicians in this process's search index. */
  indexPhysicians: z.number().int(),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;

/** The header carrying the backup token that the running server keeps in DATA_DIR (docs/operations.md). */
export const BACKUP_TOKEN_HEADER = 'x-backup-token';
