import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestAgent } from '../../test/harness';
import { insertPhysician } from '../../test/support/physicians';

/*
 * A team's pooled reveal allowance and per-recruiter caps (docs/decisions/061-teams.md): the day's
 * ceiling is the per-seat ceiling (REVEAL_DAILY_LIMIT, 2 here) times the seats, shared by the
 * members; an owner or admin may cap a member's counted reveals per month; every member reads what
 * is left. Exported contacts the same way (EXPORT_DAILY_LIMIT, 3 here, per seat; a monthly cap).
 */

const ctx = await createTestContext({ env: { REVEAL_DAILY_LIMIT: '2', EXPORT_DAILY_LIMIT: '3' } });
afterAll(() => ctx.close());

const ids: number[] = [];
for (let i = 1; i <= 6; i++) {
  const id = await insertPhysician(ctx.db, { firstName: 'Pat', lastName: `Pooled${i}`, specialty: 'Cardiology' });
  await ctx.db.sql.query(`INSERT INTO physician_contacts (physician_id, work_email) VALUES ($1, $2)`, [id, `pat${i}@example.org`]);
  ids.push(id);
}
await ctx.deps.services.directory.directoryChanged();

async function teamOfTwo(tier: 'basic' | 'premium', name: string, memberEmail: string) {
  const owner = await ctx.signedInAgent({ tier });
  await owner.agent.post('/api/team', { name });
  await ctx.db.sql.query('UPDATE subscriptions SET seats = 2 WHERE user_id = $1', [owner.user.id]);
  await owner.agent.post('/api/team/invitations', { email: memberEmail, role: 'member' });
  const { rows } = await ctx.db.sql.query<{ text_body: string }>(`SELECT text_body FROM email_outbox WHERE to_address = $1`, [memberEmail]);
  const token = decodeURIComponent(/token=([\w%-]+)/.exec(rows[0].text_body)![1]);
  const member = await ctx.signedInAgent({ email: memberEmail });
  await member.agent.post('/api/team/invitations/accept', { token });
  return { owner, member };
}

const reveal = (agent: TestAgent, n: number) => agent.post(`/api/physicians/${ids[n - 1]}/contact`);

describe('a team’s reveals', () => {
  it('share one ceiling of the per-seat limit times the seats, within each member’s monthly cap', async () => {
    const owner = await ctx.signedInAgent({ tier: 'basic' });
    await owner.agent.post('/api/team', { name: 'Pooled' });
    await ctx.db.sql.query('UPDATE subscriptions SET seats = 2 WHERE user_id = $1', [owner.user.id]);
    await owner.agent.post('/api/team/invitations', { email: 'max@pooled.example', role: 'member' });
    const { rows } = await ctx.db.sql.query<{ text_body: string }>(`SELECT text_body FROM email_outbox WHERE to_address = 'max@pooled.example'`);
    const token = decodeURIComponent(/token=([\w%-]+)/.exec(rows[0].text_body)![1]);
    const max = await ctx.signedInAgent({ email: 'max@pooled.example' });
    await max.agent.post('/api/team/invitations/accept', { token });

    expect((await max.agent.get('/api/contacts/allowance')).body).toMatchObject({ dailyLimit: 4, remaining: 4, team: true, monthlyCap: null });

    // The owner caps Max at one counted reveal a month.
    const capped = await owner.agent.patch(`/api/team/members/${max.user.id}`, { revealCap: 1 });
    expect(capped.body.team.members.find((m: { userId: string }) => m.userId === max.user.id)).toMatchObject({ revealCap: 1, revealsThisMonth: 0 });
    expect((await max.agent.patch(`/api/team/members/${max.user.id}`, { revealCap: null })).status).toBe(403);
    expect((await owner.agent.patch(`/api/team/members/${max.user.id}`, { revealCap: -1 })).body.error.fields.revealCap).toBe('revealCap must be 0 or more');

    const first = await reveal(max.agent, 1);
    expect(first.body.counted).toBe(true);
    expect(first.body.allowance).toMatchObject({ dailyLimit: 4, remaining: 0, monthlyCap: { limit: 1, remaining: 0 } });
    const overCap = await reveal(max.agent, 2);
    expect(overCap.status).toBe(429);
    expect(overCap.body.error.message).toMatch(/^You have reached your monthly cap of 1 contact reveals, set by your team's owner or admins\. It starts again on /);
    // A reveal the team already paid for costs nothing, cap or not.
    expect((await reveal(max.agent, 1)).body.counted).toBe(false);

    // The owner takes the rest of the team's day: three more, then the ceiling.
    for (const n of [2, 3, 4]) expect((await reveal(owner.agent, n)).body.counted).toBe(true);
    const overTeam = await reveal(owner.agent, 5);
    expect(overTeam.status).toBe(429);
    expect(overTeam.body.error.message).toMatch(/^Your team has reached today's limit of 4 contact reveals \(2 per seat\)\./);
    await owner.agent.patch(`/api/team/members/${max.user.id}`, { revealCap: null });
    expect((await reveal(max.agent, 5)).status).toBe(429);
    // What the owner revealed is Max's for free, over the ceiling or not.
    expect((await reveal(max.agent, 3)).body).toMatchObject({ counted: false, email: 'pat3@example.org' });
    expect((await max.agent.get('/api/contacts/allowance')).body).toMatchObject({ dailyLimit: 4, remaining: 0, monthlyCap: null });

    // Someone outside the team has their own day.
    const outsider = await ctx.signedInAgent({ tier: 'basic' });
    expect((await reveal(outsider.agent, 5)).body.allowance).toMatchObject({ dailyLimit: 2, remaining: 1, team: false });

    const members = (await owner.agent.get('/api/team')).body.team.members;
    expect(members.map((m: { role: string; revealsThisMonth: number }) => [m.role, m.revealsThisMonth])).toEqual([
      ['owner', 3],
      ['member', 1],
    ]);
  });
});

describe('a team’s exports', () => {
  it('share one ceiling of the per-seat limit times the seats, within each member’s monthly export cap', async () => {
    const { owner, member: ivy } = await teamOfTwo('premium', 'Exporters', 'ivy@exporters.example');
    const exportOf = (agent: TestAgent, ns: number[]) =>
      agent.post('/api/exports', { format: 'csv', physicianIds: ns.map((n) => ids[n - 1]) });

    // The owner caps Ivy at 2 exported contacts a month; the field is checked.
    const capped = await owner.agent.patch(`/api/team/members/${ivy.user.id}`, { exportCap: 2 });
    expect(capped.body.team.members.find((m: { userId: string }) => m.userId === ivy.user.id)).toMatchObject({ exportCap: 2, exportsThisMonth: 0 });
    expect((await owner.agent.patch(`/api/team/members/${ivy.user.id}`, { exportCap: 1.5 })).body.error.fields.exportCap).toBe('exportCap must be a whole number');
    expect((await ivy.agent.patch(`/api/team/members/${ivy.user.id}`, { exportCap: null })).status).toBe(403);

    expect((await exportOf(ivy.agent, [1, 2])).status).toBe(200);
    const overCap = await exportOf(ivy.agent, [3]);
    expect(overCap.status).toBe(429);
    expect(overCap.body.error.message).toMatch(
      /^This export of 1 contacts would pass your monthly cap of 2 exported contacts, set by your team's owner or admins \(0 left\)\. It starts again on /,
    );

    // The team's day is 3 x 2 seats = 6: the owner exports 4 more (one past her own 3), then the ceiling.
    expect((await exportOf(owner.agent, [3, 4, 5, 6])).status).toBe(200);
    const overTeam = await exportOf(owner.agent, [1]);
    expect(overTeam.status).toBe(429);
    expect(overTeam.body.error.message).toMatch(/^This export of 1 contacts would pass your team's limit today of 6 exported contacts \(3 per seat; 0 left\)\./);
    const { rows } = await ctx.db.sql.query<{ n: number }>(
      `SELECT sum(export_count)::int AS n FROM export_logs WHERE team_id = (SELECT team_id FROM team_members WHERE user_id = $1)`,
      [owner.user.id],
    );
    expect(rows[0].n).toBe(6);

    // Outside a team the day is one's own 3.
    const outsider = await ctx.signedInAgent({ tier: 'premium' });
    expect((await exportOf(outsider.agent, [1, 2, 3])).status).toBe(200);
    expect((await exportOf(outsider.agent, [4])).status).toBe(429);

    const members = (await owner.agent.get('/api/team')).body.team.members;
    expect(members.map((m: { role: string; exportsThisMonth: number }) => [m.role, m.exportsThisMonth])).toEqual([
      ['owner', 4],
      ['member', 2],
    ]);
  });
});
