import type { Db } from '../../db/client';
import type { CurrentUser } from '../../lib/current-user';
import { AppError } from '../../lib/errors';

/*
 * Whose integrations a caller works with (docs/decisions/064-ats-integrations.md): a team's
 * members share the team's (one Bullhorn connection, one set of webhook endpoints); a recruiter in
 * no team has their own. Rows carry exactly one of team_id and user_id.
 */

/** The owner of a caller's integrations: their team, or themselves when in none. */
export type IntegrationOwner = { teamId: string; userId: null } | { teamId: null; userId: string };

export function integrationOwnerOf(user: Pick<CurrentUser, 'id' | 'teamId'>): IntegrationOwner {
  return user.teamId ? { teamId: user.teamId, userId: null } : { teamId: null, userId: user.id };
}

/**
 * SQL that matches the owner's rows of a table with team_id and user_id columns, its parameters
 * numbered from `first` (a null never equals: the other column decides).
 */
export function ownerMatch(owner: IntegrationOwner, first: number, alias = ''): { sql: string; params: [string | null, string | null] } {
  return { sql: ownerMatchSql(first, alias), params: [owner.teamId, owner.userId] };
}

/** ownerMatch's SQL alone (the same for every owner: a statement prepared once). */
export function ownerMatchSql(first: number, alias = ''): string {
  const a = alias ? `${alias}.` : '';
  return `(${a}team_id = $${first}::uuid OR ${a}user_id = $${first + 1}::uuid)`;
}

/**
 * The owner whose integrations the caller may change (connect, disconnect, webhook endpoints):
 * a team's owners and admins, or a recruiter in no team; a team's recruiters get 403.
 */
export async function managedOwnerOf(db: Db, user: Pick<CurrentUser, 'id' | 'teamId'>): Promise<IntegrationOwner> {
  const owner = integrationOwnerOf(user);
  if (!owner.teamId) return owner;
  const { rows } = await db.sql.query<{ role: string }>(
    `SELECT role FROM team_members WHERE team_id = $1 AND user_id = $2 AND removed_at IS NULL`,
    [owner.teamId, user.id],
  );
  if (rows[0]?.role !== 'owner' && rows[0]?.role !== 'admin') {
    throw new AppError('forbidden', 'Only the team’s owners and admins can change its integrations.');
  }
  return owner;
}
