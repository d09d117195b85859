-- Pooled exports and the usage counters (docs/decisions/061-teams.md), apart from 0059 which had
-- already run on development databases when these were written (the runner records a migration by name).
-- The fair-use ceiling of exported contacts is the team's, scaled by its seats, and an owner or
-- admin may cap a member's exported contacts per calendar month (as reveals: migration 0058).
ALTER TABLE export_logs ADD COLUMN IF NOT EXISTS team_id uuid REFERENCES teams (id) ON DELETE SET NULL;
CREATE INDEX IF NOT EXISTS export_logs_team_idx ON export_logs (team_id, export_date) WHERE team_id IS NOT NULL;
ALTER TABLE team_members ADD COLUMN IF NOT EXISTS export_cap integer CHECK (export_cap >= 0);

-- A team's usage page (docs/decisions/061-teams.md): per team, member and UTC day, the searches,
-- counted reveals, exported contacts and physicians added to lists, kept as counters written with
-- each (one upsert beside the reveal's or export's own row, in its statement), so the page reads at
-- most members x days rows however many reveals there were. Counted for members of a team only.
CREATE TABLE IF NOT EXISTS usage_daily (
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
  FROM contact_reveals WHERE team_id IS NOT NULL AND counted GROUP BY 1, 2, 3
ON CONFLICT DO NOTHING;
