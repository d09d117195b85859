import { AFFILIATIONS } from './affiliations';
import { DAC } from './dac';
import { HOSPITALS } from './hospitals';
import { NPPES } from './nppes';
import type { ImportKindName } from '../../../contract/import';
import type { ImportKind } from './types';

export { runImport, DEFAULT_BATCH_SIZE, type ImportOptions } from './run-import';
export type { ImportSummary, ImportProgress } from './types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const IMPORT_KINDS: Record<ImportKindName, ImportKind<any>> = { nppes: NPPES, dac: DAC, hospitals: HOSPITALS, affiliations: AFFILIATIONS };
