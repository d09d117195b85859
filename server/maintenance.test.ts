import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, createTestUser } from './test/harness';
import { runMaintenance } from './maintenance';
import { maintenanceDeps } from './jobs';

/*
 * The maintenance pass (ADR 016) deletes sessions past the 30-day ceiling or idle for
 * SESSION_IDLE_DAYS (7), emailed tokens used or expired, and rate-limit windows that have passed,
 * and keeps everything still live. Two passes at once (two server processes) purge each row once.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const ahead = (ms: number) => new Date(now.getTime() + ms).toISOString();

async function addSession(userId: string, input: { expiresAt: string; lastSeenAt: string }): Promise<string> {
  const id = `s-${randomBytes(6).toString('hex')}`;
  await ctx.db.sql.query('INSERT INTO sessions (id, user_id, expires_at, last_seen_at) VALUES ($1, $2, $3, $4)', [
    id,
    userId,
    input.expiresAt,
    input.lastSeenAt,
  ]);
  return id;
}

async function addToken(userId: string, input: { expiresAt: string; usedAt?: string }): Promise<string> {
  const id = `t-${randomBytes(6).toString('hex')}`;
  await ctx.db.sql.query(
    `INSERT INTO auth_tokens (id, user_id, purpose, expires_at, used_at) VALUES ($1, $2, 'reset_password', $3, $4)`,
    [id, userId, input.expiresAt, input.usedAt ?? null],
  );
  return id;
}

async function ids(table: 'sessions' | 'auth_tokens', userId: string): Promise<string[]> {
  const { rows } = await ctx.db.sql.query<{ id: string }>(`SELECT id FROM ${table} WHERE user_id = $1 ORDER BY id`, [userId]);
  return rows.map((r) => r.id);
}

describe('maintenance pass', () => {
  it("deletes the directory's change-journal rows older than 7 days and keeps the others (ADR 038)", async () => {
    await ctx.db.sql.query(
      `INSERT INTO directory_changes (physician_id, changed_at) VALUES (1, $1), (2, $1), (NULL, $1), (3, $2), (4, now())`,
      [ago(8 * DAY), ago(6 * DAY)],
    );
    expect((await runMaintenance(maintenanceDeps(ctx.deps), now)).journalPurged).toBe(3);
    const { rows } = await ctx.db.sql.query<{ physician_id: number }>('SELECT physician_id FROM directory_changes ORDER BY physician_id');
    expect(rows.map((r) => r.physician_id)).toEqual([3, 4]);
    expect((await runMaintenance(maintenanceDeps(ctx.deps), now)).journalPurged).toBe(0);
  });

  it('purges ended sessions, spent tokens and passed rate-limit windows, and keeps live ones', async () => {
    const user = await createTestUser(ctx.db);
    const live = await addSession(user.id, { expiresAt: ahead(20 * DAY), lastSeenAt: ago(60_000) });
    const nearlyIdle = await addSession(user.id, { expiresAt: ahead(DAY), lastSeenAt: ago(7 * DAY - 60_000) });
    await addSession(user.id, { expiresAt: ahead(20 * DAY), lastSeenAt: ago(7 * DAY + 60_000) }); // idle
    await addSession(user.id, { expiresAt: ago(1000), lastSeenAt: ago(60_000) }); // past the ceiling

    const liveToken = await addToken(user.id, { expiresAt: ahead(3_600_000) });
    await addToken(user.id, { expiresAt: ahead(3_600_000), usedAt: ago(1000) }); // used
    await addToken(user.id, { expiresAt: ago(1000) }); // expired

    const store = ctx.deps.services.rateLimitStore;
    const hour = { max: 1, windowMs: 3_600_000 };
    await store.hit('maintenance-test:passed', hour, now.getTime() - 2 * 3_600_000);
    await store.hit('maintenance-test:live', hour, now.getTime() - 600_000);

    expect(await runMaintenance(maintenanceDeps(ctx.deps), now)).toEqual({ sessions: 2, tokens: 2, rateLimits: 1, submissions: 0, digests: 0, matches: 0, journalPurged: 0, indexReloaded: 0 });
    expect(await ids('sessions', user.id)).toEqual([live, nearlyIdle].sort());
    expect(await ids('auth_tokens', user.id)).toEqual([liveToken]);
    // The live window still holds its attempt.
    expect((await store.peek('maintenance-test:live', hour, now.getTime())).allowed).toBe(false);

    // Nothing more to do.
    expect(await runMaintenance(maintenanceDeps(ctx.deps), now)).toEqual({ sessions: 0, tokens: 0, rateLimits: 0, submissions: 0, digests: 0, matches: 0, journalPurged: 0, indexReloaded: 0 });
  });

  it('two passes at once (two server processes) delete each row once, without errors', async () => {
    const user = await createTestUser(ctx.db);
    const live = await addSession(user.id, { expiresAt: ahead(DAY), lastSeenAt: ago(1000) });
    for (let i = 0; i < 30; i++) await addSession(user.id, { expiresAt: ahead(DAY), lastSeenAt: ago(8 * DAY) });
    for (let i = 0; i < 20; i++) await addToken(user.id, { expiresAt: ago(1000) });

    const passes = await Promise.all([runMaintenance(maintenanceDeps(ctx.deps), now), runMaintenance(maintenanceDeps(ctx.deps), now)]);
    expect(passes[0].sessions + passes[1].sessions).toBe(30);
    expect(passes[0].tokens + passes[1].tokens).toBe(20);
    expect(await ids('sessions', user.id)).toEqual([live]);
    expect(await ids('auth_tokens', user.id)).toEqual([]);
  });
});
