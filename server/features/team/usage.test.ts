import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { startTeam } from '../../test/support/teams';

/*
 * A team's usage (docs/decisions/061-teams.md) on a real database: searches (a new one, not each
 * key of a typed query), counted reveals, exported contacts and list adds of members of a team, per
 * member and per day; owners and admins only; another team's usage never shows; a CSV.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

const [a, b, c] = await insertPhysicians(ctx.db, [
  { firstName: 'Una', lastName: 'Usage', specialty: 'Cardiology', state: 'OH' },
  { firstName: 'Vic', lastName: 'Usage', specialty: 'Cardiology', state: 'OH' },
  { firstName: 'Wes', lastName: 'Usage', specialty: 'Pediatrics', state: 'OH' },
]);
for (const id of [a, b, c]) await ctx.db.sql.query(`INSERT INTO physician_contacts (physician_id, work_email) VALUES ($1, $2)`, [id, `p${id}@example.org`]);
await ctx.deps.services.directory.directoryChanged({ ids: [a, b, c] });


describe('a team’s usage', () => {
  it('counts each member’s searches, reveals, exports and list adds per day; owners and admins read it; a CSV', async () => {
    const north = await startTeam(ctx, 'Usage North', 'usage-north.example', 4);
    const mia = await north.join('mia', 'member');
    const ada = await north.join('ada', 'admin');
    const south = await startTeam(ctx, 'Usage South', 'usage-south.example', 4);
    const today = new Date().toISOString().slice(0, 10);

    // Mia: two searches (and a typed continuation of one, which is no new search), a list of two.
    const first = await mia.agent.get('/api/physicians?query=Usa');
    const token = first.headers.get('x-search-typing');
    expect(token).toBeTruthy();
    await mia.agent.request('GET', '/api/physicians?query=Usage', { headers: { 'x-search-typing': token! } });
    await mia.agent.get('/api/physicians?state=OH');
    await mia.agent.post('/api/lists', { name: 'Ohio', physicianIds: [a, b] });
    // Two counted reveals and a free one (a teammate's), and an export of three.
    expect((await mia.agent.post(`/api/physicians/${a}/contact`)).body.counted).toBe(true);
    expect((await mia.agent.post(`/api/physicians/${b}/contact`)).body.counted).toBe(true);
    expect((await north.owner.agent.post(`/api/physicians/${c}/contact`)).body.counted).toBe(true);
    expect((await mia.agent.post(`/api/physicians/${c}/contact`)).body.counted).toBe(false);
    expect((await mia.agent.post('/api/exports', { format: 'csv', physicianIds: [a, b, c] })).status).toBe(200);
    // South's member searches too: never in North's usage.
    const sam = await south.join('sam', 'member');
    await sam.agent.get('/api/physicians?state=OH');

    const usage = await north.owner.agent.get(`/api/team/usage?from=${today}&to=${today}`);
    expect(usage.status).toBe(200);
    expect(usage.body.from).toBe(today);
    const byEmail: Record<string, Record<string, unknown>> = Object.fromEntries(
      (usage.body.members as Array<{ email: string }>).map(({ email, ...rest }) => [email, rest]),
    );
    expect(Object.keys(byEmail).sort()).toEqual(['ada@usage-north.example', 'mia@usage-north.example', 'owner@usage-north.example']);
    expect(byEmail['mia@usage-north.example']).toMatchObject({ role: 'member', searches: 2, reveals: 2, exports: 3, listAdds: 2 });
    expect(byEmail['owner@usage-north.example']).toMatchObject({ role: 'owner', reveals: 1 });
    expect(byEmail['mia@usage-north.example'].lastActiveAt).toEqual(expect.any(String));
    expect(byEmail['ada@usage-north.example']).toMatchObject({ role: 'admin', searches: 0, reveals: 0, exports: 0, listAdds: 0 });
    expect(usage.body.days).toEqual([{ day: today, searches: 2, reveals: 3, exports: 3, listAdds: 2 }]);
    // This month so far is the default; an admin reads it too.
    const month = await ada.agent.get('/api/team/usage');
    expect(month.status).toBe(200);
    expect(month.body).toMatchObject({ from: `${today.slice(0, 7)}-01`, to: today });
    expect(month.body.members.find((m: { email: string }) => m.email === 'mia@usage-north.example')).toMatchObject({ reveals: 2, exports: 3 });

    // Members do not read it, nor their teammates' month on the Team tab (their own they do);
    // outside a team there is none; bad periods name the field.
    expect((await mia.agent.get('/api/team/usage')).status).toBe(403);
    const monthOf = async (agent: typeof mia.agent) =>
      Object.fromEntries(
        ((await agent.get('/api/team')).body.team.members as Array<{ email: string; revealsThisMonth: number | null; exportsThisMonth: number | null }>).map(
          (m) => [m.email, [m.revealsThisMonth, m.exportsThisMonth]],
        ),
      );
    const miaMonthCounts = [2, 3];
    expect(await monthOf(mia.agent)).toEqual({
      'owner@usage-north.example': [null, null],
      'ada@usage-north.example': [null, null],
      'mia@usage-north.example': miaMonthCounts,
    });
    expect(await monthOf(ada.agent)).toEqual({
      'owner@usage-north.example': [1, 0],
      'ada@usage-north.example': [0, 0],
      'mia@usage-north.example': miaMonthCounts,
    });
    const outsider = await ctx.signedInAgent({ tier: 'premium' });
    expect((await outsider.agent.get('/api/team/usage')).status).toBe(404);
    expect((await north.owner.agent.get('/api/team/usage?from=2026-02-30')).body.error.fields.from).toBe('from must be a date (YYYY-MM-DD)');
    expect((await north.owner.agent.get(`/api/team/usage?from=${today}&to=2020-01-01`)).body.error.fields.from).toBe('from must be on or before to');
    expect((await north.owner.agent.get('/api/team/usage?from=2020-01-01&to=2022-01-01')).body.error.fields.from).toBe('The period is at most 366 days');
    const southUsage = await south.owner.agent.get(`/api/team/usage?from=${today}&to=${today}`);
    expect(southUsage.body.members.map((m: { email: string; searches: number }) => [m.email, m.searches]).sort()).toEqual([
      ['owner@usage-south.example', 0],
      ['sam@usage-south.example', 1],
    ]);

    // A removed member's history stays the team's, marked removed.
    await north.owner.agent.delete(`/api/team/members/${mia.user.id}`);
    const after = await north.owner.agent.get(`/api/team/usage?from=${today}&to=${today}`);
    expect(after.body.members.find((m: { email: string }) => m.email === 'mia@usage-north.example')).toMatchObject({ role: 'removed', reveals: 2 });

    // The CSV: a row per member, cells neutralised.
    const csv = await north.owner.agent.get(`/api/team/usage?from=${today}&to=${today}&format=csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="team-usage-${today}-to-${today}.csv"`);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(`Name,Email,Role,Searches ${today} to ${today},Reveals,Exported contacts,List adds,Last active (UTC)`);
    expect(lines.find((line) => line.includes('mia@usage-north.example'))).toMatch(/^,mia@usage-north\.example,removed,2,2,3,2,\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // The operators' user detail shows the team and its latest changes from the audit log.
    const operator = await ctx.signedInAgent({ role: 'admin' });
    const detail = await operator.agent.get(`/api/admin/users/${ada.user.id}`);
    expect(detail.body.team).toMatchObject({ name: 'Usage North', role: 'admin', ownerEmail: 'owner@usage-north.example', seats: 4, members: 2 });
    expect(detail.body.team.events.map((e: { label: string }) => e.label)).toEqual(
      expect.arrayContaining(['Removed from a team', 'Joined a team', 'Team invitation sent']),
    );
    expect((await operator.agent.get(`/api/admin/users/${mia.user.id}`)).body.team).toBeNull();
  });
});

describe('searches counted in the process', () => {
  it('are dropped for an account deleted before they were written, and the rest are written', async () => {
    const { SearchCounts } = await import('./usage');
    const west = await startTeam(ctx, 'Usage West', 'usage-west.example', 4);
    const kim = await west.join('kim', 'member');
    const gone = await west.join('gone', 'member');
    const counts = new SearchCounts();
    counts.add({ userId: kim.user.id, teamId: west.teamId });
    counts.add({ userId: kim.user.id, teamId: west.teamId });
    counts.add({ userId: gone.user.id, teamId: west.teamId });
    await ctx.db.sql.query('DELETE FROM users WHERE id = $1', [gone.user.id]);
    expect(await counts.flush(ctx.db)).toBe(2);
    const { rows } = await ctx.db.sql.query<{ user_id: string; searches: number }>('SELECT user_id, searches FROM usage_daily WHERE team_id = $1', [west.teamId]);
    expect(rows).toEqual([{ user_id: kim.user.id, searches: 2 }]);
    expect(await counts.flush(ctx.db)).toBe(0);
  });
});
