-- Shared work (docs/decisions/061-teams.md): a list or saved search is private to its creator
-- (team_id NULL) or shared with the creator's team (team_id set). Every member of that team sees
-- and adds to a shared list; the creator, owners and admins rename, delete or unshare it. A
-- shared saved search's alert also goes to the members who follow it.
ALTER TABLE physician_lists ADD COLUMN team_id uuid REFERENCES teams (id) ON DELETE SET NULL;
CREATE INDEX physician_lists_team_idx ON physician_lists (team_id, created_at DESC) WHERE team_id IS NOT NULL;
-- Who added a physician to a list (a shared list has several hands); NULL for rows from before.
ALTER TABLE list_members ADD COLUMN added_by uuid REFERENCES users (id) ON DELETE SET NULL;

ALTER TABLE saved_searches ADD COLUMN team_id uuid REFERENCES teams (id) ON DELETE SET NULL;
CREATE INDEX saved_searches_team_idx ON saved_searches (team_id, created_at DESC) WHERE team_id IS NOT NULL;

CREATE TABLE saved_search_followers (
  saved_search_id uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (saved_search_id, user_id)
);
CREATE INDEX saved_search_followers_user_idx ON saved_search_followers (user_id);

-- The fair-use ceiling of exported contacts is the team's, scaled by its seats, and an owner or
-- admin may cap a member's exported contacts per calendar month (as reveals: migration 0058).
ALTER TABLE export_logs ADD COLUMN team_id uuid REFERENCES teams (id) ON DELETE SET NULL;
CREATE INDEX export_logs_team_idx ON export_logs (team_id, export_date) WHERE team_id IS NOT NULL;
ALTER TABLE team_members ADD COLUMN export_cap integer CHECK (export_cap >= 0);

-- A team's usage page (docs/decisions/061-teams.md): per team, member and UTC day, the searches,
-- counted reveals, exported contacts and physicians added to lists, kept as counters written with
-- each (one upsert beside the reveal's or export's own row, in its statement), so the page reads at
-- most members x days rows however many reveals there were. Counted for members of a team only.
CREATE TABLE usage_daily (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  searches integer NOT NULL DEFAULT 0,
  reveals integer NOT NULL DEFAULT 0,
  exports integer NOT NULL DEFAULT 0,
  list_adds integer NOT NULL DEFAULT 0,
  PRIMARY KEY (team_id, day, user_id)
);
-- The team reveals made before the counters (migration 0057 recorded their team).
INSERT INTO usage_daily (team_id, user_id, day, reveals)
SELECT team_id, user_id, (created_at AT TIME ZONE 'UTC')::date, count(*)::int
  FROM contact_reveals WHERE team_id IS NOT NULL AND counted GROUP BY 1, 2, 3;
