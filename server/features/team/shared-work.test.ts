import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestAgent } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { startTeam } from '../../test/support/teams';

/*
 * Shared lists (docs/decisions/061-teams.md) on a real database: a list private to its creator or
 * shared with the team; every member sees and adds to a shared one; the creator, owners and admins
 * rename, share or delete; a member who leaves leaves what they shared with the team; another team
 * sees nothing (shared saved searches: saved-searches/shared-searches.test.ts).
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

const [reno, tahoe, elko] = await insertPhysicians(ctx.db, [
  { firstName: 'Ada', lastName: 'Renoir', specialty: 'Cardiology', city: 'Reno', state: 'NV' },
  { firstName: 'Ben', lastName: 'Tahoma', specialty: 'Cardiology', city: 'Carson City', state: 'NV' },
  { firstName: 'Cy', lastName: 'Elkins', specialty: 'Pediatrics', city: 'Elko', state: 'NV' },
]);
// Older than any alert window below: only the physician added later is new.
await ctx.db.sql.query(`UPDATE physicians SET updated_at = now() - interval '5 days'`);
await ctx.deps.services.directory.directoryChanged({ ids: [reno, tahoe, elko] });



const names = async (agent: TestAgent, path: string, key: 'lists' | 'savedSearches') =>
  ((await agent.get(path)).body[key] as Array<{ name: string }>).map((item) => item.name);

describe('shared lists', () => {
  it('every member sees and adds; the creator, owners and admins manage; another team sees nothing', async () => {
    const north = await startTeam(ctx, 'North', 'north.example', 5);
    const admin = await north.join('ida', 'admin');
    const ann = await north.join('ann', 'member');
    const bob = await north.join('bob', 'member');
    const south = await startTeam(ctx, 'South', 'south.example', 5);
    const outsider = await ctx.signedInAgent({ tier: 'premium' });

    // Ann shares one list and keeps another private.
    const shared = await ann.agent.post('/api/lists', { name: 'Nevada cardiology', shared: true, physicianIds: [reno] });
    expect(shared.status).toBe(201);
    expect(shared.body.list).toMatchObject({ shared: true, createdBy: ann.user.email, canManage: true, physicianCount: 1 });
    const listId = shared.body.list.id as string;
    const mine = await ann.agent.post('/api/lists', { name: 'Ann private' });
    expect(mine.body.list).toMatchObject({ shared: false, canManage: true });

    expect(await names(ann.agent, '/api/lists', 'lists')).toEqual(['Ann private', 'Nevada cardiology']);
    expect(await names(bob.agent, '/api/lists', 'lists')).toEqual(['Nevada cardiology']);
    expect(await names(north.owner.agent, '/api/lists', 'lists')).toEqual(['Nevada cardiology']);
    expect(await names(south.owner.agent, '/api/lists', 'lists')).toEqual([]);
    expect((await bob.agent.get(`/api/lists/${mine.body.list.id}`)).status).toBe(404);
    for (const stranger of [south.owner.agent, outsider.agent]) {
      expect((await stranger.get(`/api/lists/${listId}`)).status).toBe(404);
      expect((await stranger.post(`/api/lists/${listId}/members`, { physicianIds: [elko] })).status).toBe(404);
      expect((await stranger.request('PATCH', `/api/lists/${listId}`, { body: { name: 'Mine now' } })).status).toBe(404);
      expect((await stranger.post('/api/exports', { format: 'csv', listId })).status).toBe(404);
    }

    // Bob, a plain member, adds (and is recorded as the one who added) but may not rename or delete.
    const bobView = await bob.agent.get(`/api/lists/${listId}`);
    expect(bobView.body.list).toMatchObject({ shared: true, canManage: false, createdBy: ann.user.email });
    const added = await bob.agent.post(`/api/lists/${listId}/members`, { physicianIds: [tahoe, reno] });
    expect(added.body).toMatchObject({ added: 1, list: { physicianCount: 2, canManage: false } });
    const { rows: hands } = await ctx.db.sql.query<{ physician_id: number; added_by: string }>(
      'SELECT physician_id, added_by FROM list_members WHERE list_id = $1 ORDER BY physician_id',
      [listId],
    );
    expect(hands).toEqual([
      { physician_id: reno, added_by: ann.user.id },
      { physician_id: tahoe, added_by: bob.user.id },
    ]);
    const rename = await bob.agent.request('PATCH', `/api/lists/${listId}`, { body: { name: 'Bob’s now' } });
    expect(rename.status).toBe(403);
    expect(rename.body.error.message).toBe("Only the list's creator or an owner or admin of the team can rename, share or delete it.");
    expect((await bob.agent.delete(`/api/lists/${listId}`)).status).toBe(403);
    // Bob exports the team's list (the owner's premium plan is his).
    const exported = await bob.agent.post('/api/exports', { format: 'csv', listId });
    expect(exported.status).toBe(200);
    expect(exported.text.split('\n').filter((line) => line.trim()).length).toBe(3);

    // The admin renames it; the owner sees it as manageable.
    const renamed = await admin.agent.request('PATCH', `/api/lists/${listId}`, { body: { name: 'NV cardiology' } });
    expect(renamed.body).toMatchObject({ name: 'NV cardiology', canManage: true, shared: true });

    // Sharing needs a team; making it private again hides it from the team.
    const lone = await outsider.agent.post('/api/lists', { name: 'Alone', shared: true });
    expect(lone.status).toBe(400);
    expect(lone.body.error.fields.shared).toBe('Start or join a team to share a list (Account, Team).');
    const priv = await ann.agent.request('PATCH', `/api/lists/${mine.body.list.id}`, { body: { shared: true } });
    expect(priv.body).toMatchObject({ shared: true });
    expect(await names(bob.agent, '/api/lists', 'lists')).toEqual(['Ann private', 'NV cardiology']);
    await ann.agent.request('PATCH', `/api/lists/${mine.body.list.id}`, { body: { shared: false } });
    expect(await names(bob.agent, '/api/lists', 'lists')).toEqual(['NV cardiology']);

    // Ann leaves: what she shared stays with the team (under its owner), her private list goes with her.
    expect((await ann.agent.delete(`/api/team/members/${ann.user.id}`)).status).toBe(200);
    expect(await names(ann.agent, '/api/lists', 'lists')).toEqual(['Ann private']);
    expect((await ann.agent.get(`/api/lists/${listId}`)).status).toBe(404);
    const kept = await north.owner.agent.get(`/api/lists/${listId}`);
    expect(kept.body.list).toMatchObject({ name: 'NV cardiology', createdBy: north.owner.user.email, physicianCount: 2 });
    expect(await names(bob.agent, '/api/lists', 'lists')).toEqual(['NV cardiology']);

    // The owner deletes the shared list.
    expect((await north.owner.agent.delete(`/api/lists/${listId}`)).status).toBe(204);
    expect(await names(bob.agent, '/api/lists', 'lists')).toEqual([]);
  });
});

describe("'Not yet revealed by my team'", () => {
  it('leaves out what the team revealed in the last 30 days from the search, its facets and Select All; ignored outside a team', async () => {
    const east = await startTeam(ctx, 'Eastfield', 'eastfield.example', 5);
    const eve = await east.join('eve', 'member');
    const outsider = await ctx.signedInAgent({ tier: 'premium' });
    const teamId = east.teamId;
    // The owner revealed Ada Renoir a week ago, Eve revealed Cy Elkins; Ben Tahoma two months ago (free again).
    const reveal = (userId: string, physicianId: number, daysAgo: number) =>
      ctx.db.sql.query(
        `INSERT INTO contact_reveals (user_id, physician_id, team_id, counted, created_at) VALUES ($1, $2, $3, true, now() - ($4 || ' days')::interval)`,
        [userId, physicianId, teamId, String(daysAgo)],
      );
    await reveal(east.owner.user.id, reno, 7);
    await reveal(eve.user.id, elko, 1);
    await reveal(east.owner.user.id, tahoe, 60);

    const ids = async (agent: TestAgent, path: string) => ((await agent.get(path)).body.results as Array<{ id: number }>).map((r) => r.id).sort();
    expect(await ids(eve.agent, '/api/physicians?state=NV')).toEqual([reno, tahoe, elko].sort());
    expect(await ids(eve.agent, '/api/physicians?state=NV&notRevealedByTeam=true')).toEqual([tahoe]);
    // The owner's view is the team's too.
    expect(await ids(east.owner.agent, '/api/physicians?state=NV&notRevealedByTeam=true')).toEqual([tahoe]);
    const all = await eve.agent.get('/api/physicians/select-all?state=NV&notRevealedByTeam=true');
    expect(all.body).toMatchObject({ ids: [tahoe], total: 1 });
    const facets = await eve.agent.get('/api/directory/facets?state=NV&notRevealedByTeam=true');
    expect(facets.body.specialty).toEqual([
      { value: 'Cardiology', count: 1 },
      { value: 'Pediatrics', count: 0 },
    ]);
    // Outside a team the flag changes nothing; a bad value names the field.
    expect(await ids(outsider.agent, '/api/physicians?state=NV&notRevealedByTeam=true')).toEqual([reno, tahoe, elko].sort());
    const bad = await eve.agent.get('/api/physicians?notRevealedByTeam=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.notRevealedByTeam).toBe('notRevealedByTeam must be true or false');
  });
});
