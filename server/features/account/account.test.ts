import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/harness';

const ctx = await createTestContext();
afterAll(() => ctx.close());

describe('GET/PATCH /api/account/profile', () => {
  it('requires sign-in', async () => {
    const agent = ctx.agent();
    expect((await agent.get('/api/account/profile')).status).toBe(401);
    expect((await agent.patch('/api/account/profile', { name: 'x', bio: '' })).status).toBe(401);
    expect((await agent.patch('/api/account/notifications', { marketing: false })).status).toBe(401);
    const exports = await agent.get('/api/account/exports');
    expect(exports.status).toBe(401);
    expect(exports.body.error.code).toBe('unauthenticated');
  });

  it('defaults the name to the local part of the email and every switch to on', async () => {
    const { agent } = await ctx.signedInAgent({ email: 'dr.recruiter@example.com' });
    const res = await agent.get('/api/account/profile');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email: 'dr.recruiter@example.com',
      name: 'dr.recruiter',
      bio: '',
      notifications: { marketing: true, newFeatures: true, securityAlerts: true },
    });
  });

  it('saves name and bio and reads them back (also in /api/me)', async () => {
    const { agent } = await ctx.signedInAgent();
    const saved = await agent.patch('/api/account/profile', {
      name: '  Jane Recruiter ',
      bio: 'Placing hospitalists since 2010.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Jane Recruiter', bio: 'Placing hospitalists since 2010.' });
    const read = await agent.get('/api/account/profile');
    expect(read.body).toMatchObject({ name: 'Jane Recruiter', bio: 'Placing hospitalists since 2010.' });
    expect((await agent.get('/api/me')).body.user.name).toBe('Jane Recruiter');

    // Clearing the name goes back to the default.
    const cleared = await agent.patch('/api/account/profile', { name: '', bio: '' });
    expect(cleared.body.name).toBe(cleared.body.email.split('@')[0]);
    expect(cleared.body.bio).toBe('');
  });

  it("changes only the signed-in user's profile", async () => {
    const a = await ctx.signedInAgent();
    const b = await ctx.signedInAgent();
    await a.agent.patch('/api/account/profile', { name: 'Alice', bio: 'A' });
    const other = await b.agent.get('/api/account/profile');
    expect(other.body.name).toBe(b.user.email.split('@')[0]);
  });

  it('rejects a too long name or bio, and missing fields, with field messages', async () => {
    const { agent } = await ctx.signedInAgent();
    const long = await agent.patch('/api/account/profile', { name: 'x'.repeat(101), bio: 'y'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual({
      name: 'Name must be at most 100 characters.',
      bio: 'Bio must be at most 1000 characters.',
    });
    const missing = await agent.patch('/api/account/profile', { name: 'Only a name' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.bio).toBeDefined();
    expect((await agent.get('/api/account/profile')).body.name).not.toBe('Only a name');
  });
});

describe('PATCH /api/account/notifications', () => {
  it('saves any subset of the switches and reads them back', async () => {
    const { agent } = await ctx.signedInAgent();
    const first = await agent.patch('/api/account/notifications', { marketing: false });
    expect(first.status).toBe(200);
    expect(first.body.notifications).toEqual({ marketing: false, newFeatures: true, securityAlerts: true });

    await agent.patch('/api/account/notifications', { newFeatures: false, securityAlerts: false });
    await agent.patch('/api/account/notifications', { securityAlerts: true });
    const read = await agent.get('/api/account/profile');
    expect(read.body.notifications).toEqual({ marketing: false, newFeatures: false, securityAlerts: true });
  });

  it('rejects a value that is not a boolean', async () => {
    const { agent } = await ctx.signedInAgent();
    const res = await agent.patch('/api/account/notifications', { marketing: 'no' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.marketing).toBeDefined();
    expect((await agent.get('/api/account/profile')).body.notifications.marketing).toBe(true);
  });
});

describe('GET /api/account/exports', () => {
  it('is zero and empty without exports', async () => {
    const { agent } = await ctx.signedInAgent({ tier: 'premium' });
    const res = await agent.get('/api/account/exports');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ totalExported: 0, recent: [] });
  });

  it('sums every export and lists the 5 newest, newest first', async () => {
    const { agent, user } = await ctx.signedInAgent({ tier: 'premium' });
    const other = await ctx.signedInAgent({ tier: 'premium' });
    const counts = [10, 20, 30, 40, 50, 60, 70];
    for (const [i, count] of counts.entries()) {
      await ctx.db.sql.query(
        `INSERT INTO export_logs (user_id, export_date, export_count) VALUES ($1, now() - make_interval(days => $2), $3)`,
        [user.id, counts.length - i, count],
      );
    }
    await ctx.db.sql.query('INSERT INTO export_logs (user_id, export_count) VALUES ($1, 999)', [
      other.user.id,
    ]);

    const res = await agent.get('/api/account/exports');
    expect(res.body.totalExported).toBe(280);
    expect(res.body.recent.map((r: { exportCount: number }) => r.exportCount)).toEqual([70, 60, 50, 40, 30]);
    const dates = res.body.recent.map((r: { exportDate: string }) => Date.parse(r.exportDate));
    expect(dates.every((d: number) => Number.isFinite(d))).toBe(true);
    expect([...dates].sort((x, y) => y - x)).toEqual(dates);
  });
});
