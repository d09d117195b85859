import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestAgent } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { ALERT_SETTLE_MS, runAlertDigests } from '../saved-searches';
import { maintenanceDeps } from '../../jobs';

/*
 * The search's 'Looking now' / 'Open to offers' filter (docs/decisions/066-outreach.md) on a real
 * database (both engines): `looking=now` keeps the physicians who said 'Looking now' in the
 * preference centre, `looking=open` also those 'Open to offers' (the cards' badges' rule: wanting
 * email); the search, its facets, Select All and a saved search's alert follow it; callers who may
 * not email physicians (free, anonymous) are answered as if it were absent; a bad value is a 400.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

const [ada, ben, cy, dee, eve, fay] = await insertPhysicians(ctx.db, [
  { firstName: 'Ada', lastName: 'Renoir', specialty: 'Cardiology', city: 'Reno', state: 'NV' },
  { firstName: 'Ben', lastName: 'Tahoma', specialty: 'Cardiology', city: 'Carson City', state: 'NV' },
  { firstName: 'Cy', lastName: 'Elkins', specialty: 'Pediatrics', city: 'Elko', state: 'NV' },
  { firstName: 'Dee', lastName: 'Winnem', specialty: 'Urology', city: 'Reno', state: 'NV' },
  { firstName: 'Eve', lastName: 'Sparks', specialty: 'Urology', city: 'Sparks', state: 'NV' },
  { firstName: 'Fay', lastName: 'Ely', specialty: 'Pediatrics', city: 'Ely', state: 'NV' },
]);
// Older than the alert window below: only the physicians added later are new.
await ctx.db.sql.query(`UPDATE physicians SET updated_at = now() - interval '5 days'`);
await ctx.deps.services.directory.directoryChanged({ ids: [ada, ben, cy, dee, eve, fay] });

/** Ada looking now, Ben and Fay open to offers, Cy not looking, Dee looking but wanting no email; Eve said nothing. */
const prefer = (physicianId: number, status: 'looking' | 'open' | 'not_looking', monthlyMax = 4) =>
  ctx.db.sql.query(
    `INSERT INTO outreach_preferences (physician_id, status, monthly_max) VALUES ($1, $2, $3)
     ON CONFLICT (physician_id) DO UPDATE SET status = $2, monthly_max = $3`,
    [physicianId, status, monthlyMax],
  );
await prefer(ada, 'looking');
await prefer(ben, 'open', 2);
await prefer(fay, 'open');
await prefer(cy, 'not_looking');
await prefer(dee, 'looking', 0);

const premium = await ctx.signedInAgent({ tier: 'premium' });
const basic = await ctx.signedInAgent({ tier: 'basic' });
const free = await ctx.signedInAgent({ tier: 'free' });

const idsOf = async (agent: TestAgent, path: string) => {
  const res = await agent.get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.results as Array<{ id: number }>).map((r) => r.id);
};
const everyone = [ada, ben, cy, dee, eve, fay];
const byName = (...ids: number[]) => everyone.filter((id) => ids.includes(id)).sort((a, b) => NAME_ORDER.indexOf(a) - NAME_ORDER.indexOf(b));
// Elkins, Ely, Renoir, Sparks, Tahoma, Winnem.
const NAME_ORDER = [cy, fay, ada, eve, ben, dee];

describe("the search's 'Looking now' / 'Open to offers' filter", () => {
  it('keeps the physicians the cards mark, in the search, Select All and the facets', async () => {
    expect(await idsOf(premium.agent, '/api/physicians?state=NV')).toEqual(NAME_ORDER);
    expect(await idsOf(premium.agent, '/api/physicians?state=NV&looking=now')).toEqual([ada]);
    const open = await premium.agent.get('/api/physicians?state=NV&looking=open');
    expect(open.body.results.map((r: { id: number }) => r.id)).toEqual(byName(ada, ben, fay));
    expect(open.body.total).toBe(3);
    // Each row the filter keeps carries the badge that says why.
    expect(open.body.looking).toEqual(
      expect.arrayContaining([
        { physicianId: ada, status: 'looking' },
        { physicianId: ben, status: 'open' },
        { physicianId: fay, status: 'open' },
      ]),
    );
    expect(open.body.looking).toHaveLength(3);
    // A Monthly plan may email physicians too.
    expect(await idsOf(basic.agent, '/api/physicians?looking=now')).toEqual([ada]);
    // With the query and the other filters.
    expect(await idsOf(premium.agent, '/api/physicians?query=tahoma&looking=now')).toEqual([]);
    expect(await idsOf(premium.agent, '/api/physicians?query=tahoma&looking=open')).toEqual([ben]);
    expect(await idsOf(premium.agent, '/api/physicians?specialty=Pediatrics&looking=open')).toEqual([fay]);

    const all = await premium.agent.get('/api/physicians/select-all?state=NV&looking=open');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ ids: byName(ada, ben, fay), total: 3 });

    const facets = await premium.agent.get('/api/directory/facets?state=NV&looking=open');
    expect(facets.status).toBe(200);
    expect(facets.body.specialty).toEqual([
      { value: 'Cardiology', count: 2 },
      { value: 'Pediatrics', count: 1 },
      { value: 'Urology', count: 0 },
    ]);
    const now = await premium.agent.get('/api/directory/facets?looking=now');
    expect(now.body.specialty).toEqual([
      { value: 'Cardiology', count: 1 },
      { value: 'Pediatrics', count: 0 },
      { value: 'Urology', count: 0 },
    ]);
  });

  it('follows what physicians say at once (no index change), and finds nobody when nobody said so', async () => {
    await prefer(eve, 'looking');
    expect(await idsOf(premium.agent, '/api/physicians?looking=now')).toEqual(byName(ada, eve));
    await prefer(eve, 'not_looking');
    expect(await idsOf(premium.agent, '/api/physicians?looking=now')).toEqual([ada]);
    await prefer(ada, 'open');
    try {
      const none = await premium.agent.get('/api/physicians?looking=now');
      expect(none.body).toMatchObject({ total: 0, results: [] });
      expect((await premium.agent.get('/api/physicians/select-all?looking=now')).body).toMatchObject({ ids: [], total: 0 });
    } finally {
      await prefer(ada, 'looking');
    }
  });

  it('is ignored for callers who may not email physicians, as the badges are not shown to them', async () => {
    for (const agent of [free.agent, ctx.agent()]) {
      const res = await agent.get('/api/physicians?state=NV&looking=now');
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(everyone.length);
      expect(res.body.looking).toEqual([]);
      const facets = await agent.get('/api/directory/facets?state=NV&looking=now');
      expect(facets.body.specialty).toEqual([
        { value: 'Cardiology', count: 2 },
        { value: 'Pediatrics', count: 2 },
        { value: 'Urology', count: 2 },
      ]);
    }
  });

  it('refuses a bad value with a 400 naming the field', async () => {
    for (const agent of [premium.agent, free.agent]) {
      const bad = await agent.get('/api/physicians?looking=yes');
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields.looking).toBe('looking must be one of now, open');
    }
    expect((await premium.agent.get('/api/directory/facets?looking=maybe')).status).toBe(400);
    expect((await premium.agent.get('/api/physicians/select-all?looking=')).status).toBe(400);
  });

  it("is kept by a saved search, whose alert lists only new physicians who are looking", async () => {
    const saved = await premium.agent.post('/api/saved-searches', { name: 'Reno, looking', params: { city: 'Reno', looking: 'now' } });
    expect(saved.status).toBe(201);
    expect(saved.body.params).toMatchObject({ city: 'Reno', looking: 'now' });
    expect((await premium.agent.request('PATCH', `/api/saved-searches/${saved.body.id}`, { body: { alert: 'daily' } })).status).toBe(200);
    await ctx.db.sql.query(`UPDATE saved_searches SET alert_checked_at = alert_checked_at - interval '2 days' WHERE id = $1`, [saved.body.id]);
    const [gil, hal] = await insertPhysicians(ctx.db, [
      { firstName: 'Gil', lastName: 'Truckee', specialty: 'Cardiology', city: 'Reno', state: 'NV' },
      { firstName: 'Hal', lastName: 'Verdi', specialty: 'Cardiology', city: 'Reno', state: 'NV' },
    ]);
    await ctx.deps.services.directory.directoryChanged({ ids: [gil, hal] });
    await prefer(gil, 'looking');
    await prefer(hal, 'open');
    const run = await runAlertDigests(maintenanceDeps(ctx.deps), new Date(Date.now() + ALERT_SETTLE_MS + 1000));
    expect(run).toMatchObject({ digests: 1, newMatches: 1 });
    const { rows } = await ctx.db.sql.query<{ text_body: string }>(`SELECT text_body FROM email_outbox WHERE to_address = $1`, [premium.user.email]);
    expect(rows).toHaveLength(1);
    expect(rows[0].text_body).toContain('Gil Truckee');
    expect(rows[0].text_body).not.toContain('Hal Verdi');
    expect(rows[0].text_body).toContain('looking=now');
  });
});
