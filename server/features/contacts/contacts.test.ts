import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestAgent } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { signedInAgentAs, type SignedInRole } from '../../test/support/roles';

/*
 * Contact reveal (docs/rules.md#reveal: audited, 30 days free, daily ceiling) for
 * every role, on PGlite and PostgreSQL. The ceiling is 3 here so it is reached quickly.
 */

const DAILY_LIMIT = 3;
const ctx = await createTestContext({ env: { REVEAL_DAILY_LIMIT: String(DAILY_LIMIT) } });
afterAll(() => ctx.close());

const VERIFIED_AT = '2026-10-05T12:00:00.000Z';

beforeAll(async () => {
  // 1: personal and work email, mobile and office phone; 2: work email only, office phone only;
  // 3: no contact at all; 4-9: email and mobile (to use up the ceiling).
  await insertPhysicians(
    ctx.db,
    [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => ({
      id,
      firstName: `First${id}`,
      lastName: `Last${id}`,
      specialty: 'Cardiology',
      verifiedAt: id === 1 ? VERIFIED_AT : null,
    })),
  );
  const contacts: Array<[number, string | null, string | null, string | null, string | null]> = [
    [1, 'ann.personal@example.com', 'ann.work@example.org', '(555) 010-0001', '(555) 020-0001'],
    [2, null, 'bo.work@example.org', null, '(555) 020-0002'],
    ...[4, 5, 6, 7, 8, 9].map(
      (id) =>
        [id, `doc${id}@example.com`, null, `(555) 010-000${id}`, null] as [
          number,
          string,
          null,
          string,
          null,
        ],
    ),
  ];
  for (const row of contacts) {
    await ctx.db.sql.query(
      'INSERT INTO physician_contacts (physician_id, personal_email, work_email, mobile_phone, office_phone) VALUES ($1, $2, $3, $4, $5)',
      row,
    );
  }
  await ctx.deps.services.directory.directoryChanged();
});

const agentFor = (role: SignedInRole) => signedInAgentAs(ctx, role);

async function revealRows(userId: string) {
  const { rows } = await ctx.db.sql.query<{ physician_id: number; counted: boolean }>(
    'SELECT physician_id, counted FROM contact_reveals WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows;
}

async function auditRows(userId: string) {
  const { rows } = await ctx.db.sql.query<{
    action: string;
    target_type: string;
    target_id: string;
    details: unknown;
  }>(
    `SELECT action, target_type, target_id, details FROM audit_events WHERE actor_user_id = $1 ORDER BY id`,
    [userId],
  );
  return rows;
}

const reveal = (agent: TestAgent, id: number | string) => agent.post(`/api/physicians/${id}/contact`);

describe('POST /api/physicians/{id}/contact by role', () => {
  it('anonymous: 401 and nothing written', async () => {
    const res = await reveal(ctx.agent(), 1);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
    const { rows } = await ctx.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_reveals');
    expect(rows[0].n).toBe(0);
  });

  it('free: 403 naming the Monthly or Annual Plan, and nothing written', async () => {
    const { agent, user } = await agentFor('free');
    const res = await reveal(agent, 1);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'subscription_required', requiredTier: 'basic' });
    expect(res.body.error.message).toBe('This feature requires a Monthly or Annual Plan subscription.');
    expect(res.text).not.toContain('ann.personal');
    expect(await revealRows(user.id)).toEqual([]);
    expect(await auditRows(user.id)).toEqual([]);
  });

  for (const kind of ['basic', 'premium', 'admin'] as const) {
    it(`${kind}: the personal email and mobile phone, verified date, one counted reveal and one audit row`, async () => {
      const { agent, user } = await agentFor(kind);
      const res = await reveal(agent, 1);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.body).toMatchObject({
        physicianId: 1,
        email: 'ann.personal@example.com',
        phone: '(555) 010-0001',
        verifiedAt: VERIFIED_AT,
        counted: true,
        allowance: { dailyLimit: DAILY_LIMIT, remaining: DAILY_LIMIT - 1 },
      });
      expect(new Date(res.body.allowance.resetsAt).toISOString()).toMatch(/T00:00:00.000Z$/);
      expect(await revealRows(user.id)).toEqual([{ physician_id: 1, counted: true }]);
      expect(await auditRows(user.id)).toEqual([
        { action: 'contact.revealed', target_type: 'physician', target_id: '1', details: { counted: true } },
      ]);
    });
  }
});

describe('reveal rules', () => {
  it('falls back to the work email and office phone; no verified date is null', async () => {
    const { agent } = await agentFor('basic');
    const res = await reveal(agent, 2);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'bo.work@example.org',
      phone: '(555) 020-0002',
      verifiedAt: null,
    });
  });

  it('a physician with nothing on file discloses nothing and is not counted or recorded', async () => {
    const { agent, user } = await agentFor('basic');
    const res = await reveal(agent, 3);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: null,
      phone: null,
      counted: false,
      allowance: { remaining: DAILY_LIMIT },
    });
    expect(await revealRows(user.id)).toEqual([]);
  });

  it('unknown physician: 404; bad id: 400 naming id', async () => {
    const { agent, user } = await agentFor('premium');
    const missing = await reveal(agent, 999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Physician Not Found');
    const bad = await reveal(agent, 'abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('id');
    expect(await revealRows(user.id)).toEqual([]);
  });

  it('without the CSRF header: 403 and nothing revealed', async () => {
    const { agent } = await agentFor('basic');
    const res = await agent.post('/api/physicians/1/contact', undefined, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain('ann.personal');
  });

  it('revealing the same physician again within 30 days is free: recorded and audited, not counted', async () => {
    const { agent, user } = await agentFor('basic');
    const first = await reveal(agent, 1);
    const again = await reveal(agent, 1);
    expect(first.body).toMatchObject({ counted: true, allowance: { remaining: DAILY_LIMIT - 1 } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      email: 'ann.personal@example.com',
      counted: false,
      allowance: { remaining: DAILY_LIMIT - 1 },
    });
    expect(await revealRows(user.id)).toEqual([
      { physician_id: 1, counted: true },
      { physician_id: 1, counted: false },
    ]);
    const audits = await auditRows(user.id);
    expect(audits.map((a) => a.details)).toEqual([{ counted: true }, { counted: false }]);
  });

  it('a reveal paid for more than 30 days ago counts again', async () => {
    const { agent, user } = await agentFor('basic');
    await ctx.db.sql.query(
      `INSERT INTO contact_reveals (user_id, physician_id, counted, created_at) VALUES ($1, 1, true, now() - interval '31 days')`,
      [user.id],
    );
    const res = await reveal(agent, 1);
    expect(res.body).toMatchObject({ counted: true, allowance: { remaining: DAILY_LIMIT - 1 } });
  });

  it('six reveals at once with 3 left: exactly 3 are counted and shown, each with its audit row', async () => {
    const { agent, user } = await agentFor('premium');
    const results = await Promise.all([4, 5, 6, 7, 8, 9].map((id) => reveal(agent, id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    const rows = await revealRows(user.id);
    expect(rows.map((r) => r.counted)).toEqual([true, true, true]);
    const shown = results.filter((r) => r.status === 200).map((r) => r.body.physicianId as number);
    expect(rows.map((r) => r.physician_id).sort()).toEqual(shown.sort());
    const audit = await ctx.db.sql.query<{ target_id: string; details: { counted: boolean } }>(
      "SELECT target_id, details FROM audit_events WHERE action = 'contact.revealed' AND actor_user_id = $1 ORDER BY id",
      [user.id],
    );
    expect(audit.rows.map((r) => Number(r.target_id)).sort()).toEqual(shown.sort());
    expect(audit.rows.every((r) => r.details.counted === true)).toBe(true);
  });

  it('the daily ceiling answers 429 saying when it resets; free re-reveals still work; other users are unaffected', async () => {
    const { agent, user } = await agentFor('premium');
    for (const id of [4, 5, 6]) expect((await reveal(agent, id)).status).toBe(200);
    const allowance = await agent.get('/api/contacts/allowance');
    expect(allowance.body).toMatchObject({ dailyLimit: DAILY_LIMIT, remaining: 0 });

    const refused = await reveal(agent, 7);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.body.error.message).toMatch(
      /^You have reached today's limit of 3 contact reveals\. It resets at midnight UTC \(in .+\)\.$/,
    );
    expect(refused.text).not.toContain('doc7@');

    // Already paid for today: still free.
    const again = await reveal(agent, 4);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      email: 'doc4@example.com',
      counted: false,
      allowance: { remaining: 0 },
    });

    expect((await revealRows(user.id)).map((r) => r.physician_id)).toEqual([4, 5, 6, 4]);
    expect((await auditRows(user.id)).length).toBe(4);

    const other = await agentFor('basic');
    expect((await reveal(other.agent, 7)).status).toBe(200);
  });

  it('reveals made yesterday do not count today', async () => {
    const { agent, user } = await agentFor('basic');
    for (const id of [4, 5, 6]) {
      await ctx.db.sql.query(
        `INSERT INTO contact_reveals (user_id, physician_id, counted, created_at)
         VALUES ($1, $2, true, date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 minute')`,
        [user.id, id],
      );
    }
    const res = await reveal(agent, 8);
    expect(res.body).toMatchObject({ counted: true, allowance: { remaining: DAILY_LIMIT - 1 } });
  });

  it('contacts are never in search or profile payloads', async () => {
    const { agent } = await agentFor('admin');
    const search = await agent.get('/api/physicians?query=First1');
    const profile = await agent.get('/api/physicians/1');
    for (const res of [search, profile]) {
      expect(res.status).toBe(200);
      expect(res.text).not.toMatch(/ann\.personal|ann\.work|010-0001|020-0001/);
    }
  });
});

describe('GET /api/contacts/allowance by role', () => {
  it('anonymous 401, free 403, subscribers and admins see the full allowance', async () => {
    expect((await ctx.agent().get('/api/contacts/allowance')).status).toBe(401);
    expect((await (await agentFor('free')).agent.get('/api/contacts/allowance')).status).toBe(403);
    for (const kind of ['basic', 'premium', 'admin'] as const) {
      const res = await (await agentFor(kind)).agent.get('/api/contacts/allowance');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ dailyLimit: DAILY_LIMIT, remaining: DAILY_LIMIT });
    }
  });
});
