import type { InvitableRole, TeamRole } from '../../../contract/team';
import type { Db } from '../../db/client';

/*
 * The team tables (migration 0053). A membership is active while removed_at is null; an invitation
 * is open while neither accepted nor revoked, and holds a seat until it expires.
 */

/**
 * The user whose subscription is `userId`'s plan: their team's owner, or themselves outside a team
 * (docs/decisions/061-teams.md). An SQL expression over a column (or parameter) holding a user id,
 * for every query that decides a caller's tier (the session, API keys, alerts).
 */
export const payerIdOf = (userId: string) =>
  `COALESCE((SELECT owner.user_id FROM team_members member
               JOIN team_members owner ON owner.team_id = member.team_id AND owner.role = 'owner' AND owner.removed_at IS NULL
              WHERE member.user_id = ${userId} AND member.removed_at IS NULL), ${userId})`;

/** The team `userId` (an SQL column or parameter) is an active member of, or null: an SQL expression. */
export const teamIdOf = (userId: string) => `(SELECT team_id FROM team_members WHERE user_id = ${userId} AND removed_at IS NULL)`;

export type Membership = { teamId: string; teamName: string; role: TeamRole; ownerId: string };

/** The caller's active membership (with the team's owner), or undefined. */
export async function findMembership(db: Db, userId: string, options: { lock?: boolean } = {}): Promise<Membership | undefined> {
  if (options.lock) {
    // Serialises the team's changes: one at a time per team (seats, roles, the last owner).
    const { rows } = await db.sql.query<{ team_id: string }>(
      `SELECT team_id FROM team_members WHERE user_id = $1 AND removed_at IS NULL`,
      [userId],
    );
    if (rows[0]) await db.sql.query(`SELECT 1 FROM teams WHERE id = $1 FOR UPDATE`, [rows[0].team_id]);
  }
  const { rows } = await db.sql.query<Membership>(
    `SELECT m.team_id AS "teamId", t.name AS "teamName", m.role, o.user_id AS "ownerId"
       FROM team_members m
       JOIN teams t ON t.id = m.team_id
       JOIN team_members o ON o.team_id = m.team_id AND o.role = 'owner' AND o.removed_at IS NULL
      WHERE m.user_id = $1 AND m.removed_at IS NULL`,
    [userId],
  );
  return rows[0];
}

export async function insertTeam(db: Db, input: { name: string; ownerId: string }): Promise<string> {
  const { rows } = await db.sql.query<{ id: string }>(`INSERT INTO teams (name) VALUES ($1) RETURNING id`, [input.name]);
  await db.sql.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'owner')`, [rows[0]!.id, input.ownerId]);
  return rows[0]!.id;
}

export async function renameTeam(db: Db, teamId: string, name: string): Promise<void> {
  await db.sql.query(`UPDATE teams SET name = $2 WHERE id = $1`, [teamId, name]);
}

export type MemberRow = {
  userId: string;
  name: string | null;
  email: string;
  role: TeamRole;
  joinedAt: Date;
  revealCap: number | null;
  revealsThisMonth: number;
  exportCap: number | null;
  exportsThisMonth: number;
};

export async function listMembers(db: Db, teamId: string): Promise<MemberRow[]> {
  const { rows } = await db.sql.query<MemberRow>(
    `SELECT u.id AS "userId", u.name, u.email, m.role, m.joined_at AS "joinedAt", m.reveal_cap AS "revealCap",
            (SELECT count(*)::int FROM contact_reveals r
              WHERE r.user_id = m.user_id AND r.team_id = m.team_id AND r.counted
                AND r.created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS "revealsThisMonth",
            m.export_cap AS "exportCap",
            (SELECT coalesce(sum(e.export_count), 0)::int FROM export_logs e
              WHERE e.user_id = m.user_id AND e.team_id = m.team_id
                AND e.export_date >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS "exportsThisMonth"
       FROM team_members m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = $1 AND m.removed_at IS NULL
      ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, lower(coalesce(u.name, u.email))`,
    [teamId],
  );
  return rows;
}

export type InvitationRow = {
  id: string;
  teamId: string;
  email: string;
  role: InvitableRole;
  invitedByName: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
};

const INVITATION_COLUMNS = `i.id, i.team_id AS "teamId", i.email, i.role, coalesce(u.name, u.email) AS "invitedByName", i.created_at AS "createdAt",
  i.expires_at AS "expiresAt", i.accepted_at AS "acceptedAt", i.revoked_at AS "revokedAt"`;

/** Open invitations (neither accepted nor revoked), newest first; expired ones included. */
export async function listOpenInvitations(db: Db, teamId: string): Promise<InvitationRow[]> {
  const { rows } = await db.sql.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM team_invitations i LEFT JOIN users u ON u.id = i.invited_by
      WHERE i.team_id = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL
      ORDER BY i.created_at DESC`,
    [teamId],
  );
  return rows;
}

export async function findOpenInvitationByEmail(db: Db, teamId: string, email: string): Promise<InvitationRow | undefined> {
  const { rows } = await db.sql.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM team_invitations i LEFT JOIN users u ON u.id = i.invited_by
      WHERE i.team_id = $1 AND lower(i.email) = lower($2) AND i.accepted_at IS NULL AND i.revoked_at IS NULL`,
    [teamId, email],
  );
  return rows[0];
}

export async function findInvitation(db: Db, teamId: string, id: string): Promise<InvitationRow | undefined> {
  const { rows } = await db.sql.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM team_invitations i LEFT JOIN users u ON u.id = i.invited_by
      WHERE i.team_id = $1 AND i.id = $2 AND i.accepted_at IS NULL AND i.revoked_at IS NULL`,
    [teamId, id],
  );
  return rows[0];
}

export async function findInvitationByToken(db: Db, tokenHash: string): Promise<(InvitationRow & { teamName: string }) | undefined> {
  const { rows } = await db.sql.query<InvitationRow & { teamName: string }>(
    `SELECT ${INVITATION_COLUMNS}, t.name AS "teamName"
       FROM team_invitations i JOIN teams t ON t.id = i.team_id LEFT JOIN users u ON u.id = i.invited_by
      WHERE i.token_hash = $1`,
    [tokenHash],
  );
  return rows[0];
}

export async function insertInvitation(
  db: Db,
  input: { teamId: string; email: string; role: InvitableRole; tokenHash: string; invitedBy: string; expiresAt: Date },
): Promise<string> {
  const { rows } = await db.sql.query<{ id: string }>(
    `INSERT INTO team_invitations (team_id, email, role, token_hash, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz) RETURNING id`,
    [input.teamId, input.email, input.role, input.tokenHash, input.invitedBy, input.expiresAt.toISOString()],
  );
  return rows[0]!.id;
}

/** A new link for an open invitation (the old one stops working), its seven days from now. */
export async function renewInvitation(db: Db, id: string, input: { tokenHash: string; expiresAt: Date; invitedBy: string }): Promise<void> {
  await db.sql.query(
    `UPDATE team_invitations SET token_hash = $2, expires_at = $3::timestamptz, invited_by = $4, created_at = now() WHERE id = $1`,
    [id, input.tokenHash, input.expiresAt.toISOString(), input.invitedBy],
  );
}

export async function revokeInvitation(db: Db, id: string): Promise<void> {
  await db.sql.query(`UPDATE team_invitations SET revoked_at = now() WHERE id = $1`, [id]);
}

export async function markInvitationAccepted(db: Db, id: string, userId: string): Promise<void> {
  await db.sql.query(`UPDATE team_invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1`, [id, userId]);
}

/** Members plus pending (unexpired) invitations: the seats the team uses. */
export async function seatsUsed(db: Db, teamId: string): Promise<number> {
  const { rows } = await db.sql.query<{ used: number }>(
    `SELECT (SELECT count(*) FROM team_members WHERE team_id = $1 AND removed_at IS NULL)
          + (SELECT count(*) FROM team_invitations
              WHERE team_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()) AS used`,
    [teamId],
  );
  return Number(rows[0]!.used);
}

/** The owner's subscription's seats (1 without one). */
export async function seatsOf(db: Db, ownerId: string): Promise<number> {
  const { rows } = await db.sql.query<{ seats: number }>(`SELECT seats FROM subscriptions WHERE user_id = $1`, [ownerId]);
  return rows[0]?.seats ?? 1;
}

export async function addMember(db: Db, input: { teamId: string; userId: string; role: TeamRole }): Promise<void> {
  await db.sql.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3)`, [input.teamId, input.userId, input.role]);
}

export async function setRole(db: Db, teamId: string, userId: string, role: TeamRole): Promise<void> {
  await db.sql.query(`UPDATE team_members SET role = $3 WHERE team_id = $1 AND user_id = $2 AND removed_at IS NULL`, [teamId, userId, role]);
}

export async function setRevealCap(db: Db, teamId: string, userId: string, cap: number | null): Promise<void> {
  await db.sql.query(`UPDATE team_members SET reveal_cap = $3 WHERE team_id = $1 AND user_id = $2 AND removed_at IS NULL`, [teamId, userId, cap]);
}

export async function setExportCap(db: Db, teamId: string, userId: string, cap: number | null): Promise<void> {
  await db.sql.query(`UPDATE team_members SET export_cap = $3 WHERE team_id = $1 AND user_id = $2 AND removed_at IS NULL`, [teamId, userId, cap]);
}

/** Gives `from`'s lists and saved searches to `to`; how many of each moved. */
/**
 * Gives `from`'s lists and saved searches to `to`: all of them, or (sharedWith) only those shared
 * with that team (docs/decisions/061-teams.md: removal moves everything, leaving only the shared).
 */
export async function moveWork(
  db: Db,
  from: string,
  to: string,
  options: { sharedWith?: string } = {},
): Promise<{ lists: number; savedSearches: number }> {
  const only = options.sharedWith ? ' AND team_id = $3' : '';
  const params = options.sharedWith ? [from, to, options.sharedWith] : [from, to];
  const lists = await db.sql.query(`UPDATE physician_lists SET user_id = $2, updated_at = now() WHERE user_id = $1${only}`, params);
  const saved = await db.sql.query(`UPDATE saved_searches SET user_id = $2 WHERE user_id = $1${only}`, params);
  return { lists: lists.rowCount ?? 0, savedSearches: saved.rowCount ?? 0 };
}

/** A member who leaves or is removed stops following the team's shared saved searches. */
export async function endFollowing(db: Db, teamId: string, userId: string): Promise<void> {
  await db.sql.query(
    `DELETE FROM saved_search_followers f USING saved_searches s
      WHERE f.saved_search_id = s.id AND s.team_id = $1 AND f.user_id = $2`,
    [teamId, userId],
  );
}

export async function removeMember(db: Db, teamId: string, userId: string, removedBy: string): Promise<void> {
  await db.sql.query(
    `UPDATE team_members SET removed_at = now(), removed_by = $3 WHERE team_id = $1 AND user_id = $2 AND removed_at IS NULL`,
    [teamId, userId, removedBy],
  );
}

/** Whether the user has billing rows of their own (a subscription, ended or not, or a provider customer). */
export async function hasBilling(db: Db, userId: string): Promise<boolean> {
  const { rows } = await db.sql.query<{ has: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM subscriptions WHERE user_id = $1) OR EXISTS (SELECT 1 FROM billing_customers WHERE user_id = $1) AS has`,
    [userId],
  );
  return rows[0]!.has;
}

/** Hands the owner's subscription and billing customer to `to` (who has none: hasBilling). */
export async function moveBilling(db: Db, from: string, to: string): Promise<void> {
  await db.sql.query(`UPDATE subscriptions SET user_id = $2 WHERE user_id = $1`, [from, to]);
  await db.sql.query(`UPDATE billing_customers SET user_id = $2 WHERE user_id = $1`, [from, to]);
}
