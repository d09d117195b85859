-- A counter that every statement writing the directory's searched data advances (ADR 035): a
-- server keeps the in-memory index it built in a snapshot file stamped with the counter's value,
-- and the next start loads that file instead of reading every row when the counter has not moved.
-- A sequence, not a row: nextval takes no lock and is not rolled back, so concurrent writers
-- never wait on each other and a rolled-back write only costs a rebuild.
CREATE SEQUENCE directory_change_seq;

CREATE FUNCTION count_directory_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('directory_change_seq');
  RETURN NULL;
END;
$$;

CREATE TRIGGER physicians_count_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON physicians
  FOR EACH STATEMENT EXECUTE FUNCTION count_directory_change();
CREATE TRIGGER physician_contacts_count_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON physician_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION count_directory_change();

-- Which database this is: a snapshot written for a database that was dropped and made again (the
-- counter starts over) is not this one's.
CREATE TABLE directory_identity (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), created_at timestamptz NOT NULL DEFAULT now());
INSERT INTO directory_identity DEFAULT VALUES;
