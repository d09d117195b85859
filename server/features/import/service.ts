import { DAC } from './dac';
import { NPPES } from './nppes';
import type { ImportKind } from './types';

export { runImport, DEFAULT_BATCH_SIZE, type ImportOptions } from './run-import';
export type { ImportSummary, ImportProgress } from './types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const IMPORT_KINDS: Record<'nppes' | 'dac', ImportKind<any>> = { nppes: NPPES, dac: DAC };
