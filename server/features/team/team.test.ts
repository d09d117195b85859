import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestAgent } from '../../test/harness';
import { insertPhysician } from '../../test/support/physicians';
import { invitationToken } from '../../test/support/teams';

/*
 * Teams (docs/decisions/061-teams.md) through the API on a real database: a subscriber's team, its
 * seats and invitations at the limit, joining by the emailed link, roles, the owner's rules, handing
 * over (the subscription moves), removal (the plan ends at once) and the boundary between two teams.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

async function setSeats(userId: string, seats: number) {
  await ctx.db.sql.query('UPDATE subscriptions SET seats = $2 WHERE user_id = $1', [userId, seats]);
}


async function tierOf(agent: TestAgent) {
  const me = (await agent.get('/api/me')).body;
  return { tier: me.subscription.tier as string, capabilities: me.capabilities as string[] };
}

async function auditActions(teamId: string) {
  const { rows } = await ctx.db.sql.query<{ action: string }>(
    `SELECT action FROM audit_events WHERE action LIKE 'team.%' AND (target_id = $1 OR details->>'teamId' = $1) ORDER BY id`,
    [teamId],
  );
  return rows.map((r) => r.action);
}

describe('a team', () => {
  it('is started by a subscriber, who owns it; a free account is told a plan is needed; one team at a time', async () => {
    const free = await ctx.signedInAgent();
    const refused = await free.agent.post('/api/team', { name: 'Free Agency' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'subscription_required' });
    expect((await free.agent.get('/api/team')).body).toEqual({ team: null });

    const { agent, user } = await ctx.signedInAgent({ tier: 'basic' });
    const created = await agent.post('/api/team', { name: '  Northwind Recruiting  ' });
    expect(created.status).toBe(201);
    expect(created.body.team).toMatchObject({ name: 'Northwind Recruiting', myRole: 'owner', seats: 1, seatsUsed: 1, invitations: [] });
    expect(created.body.team.members).toEqual([expect.objectContaining({ userId: user.id, role: 'owner' })]);
    expect((await agent.post('/api/team', { name: 'Second' })).status).toBe(409);
    expect((await agent.post('/api/team', { name: '' })).body.error.fields.name).toBe('name is required');
  });
});

describe('seats, invitations, joining, roles, handing over, removal', () => {
  it('follows every rule of the team, end to end', async () => {
    const owner = await ctx.signedInAgent({ tier: 'premium', email: 'owner@northwind.example' });
    const team = (await owner.agent.post('/api/team', { name: 'Northwind' })).body.team;

    // One seat (the owner's): no room for an invitation, and the message offers a seat.
    const full = await owner.agent.post('/api/team/invitations', { email: 'ann@northwind.example', role: 'member' });
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe('All 1 seat is taken. Add a seat on the Subscription tab to invite another recruiter.');

    // Three seats: two invitations fill them; a third is refused until one is revoked or expires.
    await setSeats(owner.user.id, 3);
    const invited = await owner.agent.post('/api/team/invitations', { email: 'Ann@Northwind.example', role: 'member' });
    expect(invited.status).toBe(200);
    expect(invited.body.team.invitations).toEqual([expect.objectContaining({ email: 'ann@northwind.example', role: 'member', status: 'pending' })]);
    const bob = await owner.agent.post('/api/team/invitations', { email: 'bob@northwind.example', role: 'admin' });
    expect(bob.body.team.seatsUsed).toBe(3);
    const third = await owner.agent.post('/api/team/invitations', { email: 'cy@northwind.example', role: 'member' });
    expect(third.status).toBe(409);
    expect(third.body.error.message).toBe('All 3 seats are taken. Add a seat on the Subscription tab to invite another recruiter.');
    const again = await owner.agent.post('/api/team/invitations', { email: 'ann@northwind.example', role: 'member' });
    expect(again.status).toBe(400);
    expect(again.body.error.fields.email).toMatch(/already invited/);
    // The seat floor of billing: not fewer seats than are used.
    const fewer = await owner.agent.put('/api/billing/seats', { seats: 2 });
    expect(fewer.status).toBe(400);
    expect(fewer.body.error.fields.seats).toBe('3 seats are in use (members and pending invitations): remove members or revoke invitations first.');

    const bobId = bob.body.team.invitations.find((i: { email: string }) => i.email === 'bob@northwind.example').id;
    const revoked = await owner.agent.delete(`/api/team/invitations/${bobId}`);
    expect(revoked.body.team.seatsUsed).toBe(2);
    expect((await owner.agent.post('/api/team/invitations', { email: 'cy@northwind.example', role: 'member' })).status).toBe(200);
    // An expired invitation holds no seat.
    await ctx.db.sql.query(`UPDATE team_invitations SET expires_at = now() - interval '1 minute' WHERE email = 'cy@northwind.example'`);
    const listed = (await owner.agent.get('/api/team')).body.team;
    expect(listed.seatsUsed).toBe(2);
    expect(listed.invitations.find((i: { email: string }) => i.email === 'cy@northwind.example').status).toBe('expired');

    // The emailed link: a preview for the join page, then the invitee signs in and accepts.
    const token = await invitationToken(ctx.db, 'ann@northwind.example');
    const preview = await ctx.agent().get(`/api/team/invitations/preview?token=${encodeURIComponent(token)}`);
    expect(preview.body).toEqual({ teamName: 'Northwind', invitedByName: 'owner@northwind.example', role: 'member', email: 'ann@northwind.example', state: 'pending' });
    const stranger = await ctx.signedInAgent({ email: 'someone@else.example' });
    const wrong = await stranger.agent.post('/api/team/invitations/accept', { token });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.message).toBe('This invitation was sent to another address. Sign in with ann@northwind.example to accept it.');
    const ann = await ctx.signedInAgent({ email: 'ann@northwind.example' });
    expect((await tierOf(ann.agent)).tier).toBe('free');
    const joined = await ann.agent.post('/api/team/invitations/accept', { token });
    expect(joined.status).toBe(200);
    expect(joined.body.team).toMatchObject({ name: 'Northwind', myRole: 'member', invitations: [] });
    // The team's plan is hers at once: the owner's Annual plan and what it allows.
    const annPlan = await tierOf(ann.agent);
    expect(annPlan.tier).toBe('premium');
    expect(annPlan.capabilities).toEqual(expect.arrayContaining(['contacts:reveal', 'exports:create']));
    expect((await ann.agent.post('/api/team/invitations/accept', { token })).status).toBe(404);

    // A member manages nothing.
    expect((await ann.agent.post('/api/team/invitations', { email: 'dee@northwind.example', role: 'member' })).status).toBe(403);
    expect((await ann.agent.patch(`/api/team/members/${owner.user.id}`, { role: 'member' })).status).toBe(403);
    expect((await ann.agent.post('/api/team/ownership', { userId: ann.user.id })).status).toBe(403);

    // The owner makes her an admin; an admin cannot demote or remove the owner, and the owner cannot leave.
    expect((await owner.agent.patch(`/api/team/members/${ann.user.id}`, { role: 'admin' })).body.team.members[1]).toMatchObject({ role: 'admin' });
    const demote = await ann.agent.patch(`/api/team/members/${owner.user.id}`, { role: 'member' });
    expect(demote.status).toBe(409);
    expect(demote.body.error.message).toBe('The owner’s role does not change: the owner hands the team over to another member instead.');
    expect((await ann.agent.delete(`/api/team/members/${owner.user.id}`)).status).toBe(409);
    const leave = await owner.agent.delete(`/api/team/members/${owner.user.id}`);
    expect(leave.status).toBe(409);
    expect(leave.body.error.message).toBe('Hand the team over to another member before you leave: a team always has an owner.');

    // Handing over: Ann owns the team and its subscription; the old owner is an admin on her plan.
    const handed = await owner.agent.post('/api/team/ownership', { userId: ann.user.id });
    expect(handed.status).toBe(200);
    expect(handed.body.team.myRole).toBe('admin');
    const payer = await ctx.db.sql.query<{ user_id: string }>(`SELECT user_id FROM subscriptions WHERE provider_subscription_id = $1`, [
      `demo_sub_${owner.user.id}`,
    ]);
    expect(payer.rows).toEqual([{ user_id: ann.user.id }]);
    expect((await tierOf(owner.agent)).tier).toBe('premium');
    expect((await ann.agent.get('/api/team')).body.team).toMatchObject({ myRole: 'owner', seats: 3 });

    // Removing the old owner ends his access under the team at once: he has no plan of his own now.
    const removed = await ann.agent.delete(`/api/team/members/${owner.user.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.team.members.map((m: { userId: string }) => m.userId)).toEqual([ann.user.id]);
    expect((await tierOf(owner.agent)).tier).toBe('free');
    expect((await owner.agent.get('/api/team')).body).toEqual({ team: null });

    expect(await auditActions(team.id)).toEqual([
      'team.created',
      'team.invitation_sent',
      'team.invitation_sent',
      'team.invitation_revoked',
      'team.invitation_sent',
      'team.member_joined',
      'team.role_changed',
      'team.ownership_transferred',
      'team.member_removed',
    ]);
  });
});

describe('two teams', () => {
  it('are a boundary: nothing of one is seen or changed from the other, and nobody is moved between them', async () => {
    const a = await ctx.signedInAgent({ tier: 'basic' });
    const b = await ctx.signedInAgent({ tier: 'basic' });
    await a.agent.post('/api/team', { name: 'Team A' });
    await b.agent.post('/api/team', { name: 'Team B' });
    await setSeats(a.user.id, 5);
    await setSeats(b.user.id, 5);

    await a.agent.post('/api/team/invitations', { email: 'dana@a.example', role: 'member' });
    const dana = await ctx.signedInAgent({ email: 'dana@a.example' });
    await dana.agent.post('/api/team/invitations/accept', { token: await invitationToken(ctx.db, 'dana@a.example') });
    const aTeam = (await a.agent.post('/api/team/invitations', { email: 'eve@a.example', role: 'member' })).body.team;
    const eveInvitation = aTeam.invitations.find((i: { email: string }) => i.email === 'eve@a.example').id;

    // B's owner sees only B, and every call on A's member or invitation is 'not found'.
    const seen = (await b.agent.get('/api/team')).body.team;
    expect(seen.name).toBe('Team B');
    expect(JSON.stringify(seen)).not.toContain('dana@a.example');
    expect((await b.agent.delete(`/api/team/members/${dana.user.id}`)).status).toBe(404);
    expect((await b.agent.patch(`/api/team/members/${dana.user.id}`, { role: 'admin' })).status).toBe(404);
    expect((await b.agent.post(`/api/team/invitations/${eveInvitation}/resend`)).status).toBe(404);
    expect((await b.agent.delete(`/api/team/invitations/${eveInvitation}`)).status).toBe(404);
    expect((await b.agent.post('/api/team/ownership', { userId: dana.user.id })).status).toBe(404);

    // B invites A's member: she is told she is in a team and stays in A.
    await b.agent.post('/api/team/invitations', { email: 'dana@a.example', role: 'admin' });
    const moved = await dana.agent.post('/api/team/invitations/accept', { token: await invitationToken(ctx.db, 'dana@a.example') });
    expect(moved.status).toBe(409);
    expect(moved.body.error.message).toBe('This account already belongs to a team. Leave it first to join another.');
    expect((await dana.agent.get('/api/team')).body.team.name).toBe('Team A');

    // Leaving A, she may join B with the same link; a subscriber of her own is asked to cancel first.
    const left = await dana.agent.delete(`/api/team/members/${dana.user.id}`);
    expect(left.body).toEqual({ team: null });
    const subscriber = await ctx.signedInAgent({ tier: 'basic', email: 'frank@b.example' });
    await b.agent.post('/api/team/invitations', { email: 'frank@b.example', role: 'member' });
    const paying = await subscriber.agent.post('/api/team/invitations/accept', { token: await invitationToken(ctx.db, 'frank@b.example') });
    expect(paying.status).toBe(409);
    expect(paying.body.error.message).toMatch(/^You have a subscription of your own/);
  });
});

describe('already contacted by my team', () => {
  it('a teammate’s reveal in the last 30 days is free for the others and says who and when; not for anyone else', async () => {
    const id = await insertPhysician(ctx.db, { firstName: 'Hana', lastName: 'Okafor', specialty: 'Cardiology', city: 'Reno', state: 'NV' });
    await ctx.db.sql.query(`INSERT INTO physician_contacts (physician_id, work_email) VALUES ($1, 'hana.okafor@example.org')`, [id]);
    await ctx.deps.services.directory.directoryChanged();

    const owner = await ctx.signedInAgent({ tier: 'basic' });
    await ctx.db.sql.query(`UPDATE users SET name = 'Olivia Owner' WHERE id = $1`, [owner.user.id]);
    await owner.agent.post('/api/team', { name: 'Reno Search' });
    await setSeats(owner.user.id, 2);
    await owner.agent.post('/api/team/invitations', { email: 'gus@reno.example', role: 'member' });
    const gus = await ctx.signedInAgent({ email: 'gus@reno.example' });
    await gus.agent.post('/api/team/invitations/accept', { token: await invitationToken(ctx.db, 'gus@reno.example') });
    const outsider = await ctx.signedInAgent({ tier: 'basic' });

    const first = await owner.agent.post(`/api/physicians/${id}/contact`);
    expect(first.body).toMatchObject({ counted: true, revealedBy: null });
    expect(first.body.allowance.remaining).toBe(first.body.allowance.dailyLimit - 1);

    // Gus's search shows it on the card; his reveal costs nothing and names Olivia.
    const found = await gus.agent.get('/api/physicians?query=Okafor');
    expect(found.body.results.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(found.body.teamReveals).toEqual([{ physicianId: id, name: 'Olivia Owner', at: expect.any(String) }]);
    // ...and on the profile.
    expect((await gus.agent.get(`/api/physicians/${id}`)).body.teamReveal).toEqual({ physicianId: id, name: 'Olivia Owner', at: expect.any(String) });
    const free = await gus.agent.post(`/api/physicians/${id}/contact`);
    expect(free.body).toMatchObject({ email: 'hana.okafor@example.org', counted: false, revealedBy: { name: 'Olivia Owner' } });
    // Nothing more of the team's day: the one unit used is Olivia's, shared by the team.
    expect(free.body.allowance).toMatchObject({ dailyLimit: 500, remaining: 499, team: true });
    // Someone outside the team pays, and sees nobody's name.
    expect((await outsider.agent.get('/api/physicians?query=Okafor')).body.teamReveals).toEqual([]);
    expect((await outsider.agent.get(`/api/physicians/${id}`)).body.teamReveal).toBeNull();
    expect((await outsider.agent.post(`/api/physicians/${id}/contact`)).body).toMatchObject({ counted: true, revealedBy: null });

    // Thirty days on, the team pays again.
    await ctx.db.sql.query(`UPDATE contact_reveals SET created_at = now() - interval '31 days' WHERE physician_id = $1`, [id]);
    expect((await gus.agent.post(`/api/physicians/${id}/contact`)).body).toMatchObject({ counted: true, revealedBy: null });
  });
});

describe('removing a member', () => {
  it('gives their lists and saved searches to an owner or admin chosen by the remover; leaving keeps one’s own', async () => {
    const owner = await ctx.signedInAgent({ tier: 'basic' });
    await owner.agent.post('/api/team', { name: 'Heirs' });
    await setSeats(owner.user.id, 4);
    const join = async (email: string, role: 'admin' | 'member') => {
      await owner.agent.post('/api/team/invitations', { email, role });
      const joined = await ctx.signedInAgent({ email });
      await joined.agent.post('/api/team/invitations/accept', { token: await invitationToken(ctx.db, email) });
      return joined;
    };
    const admin = await join('ida@heirs.example', 'admin');
    const leaver = await join('lea@heirs.example', 'member');
    const removed = await join('rex@heirs.example', 'member');
    for (const member of [leaver, removed]) {
      await ctx.db.sql.query(`INSERT INTO physician_lists (user_id, name) VALUES ($1, 'Reno cardiologists')`, [member.user.id]);
      await ctx.db.sql.query(`INSERT INTO saved_searches (user_id, name, params) VALUES ($1, 'Reno', '{"query":"reno"}')`, [member.user.id]);
    }
    const ownedBy = async (userId: string) =>
      (
        await ctx.db.sql.query<{ lists: number; searches: number }>(
          `SELECT (SELECT count(*)::int FROM physician_lists WHERE user_id = $1) AS lists, (SELECT count(*)::int FROM saved_searches WHERE user_id = $1) AS searches`,
          [userId],
        )
      ).rows[0];

    // Not to a plain member, nor to the one removed.
    const toMember = await owner.agent.delete(`/api/team/members/${removed.user.id}?transferTo=${leaver.user.id}`);
    expect(toMember.status).toBe(400);
    expect(toMember.body.error.fields.transferTo).toBe('Their lists and saved searches go to an owner or admin of the team.');
    const gone = await owner.agent.delete(`/api/team/members/${removed.user.id}?transferTo=${admin.user.id}`);
    expect(gone.status).toBe(200);
    expect(await ownedBy(removed.user.id)).toEqual({ lists: 0, searches: 0 });
    expect(await ownedBy(admin.user.id)).toEqual({ lists: 1, searches: 1 });
    expect((await admin.agent.get('/api/lists')).body.lists.map((l: { name: string }) => l.name)).toEqual(['Reno cardiologists']);

    // Leaving, Lea keeps hers.
    expect((await leaver.agent.delete(`/api/team/members/${leaver.user.id}`)).body).toEqual({ team: null });
    expect(await ownedBy(leaver.user.id)).toEqual({ lists: 1, searches: 1 });
  });
});
