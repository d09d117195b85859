import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestAgent } from '../../../test/harness';
import { startBullhornServer } from '../../../test/support/bullhorn-server';
import { insertPhysicians } from '../../../test/support/physicians';
import { startTeam } from '../../../test/support/teams';

/*
 * Bullhorn (docs/decisions/064-ats-integrations.md) against a local Bullhorn that answers the
 * documented calls (server/test/support/bullhorn-server.ts), on a real database (both engines):
 * the OAuth flow with loginInfo's 307, tokens sealed at rest, pushes that look up before they
 * create (two overlapping lists give no duplicate), 429 and 500 retried, an expired session and
 * access token refreshed, a refused refresh that breaks the connection, 'In your ATS' on the search,
 * the profile and the 'Not in my ATS' filter, the daily check, and who may connect.
 */

const bullhorn = await startBullhornServer();
const ctx = await createTestContext({
  env: { BULLHORN_CLIENT_ID: bullhorn.clientId, BULLHORN_CLIENT_SECRET: bullhorn.clientSecret, BULLHORN_LOGIN_INFO_URL: bullhorn.loginInfoUrl },
});
afterAll(async () => {
  await ctx.close();
  await bullhorn.close();
});

const [ada, ben, cy, dee, eve] = await insertPhysicians(ctx.db, [
  { npi: '1000000001', firstName: 'Ada', lastName: 'Renoir', specialty: 'Cardiology', city: 'Reno', state: 'NV', zip: '89501' },
  { npi: '1000000002', firstName: 'Ben', lastName: 'Tahoma', specialty: 'Cardiology', city: 'Carson City', state: 'NV' },
  { npi: '1000000003', firstName: 'Cy', lastName: 'Elkins', specialty: 'Pediatrics', city: 'Elko', state: 'NV' },
  { npi: '1000000004', firstName: 'Dee', lastName: 'Winnem', specialty: 'Urology', city: 'Reno', state: 'NV' },
  { npi: '1000000005', firstName: 'Eve', lastName: 'Sparks', specialty: 'Urology', city: 'Sparks', state: 'NV' },
]);
await ctx.db.sql.query(
  `INSERT INTO physician_contacts (physician_id, personal_email, mobile_phone) VALUES ($1, 'dee.winnem@example.org', '775-555-0104'), ($2, 'eve@example.org', '(775) 555-0105')`,
  [dee, eve],
);
await ctx.deps.services.directory.directoryChanged({ ids: [ada, ben, cy, dee, eve] });

const team = await startTeam(ctx, 'North', 'north.example', 5);
const recruiter = await team.join('rita', 'member');

/** The whole OAuth flow as the browser makes it; answers where the callback sent the browser. */
async function connect(agent: TestAgent, username = 'jane.north'): Promise<string> {
  const started = await agent.post('/api/integrations/bullhorn/connection', { username });
  expect(started.status).toBe(200);
  const consent = await fetch(started.body.authorizeUrl as string, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  expect(back.pathname).toBe('/api/integrations/bullhorn/callback');
  const done = await agent.get(back.pathname + back.search);
  expect(done.status).toBe(302);
  return done.headers.get('location')!;
}

async function push(agent: TestAgent, body: Record<string, unknown>) {
  const created = await agent.post('/api/integrations/bullhorn/pushes', body);
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  await ctx.deps.services.jobs.idle('bullhorn');
  const detail = await agent.get(`/api/integrations/bullhorn/pushes/${created.body.id}`);
  expect(detail.status).toBe(200);
  return detail.body as { status: string; error: string | null; counts: Record<string, number>; items: Array<{ physicianId: number; outcome: string; candidateId: number | null; reason: string | null }> };
}

const outcomeOf = (detail: Awaited<ReturnType<typeof push>>) => Object.fromEntries(detail.items.map((item) => [item.physicianId, item.outcome]));

async function newList(agent: TestAgent, name: string, physicianIds: number[]): Promise<string> {
  const created = await agent.post('/api/lists', { name, shared: true, physicianIds });
  expect(created.status).toBe(201);
  return created.body.list.id as string;
}

describe('Bullhorn', () => {
  it('connects through loginInfo (307), Bullhorn’s sign-in and the callback; tokens are sealed at rest and never answered', async () => {
    expect((await team.owner.agent.get('/api/integrations/bullhorn')).body).toMatchObject({ configured: true, status: 'none', canManage: true });
    // A plain recruiter of the team may push but not connect.
    expect((await recruiter.agent.post('/api/integrations/bullhorn/connection', { username: 'rita' })).status).toBe(403);
    expect((await recruiter.agent.get('/api/integrations/bullhorn')).body).toMatchObject({ canManage: false });
    const bad = await team.owner.agent.post('/api/integrations/bullhorn/connection', { username: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ username: 'Enter your Bullhorn user name.' });

    expect(await connect(team.owner.agent)).toBe('http://localhost:3000/account?tab=integrations&bullhorn=connected');
    const paths = bullhorn.requests.map((r) => r.path.split('?')[0]);
    expect(paths.slice(0, 5)).toEqual(['/rest-services/loginInfo', '/dc2/rest-services/loginInfo', '/oauth/authorize', '/oauth/token', '/rest-services/login']);

    const status = await recruiter.agent.get('/api/integrations/bullhorn');
    expect(status.body).toMatchObject({ status: 'connected', username: 'jane.north', connectedBy: expect.any(String), canManage: false });
    const { rows } = await ctx.db.sql.query<Record<string, string>>(`SELECT access_token, refresh_token, rest_token FROM ats_connections`);
    const [refresh] = [...bullhorn.liveRefreshTokens];
    for (const sealed of Object.values(rows[0])) expect(sealed).toMatch(/^v1\./);
    expect(JSON.stringify(rows)).not.toContain(refresh);
    expect(JSON.stringify(status.body)).not.toContain(refresh);
    const { rows: audit } = await ctx.db.sql.query(`SELECT action FROM audit_events WHERE action = 'integration.connected'`);
    expect(audit).toHaveLength(1);
  });

  it('a callback with a state it did not issue, or for another owner, connects nothing', async () => {
    const outsider = await ctx.signedInAgent({ tier: 'basic' });
    const forged = await outsider.agent.get('/api/integrations/bullhorn/callback?code=x&state=made-up');
    expect(forged.headers.get('location')).toBe('http://localhost:3000/account?tab=integrations&bullhorn=error');
    expect((await outsider.agent.get('/api/integrations/bullhorn')).body.status).toBe('none');
  });

  it('two pushes of overlapping lists create each physician once; a third updates when asked', async () => {
    const first = await newList(recruiter.agent, 'Cardiology', [ada, ben]);
    const second = await newList(recruiter.agent, 'Mixed', [ben, cy]);
    const one = await push(recruiter.agent, { source: 'list', listId: first });
    expect(one).toMatchObject({ status: 'done', counts: { created: 2, existing: 0 } });
    const two = await push(recruiter.agent, { source: 'list', listId: second });
    expect(outcomeOf(two)).toEqual({ [ben]: 'existing', [cy]: 'created' });
    expect([...bullhorn.candidates.values()].map((c) => c.externalID).sort()).toEqual(['1000000001', '1000000002', '1000000003']);
    const created = bullhorn.candidates.get(one.items.find((i) => i.physicianId === ada)!.candidateId!)!;
    expect(created).toMatchObject({ firstName: 'Ada', lastName: 'Renoir', name: 'Ada Renoir', occupation: 'Cardiology', source: 'PhysicianDirect', status: 'New Lead', address: { city: 'Reno', state: 'NV', zip: '89501', countryID: 1 } });
    // Nobody revealed Ada: no contact of hers left with the push.
    expect(created.email).toBeUndefined();

    bullhorn.candidates.get(created.id)!.occupation = 'Changed in Bullhorn';
    const three = await push(recruiter.agent, { source: 'list', listId: first, updateExisting: true });
    expect(three.counts).toMatchObject({ updated: 2, created: 0 });
    expect(bullhorn.candidates.size).toBe(3);
    expect(bullhorn.candidates.get(created.id)!.occupation).toBe('Cardiology');
  });

  it('finds a candidate by email, and by name and phone, before creating; only revealed contacts leave', async () => {
    bullhorn.candidates.set(1, { id: 1, firstName: 'D.', lastName: 'Winnem', email: 'DEE.WINNEM@example.org' });
    bullhorn.candidates.set(2, { id: 2, firstName: 'Eve', lastName: 'Sparks', phone: '(775) 555-0105' });
    // The team revealed both (a teammate's reveal is the team's).
    await ctx.db.sql.query(`INSERT INTO contact_reveals (user_id, physician_id, team_id) VALUES ($1, $2, $4), ($1, $3, $4)`, [team.owner.user.id, dee, eve, team.teamId]);
    const done = await push(recruiter.agent, { source: 'selection', physicianIds: [dee, eve] });
    expect(outcomeOf(done)).toEqual({ [dee]: 'existing', [eve]: 'existing' });
    expect(done.items.map((i) => i.candidateId).sort()).toEqual([1, 2]);
    const { rows } = await ctx.db.sql.query(`SELECT physician_id, matched_on FROM ats_records WHERE physician_id = ANY($1::int[]) ORDER BY physician_id`, [[dee, eve]]);
    expect(rows).toEqual([{ physician_id: dee, matched_on: 'email' }, { physician_id: eve, matched_on: 'name_phone' }]);
    // Updated on request: the revealed email and mobile go with it.
    await push(recruiter.agent, { source: 'profile', physicianIds: [dee], updateExisting: true });
    expect(bullhorn.candidates.get(1)).toMatchObject({ email: 'dee.winnem@example.org', mobile: '775-555-0104', externalID: '1000000004' });
  });

  it('retries 429 and 500; renews an expired session and access token (the refresh token rotates)', async () => {
    const [fresh] = await insertPhysicians(ctx.db, [{ npi: '1000000006', firstName: 'Flo', lastName: 'Hart', specialty: 'Cardiology', state: 'NV' }]);
    await ctx.deps.services.directory.directoryChanged({ ids: [fresh] });
    bullhorn.failNext(429, 500, 429);
    const before = bullhorn.requests.length;
    const done = await push(recruiter.agent, { source: 'selection', physicianIds: [fresh] });
    expect(done).toMatchObject({ status: 'done', counts: { created: 1 } });
    expect(bullhorn.requests.length - before).toBeGreaterThanOrEqual(5);

    const { rows: beforeRows } = await ctx.db.sql.query<{ refresh_token: string }>(`SELECT refresh_token FROM ats_connections`);
    bullhorn.expireRestSessions();
    bullhorn.expireAccessTokens();
    await ctx.db.sql.query(`UPDATE ats_connections SET access_expires_at = now() - interval '1 minute'`);
    const [later] = await insertPhysicians(ctx.db, [{ npi: '1000000007', firstName: 'Gus', lastName: 'Hart', state: 'NV' }]);
    await ctx.deps.services.directory.directoryChanged({ ids: [later] });
    const again = await push(recruiter.agent, { source: 'selection', physicianIds: [later] });
    expect(again).toMatchObject({ status: 'done', counts: { created: 1 } });
    expect(bullhorn.requests.some((r) => r.path.includes('grant_type=refresh_token'))).toBe(true);
    const { rows: afterRows } = await ctx.db.sql.query<{ refresh_token: string }>(`SELECT refresh_token FROM ats_connections`);
    expect(afterRows[0].refresh_token).not.toBe(beforeRows[0].refresh_token);
    expect(bullhorn.liveRefreshTokens.size).toBe(1);
  });

  it('In your ATS: the page’s flags, the profile and the Not in my ATS filter', async () => {
    const [ivy] = await insertPhysicians(ctx.db, [{ npi: '1000000009', firstName: 'Ivy', lastName: 'Lane', state: 'NV' }]);
    await ctx.deps.services.directory.directoryChanged({ ids: [ivy] });
    const page = await recruiter.agent.get('/api/physicians?state=NV');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(8);
    expect(page.body.inAts).toHaveLength(7);
    expect(page.body.inAts).not.toContain(ivy);
    const notIn = await recruiter.agent.get('/api/physicians?state=NV&notInAts=true');
    expect(notIn.body.results.map((r: { lastName: string }) => r.lastName)).toEqual(['Lane']);
    expect((await recruiter.agent.get(`/api/physicians/${ada}`)).body.inAts).toBe(true);
    const listId = await newList(recruiter.agent, 'Flags', [ada, ivy]);
    expect((await recruiter.agent.get(`/api/lists/${listId}`)).body.inAts).toEqual([ada]);
    // Another team's recruiter sees no flag and the filter leaves nobody out.
    const other = await startTeam(ctx, 'South', 'south.example', 2);
    expect((await other.owner.agent.get('/api/physicians?state=NV')).body.inAts).toEqual([]);
    expect((await other.owner.agent.get('/api/physicians?state=NV&notInAts=true')).body.total).toBe(8);
    expect((await other.owner.agent.get(`/api/physicians/${ada}`)).body.inAts).toBe(false);
  });

  it('the daily check finds candidates added in Bullhorn by hand and forgets deleted ones', async () => {
    const [hand] = await insertPhysicians(ctx.db, [{ npi: '1000000008', firstName: 'Hal', lastName: 'Quinn', state: 'NV' }]);
    await newList(recruiter.agent, 'Hand', [hand]);
    bullhorn.candidates.set(50, { id: 50, firstName: 'Hal', lastName: 'Quinn', externalID: '1000000008' });
    const adaCandidate = [...bullhorn.candidates.values()].find((c) => c.externalID === '1000000001')!;
    adaCandidate.isDeleted = true;
    await ctx.db.sql.query(`UPDATE ats_connections SET refreshed_at = now() - interval '2 days'`);
    ctx.deps.services.jobs.wake('bullhorn');
    await ctx.deps.services.jobs.idle('bullhorn');
    const { rows } = await ctx.db.sql.query<{ physician_id: number }>(`SELECT physician_id FROM ats_records ORDER BY physician_id`);
    const held = rows.map((r) => r.physician_id);
    expect(held).toContain(hand);
    expect(held).not.toContain(ada);
  });

  it('a push of nothing, of too many or of another’s list is refused with the field named', async () => {
    const none = await recruiter.agent.post('/api/integrations/bullhorn/pushes', { source: 'selection', physicianIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toHaveProperty('physicianIds');
    const noList = await recruiter.agent.post('/api/integrations/bullhorn/pushes', { source: 'list' });
    expect(noList.body.error.fields).toEqual({ listId: 'listId is required to push a list' });
    const free = await ctx.signedInAgent({ tier: 'free' });
    expect((await free.agent.post('/api/integrations/bullhorn/pushes', { source: 'selection', physicianIds: [ada] })).status).toBe(403);
    const alone = await ctx.signedInAgent({ tier: 'basic' });
    const notConnected = await alone.agent.post('/api/integrations/bullhorn/pushes', { source: 'selection', physicianIds: [ada] });
    expect(notConnected.status).toBe(409);
  });

  it('a refused refresh breaks the connection and says so; disconnect deletes it all (audited)', async () => {
    bullhorn.expireRestSessions();
    bullhorn.expireAccessTokens();
    bullhorn.liveRefreshTokens.clear();
    await ctx.db.sql.query(`UPDATE ats_connections SET access_expires_at = now() - interval '1 minute'`);
    const failed = await push(recruiter.agent, { source: 'selection', physicianIds: [ada] });
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/refresh token/);
    const status = (await team.owner.agent.get('/api/integrations/bullhorn')).body;
    expect(status).toMatchObject({ status: 'broken', lastError: expect.stringMatching(/Connect again/) });
    expect((await recruiter.agent.delete('/api/integrations/bullhorn/connection')).status).toBe(403);
    expect((await team.owner.agent.delete('/api/integrations/bullhorn/connection')).status).toBe(204);
    for (const table of ['ats_connections', 'ats_records', 'ats_pushes']) {
      const { rows } = await ctx.db.sql.query(`SELECT 1 FROM ${table}`);
      expect(rows, table).toEqual([]);
    }
    const { rows: audit } = await ctx.db.sql.query(`SELECT action FROM audit_events WHERE action LIKE 'integration.%' ORDER BY id`);
    expect(audit.map((r) => r.action)).toContain('integration.disconnected');
    expect(audit.filter((r) => r.action === 'integration.pushed').length).toBeGreaterThanOrEqual(6);
  });
});
