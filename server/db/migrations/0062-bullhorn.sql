-- The ATS integration (docs/decisions/064-ats-integrations.md): one Bullhorn connection per team (or
-- per recruiter in no team), its tokens sealed with INTEGRATIONS_KEY (never plain in a row), the
-- directory physicians that Bullhorn already holds, and pushes with an outcome per physician.
CREATE TABLE ats_connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL DEFAULT 'bullhorn' CHECK (provider = 'bullhorn'),
  status text NOT NULL CHECK (status IN ('pending', 'connected', 'broken')),
  -- The Bullhorn user who connected (loginInfo names their data centre from it).
  username text NOT NULL,
  oauth_url text NOT NULL,
  login_url text NOT NULL,
  -- The OAuth state of a connection being made: a hash, the link valid for 10 minutes.
  state_hash text,
  state_expires_at timestamptz,
  access_token text,
  access_expires_at timestamptz,
  refresh_token text,
  rest_url text,
  rest_token text,
  last_error text,
  connected_by uuid REFERENCES users (id) ON DELETE SET NULL,
  connected_at timestamptz,
  refreshed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((team_id IS NULL) <> (user_id IS NULL))
);
CREATE UNIQUE INDEX ats_connections_team_idx ON ats_connections (team_id) WHERE team_id IS NOT NULL;
CREATE UNIQUE INDEX ats_connections_user_idx ON ats_connections (user_id) WHERE user_id IS NOT NULL;

-- 'In your ATS': directory physicians the connected Bullhorn holds, by the candidate found.
CREATE TABLE ats_records (
  connection_id uuid NOT NULL REFERENCES ats_connections (id) ON DELETE CASCADE,
  physician_id integer NOT NULL,
  candidate_id bigint NOT NULL,
  matched_on text NOT NULL CHECK (matched_on IN ('npi', 'email', 'name_phone', 'created')),
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (connection_id, physician_id)
);

CREATE TABLE ats_pushes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  connection_id uuid NOT NULL REFERENCES ats_connections (id) ON DELETE CASCADE,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  source text NOT NULL CHECK (source IN ('selection', 'list', 'profile')),
  list_id uuid,
  update_existing boolean NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  total integer NOT NULL,
  lease_owner text,
  leased_until timestamptz,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX ats_pushes_waiting_idx ON ats_pushes (created_at) WHERE status IN ('queued', 'running');
CREATE INDEX ats_pushes_connection_idx ON ats_pushes (connection_id, created_at);

CREATE TABLE ats_push_items (
  push_id uuid NOT NULL REFERENCES ats_pushes (id) ON DELETE CASCADE,
  position integer NOT NULL,
  physician_id integer NOT NULL,
  outcome text CHECK (outcome IN ('created', 'updated', 'existing', 'skipped', 'failed')),
  candidate_id bigint,
  reason text,
  PRIMARY KEY (push_id, position)
);
