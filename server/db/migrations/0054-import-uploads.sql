-- Imports uploaded on the admin page (docs/decisions/057-one-job-runner.md): their state was held in
-- the memory of the process that took the upload, so with several server processes a poll that
-- reached another one answered 404 and two processes could each run an import at once. A row per
-- upload, one 'running' row at most across processes, and a heartbeat the running process renews:
-- a row whose heartbeat is older than a minute belongs to a process that stopped without ending it.
CREATE TABLE import_uploads (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('nppes', 'dac')),
  file_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'finished', 'failed')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  started_by_email text,
  records integer NOT NULL DEFAULT 0,
  percent real NOT NULL DEFAULT 0,
  summary jsonb,
  error text,
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX import_uploads_one_running ON import_uploads ((true)) WHERE status = 'running';
CREATE INDEX import_uploads_started ON import_uploads (started_at DESC);
