-- Teams (docs/decisions/061-teams.md): an owner who pays, admins and members. An account is in at
-- most one team at a time; a removed member's row stays (removed_at) for the team's history. The
-- owner's subscription is the plan of every member, its seats (migration 0055) the team's size.
CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE team_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
  joined_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  removed_by uuid REFERENCES users (id) ON DELETE SET NULL
);
-- One team per account at a time; one owner per team. Both read on every signed-in request (the
-- plan a member gets is the owner's: auth/session.ts).
CREATE UNIQUE INDEX team_members_one_team ON team_members (user_id) WHERE removed_at IS NULL;
CREATE UNIQUE INDEX team_members_one_owner ON team_members (team_id) WHERE role = 'owner' AND removed_at IS NULL;
CREATE INDEX team_members_team ON team_members (team_id) WHERE removed_at IS NULL;

-- A single-use link by email (7 days): only its token's hash is stored. A pending invitation
-- (not accepted, not revoked, not expired) holds a seat.
CREATE TABLE team_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'member')),
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz
);
CREATE INDEX team_invitations_team ON team_invitations (team_id) WHERE accepted_at IS NULL AND revoked_at IS NULL;
-- One open invitation per address and team: a second is a resend.
CREATE UNIQUE INDEX team_invitations_one_open ON team_invitations (team_id, lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL;
