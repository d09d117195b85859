-- Bring your own list (docs/decisions/033-list-matching.md): an uploaded spreadsheet matched to
-- the directory. The job and every row live here (not in one process's memory), so any server
-- process can answer for it and a process that dies mid-job leaves it to another (lease_until).
-- Nothing here ever writes to physicians. The maintenance pass deletes jobs after 7 days.
CREATE TABLE match_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  columns jsonb NOT NULL,
  mapping jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  total_rows integer NOT NULL,
  done_rows integer NOT NULL DEFAULT 0,
  -- Rows per outcome, kept with each slice and each resolved row (a progress poll reads one row).
  matched_rows integer NOT NULL DEFAULT 0,
  ambiguous_rows integer NOT NULL DEFAULT 0,
  none_rows integer NOT NULL DEFAULT 0,
  -- The process working on the job and until when; another may take it over after that.
  lease_owner uuid,
  lease_until timestamptz,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX match_jobs_user_idx ON match_jobs (user_id, created_at DESC);
CREATE INDEX match_jobs_created_idx ON match_jobs (created_at);
CREATE INDEX match_jobs_pending_idx ON match_jobs (created_at) WHERE status IN ('queued', 'running');

CREATE TABLE match_rows (
  job_id uuid NOT NULL REFERENCES match_jobs (id) ON DELETE CASCADE,
  row_number integer NOT NULL,
  -- The user's cells in column order, unchanged (the enriched file gives them back).
  cells jsonb NOT NULL,
  label text NOT NULL DEFAULT '',
  PRIMARY KEY (job_id, row_number)
);

-- One row per matched row, inserted slice by slice in row order (inserts only: a 10,000-row job
-- rewrites nothing, and a takeover resumes after the highest row here).
CREATE TABLE match_results (
  job_id uuid NOT NULL REFERENCES match_jobs (id) ON DELETE CASCADE,
  row_number integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('matched', 'ambiguous', 'none')),
  -- No foreign key: a physician removed later must not take the user's row with it.
  physician_id integer,
  score real,
  candidates jsonb NOT NULL DEFAULT '[]',
  resolved boolean NOT NULL DEFAULT false,
  PRIMARY KEY (job_id, row_number)
);
