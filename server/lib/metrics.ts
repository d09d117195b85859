import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/driver';

/**
 * What the metrics read when scraped, handed in by services.ts (this layer knows no feature).
 * Each answers for this process; several processes are summed by Prometheus (one target each).
 */
export type MetricSources = {
  /** The search index: physicians held, and when it was last built or patched (epoch ms). */
  index(): { physicians: number; updatedAt: number };
  /** Messages of the durable mail queue by status (queued, sending, failed). */
  mailQueue(): Promise<Record<'queued' | 'sending' | 'failed', number>>;
  /** The import running in this process, if any. */
  importProgress(): Promise<{ running: boolean; percent: number; records: number }>;
  pool(): PoolStats;
};

/** Seconds: from a fast index answer (ms) to a slow export or a stuck database (5 s timeout). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a background pass, from an empty mail queue (ms) to a long verification drain (minutes). */
const JOB_BUCKETS = [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900];

/**
 * The process's Prometheus registry (GET /metrics, docs/operations.md). Counters are fed by the
 * request middleware in app.ts from each request's matched route and status, so no feature has to
 * remember to count; gauges are read from `sources` when scraped.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  // Process memory, CPU, heap, GC and event-loop delay (nodejs_eventloop_lag_p99_seconds...).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, matched route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to the response headers), by method, matched route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const directory = new Histogram({
    name: 'directory_query_duration_seconds',
    help: 'Time to answer a physician search or its facet counts',
    labelNames: ['kind'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit or allowance, by matched route',
    labelNames: ['route'] as const,
    registers,
  });
  const reveals = new Counter({ name: 'contact_reveals_total', help: 'Contact reveals answered 200', registers });
  const exports = new Counter({ name: 'exports_total', help: 'Export files made (answered 200)', registers });
  const webhooks = new Counter({
    name: 'billing_webhooks_total',
    help: "Billing provider events received, by outcome: applied (200), refused (4xx: bad signature or body), failed (5xx: the provider retries)",
    labelNames: ['outcome'] as const,
    registers,
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Background job passes run in this process (failed ones too), by job (lib/jobs)',
    labelNames: ['job'] as const,
    registers,
  });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Background job passes that failed (the error is logged with the job name), by job',
    labelNames: ['job'] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'job_duration_seconds',
    help: 'Time a background job pass took, by job',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'directory_index_physicians',
    help: 'Physicians in the in-memory search index',
    registers,
    collect() {
      this.set(sources.index().physicians);
    },
  });
  new Gauge({
    name: 'directory_index_age_seconds',
    help: 'Seconds since the search index was last built or patched',
    registers,
    collect() {
      this.set((Date.now() - sources.index().updatedAt) / 1000);
    },
  });
  new Gauge({
    name: 'mail_queue_messages',
    help: 'Messages of the mail queue by status (failed: gave up after every retry)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      for (const [status, count] of Object.entries(await sources.mailQueue())) this.set({ status }, count);
    },
  });
  new Gauge({
    name: 'import_running',
    help: '1 while an uploaded import runs (in any server process)',
    registers,
    async collect() {
      this.set((await sources.importProgress()).running ? 1 : 0);
    },
  });
  new Gauge({
    name: 'import_progress_ratio',
    help: 'Share of the running import file read (0 to 1)',
    registers,
    async collect() {
      this.set((await sources.importProgress()).percent / 100);
    },
  });
  new Gauge({
    name: 'import_records_read',
    help: 'Records read by the running (or last) uploaded import',
    registers,
    async collect() {
      this.set((await sources.importProgress()).records);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state (total, idle) and callers waiting for one (waiting)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources.pool();
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    registry,
    /** Records one answered request; `route` is the matched route pattern (bounded, no ids). */
    observeRequest({ method, route, status, seconds }: { method: string; route: string; status: number; seconds: number }) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
      if (status === 429) refusals.inc({ route });
      if (method === 'GET' && route === '/api/physicians' && status === 200) directory.observe({ kind: 'search' }, seconds);
      if (method === 'GET' && route === '/api/directory/facets' && status === 200) directory.observe({ kind: 'facets' }, seconds);
      if (method === 'POST' && route === '/api/physicians/:id/contact' && status === 200) reveals.inc();
      if (method === 'POST' && route === '/api/exports' && status === 200) exports.inc();
      if (method === 'POST' && route === '/api/billing/webhook') {
        webhooks.inc({ outcome: status < 300 ? 'applied' : status < 500 ? 'refused' : 'failed' });
      }
    },
    /** Records one pass of a background job (the job runner calls it: lib/jobs). */
    observeJob({ job, outcome, seconds }: { job: string; outcome: 'done' | 'failed'; seconds: number }) {
      jobRuns.inc({ job });
      if (outcome === 'failed') jobFailures.inc({ job });
      jobDuration.observe({ job }, seconds);
    },
  };
}
