-- Several server processes on one PostgreSQL each keep an in-memory directory index (ADR 005).
-- Every statement that writes physicians or their contacts notifies the channel
-- 'directory_changed' with the ids it touched (comma-separated), or '*' when there are too many
-- for one notification (reload everything). Each server LISTENs and calls directoryChanged; see
-- docs/decisions/008-several-instances.md. Notifications are sent at commit, and not at all on
-- rollback. On the embedded database (one process) nobody listens and they are dropped.
CREATE FUNCTION notify_directory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
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

CREATE TRIGGER physicians_notify_insert AFTER INSERT ON physicians
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_directory_changed();
CREATE TRIGGER physicians_notify_update AFTER UPDATE ON physicians
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_directory_changed();
CREATE TRIGGER physicians_notify_delete AFTER DELETE ON physicians
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_directory_changed();
CREATE TRIGGER physician_contacts_notify_insert AFTER INSERT ON physician_contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_directory_changed();
CREATE TRIGGER physician_contacts_notify_update AFTER UPDATE ON physician_contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_directory_changed();
CREATE TRIGGER physician_contacts_notify_delete AFTER DELETE ON physician_contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_directory_changed();
