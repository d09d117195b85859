import type { Db } from '../../db/client';
import type { TestContext } from '../harness';

/*
 * Teams for tests (docs/decisions/061-teams.md), made through the API as a customer makes them: a
 * premium owner starts the team, its plan gets `seats`, and `join` invites a recruiter and accepts
 * with the link the app emailed. A refused step throws (a fixture that did not happen fails loud).
 */

/** The token of the last team invitation emailed to `to` (read from the outbox the app wrote). */
export async function invitationToken(db: Db, to: string): Promise<string> {
  const { rows } = await db.sql.query<{ text_body: string }>(
    `SELECT text_body FROM email_outbox WHERE to_address = $1 AND subject LIKE 'Join %' ORDER BY id DESC LIMIT 1`,
    [to],
  );
  const match = /\/team\/join\?token=([\w%-]+)/.exec(rows[0]?.text_body ?? '');
  if (!match) throw new Error(`no invitation emailed to ${to}`);
  return decodeURIComponent(match[1]);
}

function expectStatus(step: string, res: { status: number; text: string }, status: number): void {
  if (res.status !== status) throw new Error(`${step}: ${res.status} ${res.text.slice(0, 200)}`);
}

/** A premium owner (owner@<domain>) with a team of `seats`, its id, and `join(local, role)`. */
export async function startTeam(ctx: TestContext, name: string, domain: string, seats: number) {
  const owner = await ctx.signedInAgent({ tier: 'premium', email: `owner@${domain}` });
  expectStatus('start the team', await owner.agent.post('/api/team', { name }), 201);
  await ctx.db.sql.query('UPDATE subscriptions SET seats = $2 WHERE user_id = $1', [owner.user.id, seats]);
  const { rows } = await ctx.db.sql.query<{ team_id: string }>('SELECT team_id FROM team_members WHERE user_id = $1', [owner.user.id]);
  const join = async (local: string, role: 'admin' | 'member') => {
    const email = `${local}@${domain}`;
    expectStatus(`invite ${email}`, await owner.agent.post('/api/team/invitations', { email, role }), 200);
    const joined = await ctx.signedInAgent({ email });
    expectStatus(`${email} accepts`, await joined.agent.post('/api/team/invitations/accept', { token: await invitationToken(ctx.db, email) }), 200);
    return joined;
  };
  return { owner, join, teamId: rows[0].team_id };
}
