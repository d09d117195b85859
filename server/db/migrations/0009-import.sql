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

-- The directory triggers of 0003-security-2, with one addition: a transaction that sets
-- physiciandirect.directory_notify = off (the importer's batches) does not notify, so running
-- servers reload once at the end of an import rather than once per batch.
CREATE OR REPLACE FUNCTION notify_directory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  -- A bulk import (docs/decisions/015) sets this for its batch transactions and notifies '*' once at the end.
  IF current_setting('physiciandirect.directory_notify', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'physicians' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT id) INTO ids FROM (SELECT id FROM old_rows LIMIT 501) AS t;
    ELSE
      SELECT array_agg(DISTINCT id) INTO ids FROM (SELECT id FROM new_rows LIMIT 501) AS t;
    END IF;
  ELSE
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT physician_id) INTO ids FROM (SELECT physician_id FROM old_rows LIMIT 501) AS t;
    ELSE
      SELECT array_agg(DISTINCT physician_id) INTO ids FROM (SELECT physician_id FROM new_rows LIMIT 501) AS t;
    END IF;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- 500 ids fit easily in a notification (8,000 bytes at most); more: reload everything.
  IF cardinality(ids) > 500 THEN
    PERFORM pg_notify('directory_changed', '*');
  ELSE
    PERFORM pg_notify('directory_changed', array_to_string(ids, ','));
  END IF;
  RETURN NULL;
END;
$$;
