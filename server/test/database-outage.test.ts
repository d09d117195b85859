import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../db/unavailable';
import { createTestContext } from './harness';

/*
 * Faults: PostgreSQL restarted under a running server. The app reaches PostgreSQL
 * through a TCP proxy that this test cuts (every connection dropped, new ones refused: what a
 * restart looks like from the server) and brings back. During the outage every request gets a
 * clear 503 with Retry-After, never a 500 or a hang; afterwards the same app (no restart) answers
 * 200 again. Only with DATABASE_URL (the embedded database cannot go away under its process).
 */

const url = process.env.DATABASE_URL;

/** A TCP proxy to PostgreSQL that can be cut (connections reset, port refused) and restored. */
async function startProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  let listening = true;
  return {
    port,
    async cut() {
      listening = false;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    async restore() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      listening = true;
    },
    async close() {
      if (listening) await this.cut();
    },
  };
}

describe.skipIf(!url)('PostgreSQL restarted under a running server', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('answers 503 with Retry-After during the outage and 200 after it, without a restart', async () => {
    // The app, its schema and its fixtures all go through the proxy; the test cuts only that.
    const proxy = await startProxy(new URL(url!));
    cleanups.push(() => proxy.close());
    const proxied = new URL(url!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const ctx = await createTestContext({ databaseUrl: proxied.toString() });
    cleanups.push(() => ctx.close());
    const { agent, user } = await ctx.signedInAgent({ tier: 'basic' });

    const before = await agent.get('/api/account/profile');
    expect(before.status).toBe(200);
    expect(before.body.email).toBe(user.email);

    await proxy.cut();
    for (const path of ['/api/health', '/api/account/profile', '/api/lists', '/api/me']) {
      const started = Date.now();
      const res = await agent.get(path);
      expect(res.status, `${path}: ${res.text}`).toBe(503);
      expect(res.body.error.code).toBe('service_unavailable');
      expect(res.body.error.message).toMatch(/try again/i);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(Date.now() - started).toBeLessThan(6_000);
    }
    const write = await agent.post('/api/lists', { name: 'During the outage' });
    expect(write.status).toBe(503);

    await proxy.restore();
    const after = await agent.get('/api/account/profile');
    expect(after.status, after.text).toBe(200);
    expect(after.body.email).toBe(user.email);
    expect((await agent.get('/api/health')).status).toBe(200);
    // The write refused during the outage left nothing behind; one after it works.
    const lists = await agent.get('/api/lists');
    expect(lists.body.lists).toEqual([]);
  }, 60_000);
});

describe('isDatabaseUnavailable', () => {
  it('is true for connection failures and false for a statement’s own errors', () => {
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })])),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('wrapped', { cause: Object.assign(new Error('y'), { code: '08006' }) }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
