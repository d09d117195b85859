-- Imports of the public CMS files (NPPES, Doctors and Clinicians): see docs/decisions/015-public-data-import.md.
-- Every record keeps where it came from (physicians.source, the first source) and when each public
-- source last changed it; NPPES's own enumeration and last-update dates are kept as given.
ALTER TABLE physicians ADD COLUMN enumeration_date date;
ALTER TABLE physicians ADD COLUMN npi_last_updated date;
ALTER TABLE physicians ADD COLUMN nppes_refreshed_at timestamptz;
ALTER TABLE physicians ADD COLUMN dac_refreshed_at timestamptz;

-- One row per import run: the checkpoint. Each batch commits its rows and the new position in
-- one transaction, so a run killed at any point resumes after its last committed batch.
CREATE TABLE import_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('nppes', 'dac')),
  -- The file's name, size and modification time: the same file resumes, another starts afresh.
  file_key text NOT NULL,
  records_done bigint NOT NULL DEFAULT 0,
  counts jsonb NOT NULL DEFAULT '{}',
  malformed jsonb NOT NULL DEFAULT '[]',
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX import_runs_resume_idx ON import_runs (kind, file_key) WHERE finished_at IS NULL;
