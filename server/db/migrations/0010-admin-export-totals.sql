-- The /users page shows each user's exported contacts and the stat card their sum over everyone.
-- Summing export_logs (one row per export, 100,000s of rows) on every page view grew with the
-- history; a counter on users is kept in the export's own transaction by a trigger instead, so
-- every writer of export_logs (the exports feature, tests, seeds) keeps it right. Backfilled here.
ALTER TABLE users ADD COLUMN exported_contacts bigint NOT NULL DEFAULT 0;

UPDATE users u SET exported_contacts = t.total
  FROM (SELECT user_id, sum(export_count) AS total FROM export_logs GROUP BY user_id) t
 WHERE t.user_id = u.id;

CREATE FUNCTION count_exported_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- On a user's deletion the cascade removes their export_logs after the users row: the UPDATE
  -- then matches nothing, which is what we want.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE users SET exported_contacts = exported_contacts - OLD.export_count WHERE id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE users SET exported_contacts = exported_contacts + NEW.export_count WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER export_logs_count_contacts AFTER INSERT OR DELETE OR UPDATE OF export_count, user_id ON export_logs
  FOR EACH ROW EXECUTE FUNCTION count_exported_contacts();
