-- The directory's change journal (ADR 038). A server keeps the in-memory index it built in a
-- snapshot file stamped with the database snapshot its rows were read under; the next start reads
-- that file and re-reads only the physicians this journal names for transactions the stamp could
-- not see (in progress or later), instead of every row. Written by statement triggers, in the
-- writing transaction: a rolled-back write leaves nothing, a committed one is never missed.
CREATE TABLE directory_changes (
  id bigserial PRIMARY KEY,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  -- NULL: too much to name (a bulk import's batch, a TRUNCATE): the next start reads every row.
  physician_id integer,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX directory_changes_changed_at_idx ON directory_changes (changed_at);

CREATE FUNCTION journal_directory_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A bulk import's batches (docs/decisions/015) and TRUNCATE: one row saying 'everything'.
  IF TG_OP = 'TRUNCATE' OR current_setting('physiciandirect.directory_notify', true) = 'off' THEN
    INSERT INTO directory_changes (physician_id) VALUES (NULL);
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'physicians' THEN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO directory_changes (physician_id) SELECT DISTINCT id FROM old_rows;
    ELSE
      INSERT INTO directory_changes (physician_id) SELECT DISTINCT id FROM new_rows;
    END IF;
  ELSE
    IF TG_OP = 'DELETE' THEN
      INSERT INTO directory_changes (physician_id) SELECT DISTINCT physician_id FROM old_rows;
    ELSE
      INSERT INTO directory_changes (physician_id) SELECT DISTINCT physician_id FROM new_rows;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER physicians_journal_insert AFTER INSERT ON physicians
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_directory_change();
CREATE TRIGGER physicians_journal_update AFTER UPDATE ON physicians
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_directory_change();
CREATE TRIGGER physicians_journal_delete AFTER DELETE ON physicians
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_directory_change();
CREATE TRIGGER physicians_journal_truncate AFTER TRUNCATE ON physicians
  FOR EACH STATEMENT EXECUTE FUNCTION journal_directory_change();
CREATE TRIGGER physician_contacts_journal_insert AFTER INSERT ON physician_contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_directory_change();
CREATE TRIGGER physician_contacts_journal_update AFTER UPDATE ON physician_contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_directory_change();
CREATE TRIGGER physician_contacts_journal_delete AFTER DELETE ON physician_contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_directory_change();
CREATE TRIGGER physician_contacts_journal_truncate AFTER TRUNCATE ON physician_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION journal_directory_change();

-- Which database this is: a snapshot written for a database that was dropped and made again is
-- not this one's.
CREATE TABLE directory_identity (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), created_at timestamptz NOT NULL DEFAULT now());
INSERT INTO directory_identity DEFAULT VALUES;
