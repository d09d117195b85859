-- A contact revealed by a teammate in the last 30 days is free for the rest of the team and shows
-- who revealed it (docs/decisions/061-teams.md): each reveal records the team its user was in.
-- A member who leaves keeps the rows; the team keeps their reveals in its history.
ALTER TABLE contact_reveals ADD COLUMN team_id uuid REFERENCES teams (id) ON DELETE SET NULL;
CREATE INDEX contact_reveals_team ON contact_reveals (team_id, physician_id, created_at DESC) WHERE team_id IS NOT NULL AND counted;
