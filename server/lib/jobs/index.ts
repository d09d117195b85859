export { createJobRunner, type JobRunner } from './runner';
export type { JobDefinition, JobMetrics } from './types';
