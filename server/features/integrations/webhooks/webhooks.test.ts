import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../../../contract/webhooks';
import { createLogger } from '../../../lib/logger';
import { createTestContext, type TestAgent } from '../../../test/harness';
import { insertPhysicians } from '../../../test/support/physicians';
import { startTeam } from '../../../test/support/teams';
import { startReceiver } from '../../../test/support/webhooks/receiver';
import { verifyStandardWebhook, WebhookVerificationError } from '../../../test/support/webhooks/standard-webhooks-verifier';
import { checkWebhookTarget, isPrivateAddress } from './address-check';
import { createWebhookDeliveryJob, RETRY_DELAYS_MS, WEBHOOKS_JOB } from './delivery';
import { sendTestEvent } from './service';
import { signedHeaders } from './signing';

/*
 * Signed outgoing webhooks (docs/decisions/065-webhooks.md) on a real database, delivered over real
 * HTTP to a receiver on 127.0.0.1 that checks each signature with a verifier written from the
 * Standard Webhooks specification: who may manage endpoints, the secret shown once and kept sealed,
 * the events a reveal, a list add, an export and a move queue (for their owner's endpoints only),
 * retries on the schedule, 'Send again', and the production address rules.
 */

const ctx = await createTestContext();
const receiver = await startReceiver();
afterAll(async () => {
  await receiver.close();
  await ctx.close();
});

// A job of our own, so a test runs passes when it wants (the app's own, woken by the calls, may
// deliver too: rows are claimed, never sent twice).
const job = createWebhookDeliveryJob({ db: ctx.db, logger: createLogger('silent', false), production: false });

/** Runs passes until nothing is due or being sent (by this job or the app's). */
async function deliverDue() {
  for (let i = 0; i < 200; i++) {
    await job.runOnce(new AbortController().signal);
    const { rows } = await ctx.db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'delivering' OR (status = 'queued' AND next_attempt_at <= now())`,
    );
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('deliveries still due');
}

type DeliveryRow = { id: string; event_type: string; payload: any; status: string; attempts: number; last_status_code: number | null; endpoint_id: string };
async function deliveriesOf(endpointId: string): Promise<DeliveryRow[]> {
  const { rows } = await ctx.db.sql.query<DeliveryRow>(
    `SELECT id, event_type, payload, status, attempts, last_status_code, endpoint_id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at, id`,
    [endpointId],
  );
  return rows;
}

async function createEndpoint(agent: TestAgent, events: readonly string[] = WEBHOOK_EVENTS, url = receiver.url) {
  const res = await agent.post('/api/integrations/webhooks', { url, events });
  expect(res.status, res.text).toBe(201);
  return res.body as { endpoint: { id: string }; secret: string };
}

const EMAIL = 'ann.personal@example.com';

beforeAll(async () => {
  await insertPhysicians(ctx.db, [
    { id: 1, npi: '1000000001', firstName: 'Ann', lastName: 'Lee', city: 'Denver', state: 'CO', zip: '80202' },
    { id: 2, npi: '1000000002', firstName: 'Bo', lastName: 'Park', city: 'Austin', state: 'TX', zip: '73301' },
    { id: 3, npi: '1000000003', firstName: 'Cy', lastName: 'Ng', city: 'Reno', state: 'NV', zip: '89501' },
  ]);
  await ctx.db.sql.query(`INSERT INTO physician_contacts (physician_id, personal_email, mobile_phone) VALUES (1, $1, '(555) 010-0001')`, [EMAIL]);
  await ctx.deps.services.directory.directoryChanged();
});

describe('the address check', () => {
  const refused = async (url: string) => {
    await expect(checkWebhookTarget(url, { production: true })).rejects.toMatchObject({ code: 'validation_failed', fields: { url: expect.any(String) } });
  };

  it('refuses, in production, http and every private, loopback, link-local or unique-local address', async () => {
    await refused('http://hooks.example.com/x');
    for (const host of ['127.0.0.1', '10.1.2.3', '192.168.1.10', '172.16.0.5', '169.254.169.254', '100.64.0.1', '0.0.0.0', '[::1]', '[fc00::1]', '[fd12:3456::1]', '[fe80::1]', '[::ffff:127.0.0.1]', '[::ffff:10.0.0.1]', '[::]']) {
      await refused(`https://${host}/hooks`);
    }
    // A name that resolves to loopback only.
    await refused('https://localhost/hooks');
    // A name the resolver answers with private addresses only (rebinding's second answer).
    await expect(
      checkWebhookTarget('https://rebind.example/x', { production: true, lookup: async () => [{ address: '10.0.0.7', family: 4 }] }),
    ).rejects.toMatchObject({ fields: { url: expect.stringContaining('private') } });
    expect(['::ffff:7f00:1', '127.1.2.3', 'fe80::abcd', 'fc00::', '192.168.0.1'].every(isPrivateAddress)).toBe(true);
    expect(['93.184.216.34', '2606:2800:220:1::', '8.8.8.8'].some(isPrivateAddress)).toBe(false);
  });

  it('takes a public address in production (the first public one, which delivery then connects to), and any address elsewhere', async () => {
    const target = await checkWebhookTarget('https://hooks.example.com/in', {
      production: true,
      lookup: async () => [
        { address: '10.0.0.7', family: 4 },
        { address: '93.184.216.34', family: 4 },
      ],
    });
    expect(target).toMatchObject({ hostname: 'hooks.example.com', address: '93.184.216.34', family: 4 });
    expect(await checkWebhookTarget('http://127.0.0.1:9/x', { production: false })).toMatchObject({ address: '127.0.0.1' });
    await expect(checkWebhookTarget('ftp://example.com/', { production: false })).rejects.toMatchObject({ fields: { url: expect.any(String) } });
  });
});

describe('the verifier (written from the spec)', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const body = '{"type":"x","timestamp":"2026-11-29T08:00:00.000Z","data":{}}';
  const now = new Date('2026-11-29T08:00:00Z');
  const timestamp = Math.floor(now.getTime() / 1000);

  it('accepts our signature, any of several, and refuses a changed body, another secret or an old timestamp', () => {
    const headers = signedHeaders({ secret, id: 'msg_1', timestamp, body });
    expect(verifyStandardWebhook(secret, headers, body, now)).toMatchObject({ type: 'x' });
    const several = { ...headers, 'webhook-signature': `v1,bm9wZQ== v2,abc ${headers['webhook-signature']}` };
    expect(verifyStandardWebhook(secret, several, body, now)).toMatchObject({ type: 'x' });
    expect(() => verifyStandardWebhook(secret, headers, body.replace('x', 'y'), now)).toThrow(WebhookVerificationError);
    expect(() => verifyStandardWebhook('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', headers, body, now)).toThrow(WebhookVerificationError);
    expect(() => verifyStandardWebhook(secret, headers, body, new Date(now.getTime() + 301_000))).toThrow(/too old/);
    expect(() => verifyStandardWebhook(secret, { ...headers, 'webhook-id': undefined }, body, now)).toThrow(/webhook-id/);
  });
});

describe('managing endpoints', () => {
  it('is for owners and admins of a team (403 for its recruiters), or a recruiter in no team, on a paid plan', async () => {
    const team = await startTeam(ctx, 'Managers', 'managers.example', 4);
    const admin = await team.join('adm', 'admin');
    const recruiter = await team.join('rec', 'member');

    const refused = await recruiter.agent.post('/api/integrations/webhooks', { url: receiver.url, events: ['contact.revealed'] });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await recruiter.agent.get('/api/integrations/webhooks')).status).toBe(403);

    const free = await ctx.signedInAgent();
    expect((await free.agent.post('/api/integrations/webhooks', { url: receiver.url, events: ['contact.revealed'] })).body.error.code).toBe('subscription_required');

    const bad = await admin.agent.post('/api/integrations/webhooks', { url: 'not a url', events: [] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['events', 'url']);

    const created = await createEndpoint(admin.agent, ['contact.revealed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    // The owner sees the admin's endpoint (the team's), without its secret.
    const listed = await team.owner.agent.get('/api/integrations/webhooks');
    expect(listed.body.endpoints).toEqual([expect.objectContaining({ id: created.endpoint.id, url: receiver.url, events: ['contact.revealed'], enabled: true })]);
    expect(listed.text).not.toContain(created.secret);

    // Sealed at rest: the column holds neither the secret nor its key bytes.
    const { rows } = await ctx.db.sql.query<{ secret_sealed: string; team_id: string; user_id: string | null }>(
      'SELECT secret_sealed, team_id, user_id FROM webhook_endpoints WHERE id = $1',
      [created.endpoint.id],
    );
    expect(rows[0]).toMatchObject({ team_id: team.teamId, user_id: null });
    expect(rows[0].secret_sealed).toMatch(/^v1\./);
    expect(rows[0].secret_sealed).not.toContain(created.secret.slice(6));

    const rotated = await admin.agent.post(`/api/integrations/webhooks/${created.endpoint.id}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(created.secret);

    const changed = await admin.agent.patch(`/api/integrations/webhooks/${created.endpoint.id}`, { enabled: false, events: ['export.created'] });
    expect(changed.body.endpoint).toMatchObject({ enabled: false, events: ['export.created'] });
    expect((await recruiter.agent.delete(`/api/integrations/webhooks/${created.endpoint.id}`)).status).toBe(403);
    // Another team's owner cannot see or delete it.
    const other = await startTeam(ctx, 'Others', 'others.example', 1);
    expect((await other.owner.agent.delete(`/api/integrations/webhooks/${created.endpoint.id}`)).status).toBe(404);
    expect((await other.owner.agent.get(`/api/integrations/webhooks/${created.endpoint.id}/deliveries`)).status).toBe(404);
    expect((await admin.agent.delete(`/api/integrations/webhooks/${created.endpoint.id}`)).status).toBe(204);

    const { rows: audit } = await ctx.db.sql.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE target_type = 'webhook_endpoint' AND target_id = $1 ORDER BY id`,
      [created.endpoint.id],
    );
    expect(audit.map((r) => r.action)).toEqual(['webhook.created', 'webhook.updated', 'webhook.updated', 'webhook.deleted']);

    // A recruiter in no team manages their own.
    const single = await ctx.signedInAgent({ tier: 'basic' });
    const own = await createEndpoint(single.agent, ['contact.revealed']);
    const { rows: owned } = await ctx.db.sql.query('SELECT user_id FROM webhook_endpoints WHERE id = $1', [own.endpoint.id]);
    expect(owned[0]).toEqual({ user_id: single.user.id });
  });
});

describe('events', () => {
  it('a test event arrives signed, checked by the verifier, and is logged as delivered', async () => {
    const single = await ctx.signedInAgent({ tier: 'basic' });
    const { endpoint, secret } = await createEndpoint(single.agent, ['contact.revealed']);
    const sent = await single.agent.post(`/api/integrations/webhooks/${endpoint.id}/test`);
    expect(sent.status).toBe(201);
    await deliverDue();
    const request = receiver.requests.find((r) => r.headers['webhook-id'] === sent.body.delivery.id)!;
    expect(request).toBeDefined();
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(verifyStandardWebhook(secret, request.headers, request.body)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    const log = await single.agent.get(`/api/integrations/webhooks/${endpoint.id}/deliveries`);
    expect(log.body.deliveries).toEqual([
      expect.objectContaining({ id: sent.body.delivery.id, eventType: 'webhook.test', status: 'delivered', attempts: 1, lastStatusCode: 200 }),
    ]);
  });

  it("a reveal, a list add, an export and a move each queue one delivery for the owner's endpoints only, with a small payload", async () => {
    const team = await startTeam(ctx, 'Events', 'events.example', 3);
    const recruiter = await team.join('rec', 'member');
    const { endpoint, secret } = await createEndpoint(team.owner.agent);
    const other = await startTeam(ctx, 'Elsewhere', 'elsewhere.example', 1);
    const otherEndpoint = await createEndpoint(other.owner.agent);
    // An endpoint of the team that is turned off gets nothing either.
    const off = await createEndpoint(team.owner.agent, ['contact.revealed']);
    await team.owner.agent.patch(`/api/integrations/webhooks/${off.endpoint.id}`, { enabled: false });

    expect((await recruiter.agent.post('/api/physicians/1/contact')).status).toBe(200);
    const list = await recruiter.agent.post('/api/lists', { name: 'Denver', physicianIds: [1] });
    expect(list.status).toBe(201);
    expect((await recruiter.agent.post(`/api/lists/${list.body.list.id}/members`, { physicianIds: [1, 2] })).status).toBe(200);
    const exported = await recruiter.agent.post('/api/exports', { physicianIds: [1, 2], format: 'csv' });
    expect(exported.status).toBe(200);
    // An import moves physician 1 (on the recruiter's list) and physician 3 (on no list).
    await ctx.db.transaction(async (tx) => {
      await tx.sql.query(`SELECT set_config('physiciandirect.change_source', 'nppes', true)`);
      await tx.sql.query(`UPDATE physicians SET city = 'Boulder', zip = '80301' WHERE id IN (1, 3)`);
    });

    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((r) => r.event_type)).toEqual(['contact.revealed', 'list.member_added', 'list.member_added', 'export.created', 'physician.moved']);
    expect(await deliveriesOf(otherEndpoint.endpoint.id)).toEqual([]);
    expect(await deliveriesOf(off.endpoint.id)).toEqual([]);

    const ann = { id: 1, npi: '1000000001', name: 'Ann Lee' };
    const [reveal, created, added, exportRow, moved] = rows.map((r) => r.payload);
    expect(reveal).toMatchObject({ type: 'contact.revealed', data: { physician: ann, revealedBy: recruiter.user.id, revealed: { email: true, phone: true } } });
    expect(JSON.stringify(reveal)).not.toContain(EMAIL);
    expect(JSON.stringify(reveal)).not.toContain('555');
    expect(created.data).toMatchObject({ list: { id: list.body.list.id, name: 'Denver' }, added: 1, physicians: [ann] });
    // Only the physician this add put on the list (1 was there already).
    expect(added.data).toMatchObject({ added: 1, physicians: [{ id: 2, npi: '1000000002', name: 'Bo Park' }] });
    expect(exportRow.data).toMatchObject({ format: 'csv', count: 2, exportedBy: recruiter.user.id });
    expect(exportRow.data.physicians.map((p: { id: number }) => p.id)).toEqual([1, 2]);
    expect(JSON.stringify(exportRow)).not.toContain(EMAIL);
    expect(moved.data).toMatchObject({ physician: ann, from: { city: 'Denver', zip: '80202' }, to: { city: 'Boulder', zip: '80301' }, changed: ['location'] });

    await deliverDue();
    for (const row of rows) {
      const request = receiver.requests.find((r) => r.headers['webhook-id'] === row.id)!;
      expect(verifyStandardWebhook(secret, request.headers, request.body)).toEqual(row.payload);
    }
    expect((await deliveriesOf(endpoint.id)).every((r) => r.status === 'delivered')).toBe(true);
  });
});

describe('a move', () => {
  it("reaches a recruiter in no team for a physician on one of their lists, once however many lists hold it", async () => {
    const single = await ctx.signedInAgent({ tier: 'basic' });
    const { endpoint } = await createEndpoint(single.agent, ['physician.moved']);
    for (const name of ['A', 'B']) {
      expect((await single.agent.post('/api/lists', { name, physicianIds: [2] })).status).toBe(201);
    }
    await ctx.db.transaction(async (tx) => {
      await tx.sql.query(`SELECT set_config('physiciandirect.change_source', 'nppes', true)`);
      await tx.sql.query(`UPDATE physicians SET state = 'CA', city = 'Fresno' WHERE id = 2`);
    });
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((r) => r.payload.data)).toEqual([
      expect.objectContaining({ physician: { id: 2, npi: '1000000002', name: 'Bo Park' }, from: { city: 'Austin', state: 'TX', zip: '73301' }, to: { city: 'Fresno', state: 'CA', zip: '73301' } }),
    ]);
  });
});

describe('retries', () => {
  async function dueNow(id: string) {
    await ctx.db.sql.query(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = $1`, [id]);
  }
  async function waitSeconds(id: string) {
    const { rows } = await ctx.db.sql.query<{ s: number }>(
      `SELECT extract(epoch FROM next_attempt_at - now())::float8 AS s FROM webhook_deliveries WHERE id = $1`,
      [id],
    );
    return rows[0].s;
  }

  it('a 500 then a 200: delivered on the second attempt, after the first backoff', async () => {
    const failing = await startReceiver([500, 200]);
    try {
      const single = await ctx.signedInAgent({ tier: 'basic' });
      const { endpoint, secret } = await createEndpoint(single.agent, ['contact.revealed'], failing.url);
      const id = (await single.agent.post(`/api/integrations/webhooks/${endpoint.id}/test`)).body.delivery.id as string;
      await deliverDue();
      const [first] = await deliveriesOf(endpoint.id);
      expect(first).toMatchObject({ status: 'queued', attempts: 1, last_status_code: 500 });
      expect(await waitSeconds(id)).toBeGreaterThan(25);
      expect(await waitSeconds(id)).toBeLessThanOrEqual(30);
      await dueNow(id);
      await deliverDue();
      expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200 });
      expect(failing.requests.map((r) => r.headers['webhook-id'])).toEqual([id, id]);
      for (const r of failing.requests) verifyStandardWebhook(secret, r.headers, r.body);
    } finally {
      await failing.close();
    }
  });

  it("a receiver that always fails: retried on the schedule, then failed; 'Send again' starts over with the same id", async () => {
    const failing = await startReceiver([503]);
    try {
      const single = await ctx.signedInAgent({ tier: 'basic' });
      const { endpoint } = await createEndpoint(single.agent, ['contact.revealed'], failing.url);
      const id = (await single.agent.post(`/api/integrations/webhooks/${endpoint.id}/test`)).body.delivery.id as string;
      const waits: number[] = [];
      for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length + 1; attempt++) {
        // The first attempt: the send woke the app's own job, which may have made it already (then
        // nothing is due); moving the clock before it ends would make a second one.
        if (attempt === 1) await ctx.deps.services.jobs.idle(WEBHOOKS_JOB);
        else await dueNow(id);
        await deliverDue();
        const [row] = await deliveriesOf(endpoint.id);
        expect(row.attempts).toBe(attempt);
        if (attempt <= RETRY_DELAYS_MS.length) {
          expect(row.status).toBe('queued');
          waits.push(Math.round((await waitSeconds(id)) / 10) * 10);
        } else {
          expect(row).toMatchObject({ status: 'failed', last_status_code: 503 });
        }
      }
      expect(waits).toEqual(RETRY_DELAYS_MS.map((ms) => Math.round(ms / 10_000) * 10));
      expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBeLessThan(24 * 3_600_000);
      const log = (await single.agent.get(`/api/integrations/webhooks/${endpoint.id}/deliveries`)).body.deliveries;
      expect(log[0]).toMatchObject({ status: 'failed', attempts: 9, lastStatusCode: 503, lastError: 'HTTP 503', nextAttemptAt: null });

      failing.answer([204]);
      const again = await single.agent.post(`/api/integrations/webhooks/${endpoint.id}/deliveries/${id}/retry`);
      expect(again.status).toBe(200);
      expect(again.body.delivery).toMatchObject({ id, status: 'queued', attempts: 0 });
      await deliverDue();
      expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 204 });
      expect(failing.requests.at(-1)!.headers['webhook-id']).toBe(id);
      expect(new Set(failing.requests.map((r) => r.body)).size).toBe(1);

      const other = await ctx.signedInAgent({ tier: 'basic' });
      expect((await other.agent.post(`/api/integrations/webhooks/${endpoint.id}/deliveries/${id}/retry`)).status).toBe(404);
    } finally {
      await failing.close();
    }
  });

  it('a delivery left by a process that stopped is taken over once its lease passes', async () => {
    const single = await ctx.signedInAgent({ tier: 'basic' });
    const { endpoint } = await createEndpoint(single.agent, ['contact.revealed']);
    const id = (await single.agent.post(`/api/integrations/webhooks/${endpoint.id}/test`)).body.delivery.id as string;
    // Claimed by another process, which then stopped.
    await ctx.db.sql.query(
      `UPDATE webhook_deliveries SET status = 'delivering', attempts = 1, lease_owner = gen_random_uuid(), lease_until = now() - interval '1 second' WHERE id = $1`,
      [id],
    );
    await deliverDue();
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });
});

describe('delivery connects to the address it checked', () => {
  it('sends to the address the check resolved (not a second DNS answer), and in production refuses a private one at the attempt', async () => {
    const single = await ctx.signedInAgent({ tier: 'basic' });
    const port = new URL(receiver.url).port;
    // Saved outside production (no check), as a host only our lookup knows.
    const { endpoint } = await createEndpoint(single.agent, ['contact.revealed'], `http://hooks.invalid:${port}/hooks`);
    const pinned = createWebhookDeliveryJob({
      db: ctx.db,
      logger: createLogger('silent', false),
      production: false,
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    // Queued by the service (the call would wake the app's own job, which resolves with the system's DNS).
    const { id } = await sendTestEvent({ db: ctx.db, user: { id: single.user.id, teamId: null }, id: endpoint.id });
    await pinned.runOnce(new AbortController().signal);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ id, status: 'delivered' });
    expect(receiver.requests.find((r) => r.headers['webhook-id'] === id)?.headers.host).toBe(`hooks.invalid:${port}`);

    // Production: the host now resolves to a private address only; the attempt is refused before any connection.
    await ctx.db.sql.query(`UPDATE webhook_endpoints SET url = 'https://hooks.invalid/hooks' WHERE id = $1`, [endpoint.id]);
    const production = createWebhookDeliveryJob({
      db: ctx.db,
      logger: createLogger('silent', false),
      production: true,
      lookup: async () => [{ address: '10.0.0.7', family: 4 }],
    });
    const { id: second } = await sendTestEvent({ db: ctx.db, user: { id: single.user.id, teamId: null }, id: endpoint.id });
    await production.runOnce(new AbortController().signal);
    const { rows } = await ctx.db.sql.query<{ status: string; last_error: string; attempts: number }>(
      'SELECT status, last_error, attempts FROM webhook_deliveries WHERE id = $1',
      [second],
    );
    expect(rows[0]).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringContaining('private') });
    expect(receiver.requests.some((r) => r.headers['webhook-id'] === second)).toBe(false);
  });
});

describe('housekeeping', () => {
  it('deletes delivered and failed deliveries older than 30 days, never a pending one', async () => {
    const single = await ctx.signedInAgent({ tier: 'basic' });
    const { endpoint } = await createEndpoint(single.agent, ['contact.revealed']);
    const user = { id: single.user.id, teamId: null };
    const old = await Promise.all([1, 2, 3].map(() => sendTestEvent({ db: ctx.db, user, id: endpoint.id })));
    const recent = await sendTestEvent({ db: ctx.db, user, id: endpoint.id });
    await ctx.db.sql.query(
      `UPDATE webhook_deliveries SET created_at = now() - interval '31 days', status = (ARRAY['delivered', 'failed', 'queued'])[n]
         FROM (SELECT unnest($1::uuid[]) AS id, generate_subscripts($1::uuid[], 1) AS n) o WHERE webhook_deliveries.id = o.id`,
      [old.map((d) => d.id)],
    );
    // A fresh job purges at its first pass.
    const fresh = createWebhookDeliveryJob({ db: ctx.db, logger: createLogger('silent', false), production: false });
    await ctx.db.sql.query(`UPDATE webhook_endpoints SET enabled = false WHERE id = $1`, [endpoint.id]);
    expect((await fresh.runOnce(new AbortController().signal)).purged).toBeGreaterThanOrEqual(2);
    expect((await deliveriesOf(endpoint.id)).map((r) => r.id).sort()).toEqual([old[2].id, recent.id].sort());
  });
});
