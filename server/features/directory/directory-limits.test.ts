import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, TestAgent, type TestResponse } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { DIRECTORY_RATE_LIMITS } from './rate-limits';

// Directory reads are rate limited, and the NPI filter is no prefix walk for
// callers without full results.
vi.setConfig({ testTimeout: 120_000 });
const ctx = await createTestContext({ env: { TRUST_PROXY: '1' } });
afterAll(() => ctx.close());

await insertPhysicians(ctx.db, [
  { id: 1, npi: '1234567890', firstName: 'John', lastName: 'Smith', specialty: 'Cardiology' },
  { id: 2, npi: '1234500001', firstName: 'Jane', lastName: 'Smithson', specialty: 'Pediatrics' },
]);
await ctx.deps.services.directory.directoryChanged({ ids: [1, 2] });

class IpAgent extends TestAgent {
  constructor(readonly ip: string) {
    super(ctx.app);
  }
  override request<T>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    return super.request<T>(method, path, {
      ...options,
      headers: { 'x-forwarded-for': this.ip, ...options.headers },
    });
  }
}

describe('NPI filter', () => {
  it('takes only a whole 10-digit NPI from anonymous and free callers; prefixes need a subscription', async () => {
    const anonymous = new IpAgent('192.0.2.1');
    const prefix = await anonymous.get('/api/physicians?npi=12345');
    expect(prefix.status).toBe(400);
    expect(prefix.body.error.fields).toHaveProperty('npi');
    const whole = await anonymous.get('/api/physicians?npi=1234567890');
    expect(whole.status).toBe(200);
    expect(whole.body.results.map((r: { id: number }) => r.id)).toEqual([1]);

    const { agent: free } = await ctx.signedInAgent({ tier: 'free' });
    expect((await free.get('/api/physicians?npi=12345')).status).toBe(400);
    const { agent: basic } = await ctx.signedInAgent({ tier: 'basic' });
    const paid = await basic.get('/api/physicians?npi=12345');
    expect(paid.status).toBe(200);
    expect(paid.body.total).toBe(2);
  });
});

describe('rate limits on directory reads', () => {
  it('limits anonymous searches per IP (429 with Retry-After); another IP is not affected', async () => {
    const max = DIRECTORY_RATE_LIMITS.searchPerIp.max;
    const agent = new IpAgent('198.51.100.40');
    for (let i = 0; i < max; i++) expect((await agent.get('/api/physicians?query=smith')).status).toBe(200);
    const blocked = await agent.get('/api/physicians?query=smith');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // A forged leftmost X-Forwarded-For hop does not make a new caller (TRUST_PROXY=1: last hop).
    const forged = await agent.get('/api/physicians', {
      headers: { 'x-forwarded-for': '203.0.113.99, 198.51.100.40' },
    });
    expect(forged.status).toBe(429);
    expect((await new IpAgent('198.51.100.41').get('/api/physicians')).status).toBe(200);
  });

  it('limits signed-in searches per user, whatever the IP, at a recruiter-friendly 120 a minute', async () => {
    expect(DIRECTORY_RATE_LIMITS.searchPerUser).toEqual({ max: 120, windowMs: 60_000 });
    const { agent } = await ctx.signedInAgent({ tier: 'premium' });
    for (let i = 0; i < 120; i++)
      expect((await agent.get(`/api/physicians?page=${(i % 3) + 1}`)).status).toBe(200);
    expect((await agent.get('/api/physicians')).status).toBe(429);
    // Another user is not affected.
    const { agent: other } = await ctx.signedInAgent({ tier: 'premium' });
    expect((await other.get('/api/physicians')).status).toBe(200);
  });

  it('limits profile reads per IP for anonymous callers (sequential ids are no free export)', async () => {
    const max = DIRECTORY_RATE_LIMITS.profilePerIp.max;
    const agent = new IpAgent('198.51.100.50');
    for (let i = 0; i < max; i++)
      expect([200, 404]).toContain((await agent.get(`/api/physicians/${(i % 3) + 1}`)).status);
    const blocked = await agent.get('/api/physicians/1');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });
});
