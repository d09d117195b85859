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
