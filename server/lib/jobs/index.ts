export { createJobRunner, type JobRunner } from './runner';
export type { JobDefinition } from './types';
