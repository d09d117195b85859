import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestAgent } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { startTeam } from '../../test/support/teams';
import { maintenanceDeps } from '../../jobs';
import { ALERT_SETTLE_MS, runAlertDigests } from './alerts';

/*
 * Shared saved searches (docs/decisions/061-teams.md) on a real database: seen by the team,
 * managed by the creator, owners and admins, followed by teammates who then get the alert's digest
 * with a link that ends only their following; another team sees nothing.
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

describe('shared saved searches', () => {
  it('are seen by the team, managed by the creator, owners and admins, and alert their followers', async () => {
    const west = await startTeam(ctx, 'West', 'west.example', 5);
    const cara = await west.join('cara', 'member');
    const dan = await west.join('dan', 'member');
    const east = await startTeam(ctx, 'East', 'east.example', 5);

    const created = await cara.agent.post('/api/saved-searches', {
      name: 'NV cardiology',
      params: { specialty: 'Cardiology', state: 'NV' },
      shared: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ shared: true, createdBy: cara.user.email, canManage: true, following: true });
    const id = created.body.id as string;
    await cara.agent.post('/api/saved-searches', { name: 'Cara private', params: { query: 'pediatrics' } });

    expect(await names(dan.agent, '/api/saved-searches', 'savedSearches')).toEqual(['NV cardiology']);
    expect(await names(east.owner.agent, '/api/saved-searches', 'savedSearches')).toEqual([]);
    expect((await east.owner.agent.request('PUT', `/api/saved-searches/${id}/following`, { body: { following: true } })).status).toBe(404);
    expect((await east.owner.agent.delete(`/api/saved-searches/${id}`)).status).toBe(404);

    // Dan may not change the alert or delete; he follows. The creator cannot 'follow' her own.
    expect((await dan.agent.request('PATCH', `/api/saved-searches/${id}`, { body: { alert: 'daily' } })).status).toBe(403);
    expect((await dan.agent.delete(`/api/saved-searches/${id}`)).status).toBe(403);
    const followed = await dan.agent.request('PUT', `/api/saved-searches/${id}/following`, { body: { following: true } });
    expect(followed.body).toMatchObject({ following: true, canManage: false });
    const own = await cara.agent.request('PUT', `/api/saved-searches/${id}/following`, { body: { following: true } });
    expect(own.body.error.fields.following).toBe('You created this search: its alert comes to you while it is on.');

    // The owner turns the alert on; a new Nevada cardiologist gives Cara and Dan one digest each.
    const on = await west.owner.agent.request('PATCH', `/api/saved-searches/${id}`, { body: { alert: 'daily' } });
    expect(on.body).toMatchObject({ alert: 'daily', canManage: true });
    await ctx.db.sql.query(`UPDATE saved_searches SET alert_checked_at = now() - interval '2 days' WHERE id = $1`, [id]);
    const [newcomer] = await insertPhysicians(ctx.db, [
      { firstName: 'Dora', lastName: 'Vegas', specialty: 'Cardiology', city: 'Las Vegas', state: 'NV' },
    ]);
    await ctx.deps.services.directory.directoryChanged({ ids: [newcomer] });
    const run = await runAlertDigests(maintenanceDeps(ctx.deps), new Date(Date.now() + ALERT_SETTLE_MS + 1000));
    expect(run).toMatchObject({ digests: 1, newMatches: 1 });
    const mail = async (to: string) =>
      (
        await ctx.db.sql.query<{ text_body: string }>(
          `SELECT text_body FROM email_outbox WHERE to_address = $1 AND subject LIKE '%NV cardiology%' ORDER BY id`,
          [to],
        )
      ).rows;
    expect(await mail(cara.user.email)).toHaveLength(1);
    const [danDigest] = await mail(dan.user.email);
    expect(danDigest.text_body).toContain('Dora Vegas');
    expect(danDigest.text_body).toContain('you follow this saved search of your team');
    expect(await mail(west.owner.user.email)).toHaveLength(0);

    // Dan's one-click link ends his following only; the alert stays on for Cara.
    const link = /\/alerts\/([\w-]+)\/unsubscribe\?signature=([\w-]+)&follower=([\w-]+)/.exec(danDigest.text_body);
    expect(link?.[1]).toBe(id);
    const stopped = await ctx.agent().post(
      `/api/saved-searches/${id}/unsubscribe`,
      { signature: link![2], follower: link![3] },
    );
    expect(stopped.status).toBe(200);
    const danView = (await dan.agent.get('/api/saved-searches')).body.savedSearches[0];
    expect(danView).toMatchObject({ following: false, alert: 'daily' });
    // Dan's link does not serve for Cara.
    const forged = await dan.agent.post(`/api/saved-searches/${id}/unsubscribe`, { signature: link![2], follower: cara.user.id });
    expect(forged.status).toBe(400);

    // Removed, Dan follows nothing of the team's and sees none of it.
    await dan.agent.request('PUT', `/api/saved-searches/${id}/following`, { body: { following: true } });
    await west.owner.agent.delete(`/api/team/members/${dan.user.id}`);
    const { rows } = await ctx.db.sql.query('SELECT 1 FROM saved_search_followers WHERE user_id = $1', [dan.user.id]);
    expect(rows).toHaveLength(0);
    expect(await names(dan.agent, '/api/saved-searches', 'savedSearches')).toEqual([]);
  });
});
