import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { createTestContext } from '../../test/harness';

/** Prometheus text: every sample line is `name{labels} value`, every family has HELP and TYPE. */
function parsePrometheus(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const typed = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(meta[3]);
        typed.add(meta[2]);
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|[+-]Inf)$/i.exec(line);
    expect(sample, `not a Prometheus sample line: ${line}`).not.toBeNull();
    const family = sample![1].replace(/_(bucket|sum|count|total)$/, '');
    expect(typed.has(sample![1]) || typed.has(family) || typed.has(`${family}_total`), `no TYPE for ${sample![1]}`).toBe(true);
    samples.set(`${sample![1]}${sample![2] ?? ''}`, Number(sample![3]));
  }
  return samples;
}

describe('GET /metrics', () => {
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  afterAll(() => ctx.close());

  it('answers this machine in the Prometheus text format, and its counters move with requests', async () => {
    ctx = await createTestContext();
    const local = ctx.agent('127.0.0.1');
    const key = 'http_requests_total{method="GET",route="/api/health",status="200"}';
    const before = parsePrometheus((await local.get('/metrics')).text).get(key) ?? 0;
    await ctx.agent().get('/api/health');
    await ctx.agent().get('/api/health');
    await ctx.agent().get('/api/physicians?query=cardiology');
    const res = await local.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const samples = parsePrometheus(res.text);
    expect(samples.get(key)).toBe(before + 2);
    // The route is the pattern, never the caller's values; search latency has its own histogram.
    expect(samples.get('directory_query_duration_seconds_count{kind="search"}')).toBeGreaterThanOrEqual(1);
    expect([...samples.keys()].some((k) => k.includes('cardiology'))).toBe(false);
    for (const family of [
      'directory_index_physicians',
      'directory_index_age_seconds',
      'mail_queue_messages{status="queued"}',
      'import_running',
      'db_pool_connections{state="total"}',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(samples.has(family), family).toBe(true);
    }
    // A 404 of an unknown API path counts under one route, not one series per path.
    await ctx.agent().get('/api/no-such-thing-1');
    await ctx.agent().get('/api/no-such-thing-2');
    const after = parsePrometheus((await local.get('/metrics')).text);
    expect(after.get('http_requests_total{method="GET",route="/api/*",status="404"}')).toBe(2);
  });

  it('is refused to a caller not on this machine (404), and to a bearer token when none is set (401)', async () => {
    expect((await ctx.agent().get('/metrics')).status).toBe(404);
    expect((await ctx.agent('203.0.113.7').get('/metrics')).status).toBe(404);
    expect((await ctx.agent('127.0.0.1').get('/metrics', { headers: { authorization: 'Bearer guess' } })).status).toBe(401);
  });

  it('in production: without METRICS_TOKEN refused to every caller, this machine too (a reverse proxy there makes every caller local)', async () => {
    const production = await createTestContext({
      env: { NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1', BILLING_DEMO: '1', TRUST_PROXY: '0' },
    });
    try {
      expect((await production.agent('127.0.0.1').get('/metrics')).status).toBe(404);
      expect((await production.agent('::1').get('/metrics')).status).toBe(404);
      expect((await production.agent('203.0.113.7').get('/metrics')).status).toBe(404);
    } finally {
      await production.close();
    }
    const token = 'metrics-token-0123456789';
    const withToken = await createTestContext({
      env: { NODE_ENV: 'production', MAIL_OUTBOX_ONLY: '1', BILLING_DEMO: '1', METRICS_TOKEN: token },
    });
    try {
      expect((await withToken.agent('127.0.0.1').get('/metrics', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      expect((await withToken.agent('127.0.0.1').get('/metrics')).status).toBe(401);
    } finally {
      await withToken.close();
    }
  });

  it('with METRICS_TOKEN: answers anyone with the token, refuses a wrong or missing one (401)', async () => {
    const token = 'metrics-token-0123456789';
    const withToken = await createTestContext({ env: { METRICS_TOKEN: token } });
    try {
      const remote = withToken.agent('203.0.113.7');
      expect((await remote.get('/metrics', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      expect((await remote.get('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
      expect((await remote.get('/metrics')).status).toBe(401);
      // The token is required from this machine too once it is set.
      expect((await withToken.agent('127.0.0.1').get('/metrics')).status).toBe(401);
    } finally {
      await withToken.close();
    }
  });
});

describe('request ids', () => {
  it('every response carries X-Request-Id; a well-formed one of the caller is kept, and the log lines name it', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const ctx = await createTestContext({ logger: createLogger('debug', false, sink) });
    try {
      const fresh = await ctx.agent().get('/api/health');
      expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const other = await ctx.agent().get('/api/health');
      expect(other.headers.get('x-request-id')).not.toBe(fresh.headers.get('x-request-id'));

      const kept = await ctx.agent().get('/api/physicians?query=x', { headers: { 'x-request-id': 'lb-7f3a2c91.abc' } });
      expect(kept.headers.get('x-request-id')).toBe('lb-7f3a2c91.abc');
      // Errors carry it too, and a malformed one (spaces, too long, a newline) is replaced.
      const refused = await ctx.agent().get('/api/lists', { headers: { 'x-request-id': 'bad id\twith tab' } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect((await ctx.agent().get('/api/health', { headers: { 'x-request-id': 'x'.repeat(200) } })).headers.get('x-request-id')).toHaveLength(36);

      const line = lines.find((l) => l.msg === 'request' && l.path === '/api/physicians');
      expect(line?.requestId).toBe('lb-7f3a2c91.abc');
      // Lines written outside a request name none.
      ctx.deps.logger.info('outside any request');
      expect(lines.at(-1)).not.toHaveProperty('requestId');

      // A 5xx body names the request, so support can find its lines: here the database is gone.
      await ctx.driver.close();
      const failed = await ctx.agent().get('/api/ready', { headers: { 'x-request-id': 'support-case-42' } });
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(failed.body.error.requestId).toBe('support-case-42');
      expect(lines.some((l) => l.requestId === 'support-case-42' && (l.level as number) >= 40)).toBe(true);
    } finally {
      await ctx.close().catch(() => undefined);
    }
  });
});

describe('GET /api/ready', () => {
  it('200 while serving; 503 with Retry-After once a shutdown has begun, while /api/health stays 200', async () => {
    const ctx = await createTestContext();
    try {
      const ready = await ctx.agent().get('/api/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ ready: true, engine: ctx.db.engine, indexPhysicians: 0 });
      ctx.deps.services.lifecycle.stopping = true;
      const stopping = await ctx.agent().get('/api/ready');
      expect(stopping.status).toBe(503);
      expect(stopping.headers.get('retry-after')).toBe('5');
      expect((await ctx.agent().get('/api/health')).status).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('POST /api/backups', () => {
  it('answers only this machine, with the server\'s token, on the embedded database', async () => {
    const ctx = await createTestContext();
    try {
      const token = 'the-token-main-wrote-into-data-dir';
      ctx.deps.services.lifecycle.backupToken = token;
      expect((await ctx.agent().post('/api/backups', undefined, { headers: { 'x-backup-token': token } })).status).toBe(404);
      const local = ctx.agent('127.0.0.1');
      if (ctx.db.engine === 'postgres') {
        expect((await local.post('/api/backups', undefined, { headers: { 'x-backup-token': token } })).status).toBe(409);
        return;
      }
      expect((await local.post('/api/backups')).status).toBe(401);
      expect((await local.post('/api/backups', undefined, { headers: { 'x-backup-token': 'wrong' } })).status).toBe(401);
      const backup = await local.request('POST', '/api/backups', { headers: { 'x-backup-token': token } });
      expect(backup.status).toBe(200);
      expect(backup.headers.get('content-type')).toBe('application/gzip');
    } finally {
      await ctx.close();
    }
  });
});
