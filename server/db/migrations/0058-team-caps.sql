-- Per-recruiter monthly caps a team's owner or admins may set (docs/decisions/061-teams.md): the
-- counted contact reveals a member may make in a calendar month (UTC) under the team; null: none.
ALTER TABLE team_members ADD COLUMN reveal_cap integer CHECK (reveal_cap >= 0);
