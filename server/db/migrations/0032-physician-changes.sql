-- Move signals (docs/decisions/035-freshest-source-and-move-signals.md): an import that changes a
-- physician's practice city, state, ZIP, organisation or licence states writes one row per field
-- here, in the same statement as the change; physicians.moved_on is the latest date of a change
-- of the practice location (city, state or ZIP), the one date the directory filter and the
-- search index need.
CREATE TABLE physician_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  physician_id integer NOT NULL REFERENCES physicians (id) ON DELETE CASCADE,
  field text NOT NULL CHECK (field IN ('city', 'state', 'zip', 'organization', 'license_states')),
  old_value text NOT NULL,
  new_value text,
  source text NOT NULL CHECK (source IN ('nppes', 'dac')),
  -- The source's date for the new value (NPPES: the record's Last Update Date; DAC: the file's).
  source_date date NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX physician_changes_physician_idx ON physician_changes (physician_id, source_date DESC, id DESC);

ALTER TABLE physicians ADD COLUMN moved_on date;

-- Two spellings of one value are no change ('WINSTON-SALEM' in NPPES, 'WINSTON SALEM' in DAC):
-- values are compared on their letters and digits, case ignored.
CREATE OR REPLACE FUNCTION physician_change_key(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(lower(value), '[^a-z0-9]+', '', 'g')
$$;

-- The imports name themselves for their batch transactions (set_config(..., true)):
-- physiciandirect.change_source ('nppes' or 'dac') and physiciandirect.change_date (DAC: the
-- file's date; NPPES rows carry their own Last Update Date). Other writers (resume approvals,
-- the demo loader) set neither and record nothing. A value set where there was none is no change.
CREATE OR REPLACE FUNCTION record_physician_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change_source text := nullif(current_setting('physiciandirect.change_source', true), '');
  on_date date;
  location_date date;
  location_from text;
  moved boolean := false;
BEGIN
  IF change_source IS NULL THEN
    RETURN NEW;
  END IF;
  on_date := coalesce(nullif(current_setting('physiciandirect.change_date', true), '')::date, NEW.npi_last_updated, current_date);
  -- The location's own source and date: the import whose value won (freshest wins).
  location_date := coalesce(NEW.location_source_date, on_date);
  location_from := CASE WHEN NEW.location_source IN ('nppes', 'dac') THEN NEW.location_source ELSE change_source END;
  IF OLD.city IS NOT NULL AND physician_change_key(OLD.city) IS DISTINCT FROM physician_change_key(NEW.city) THEN
    INSERT INTO physician_changes (physician_id, field, old_value, new_value, source, source_date)
    VALUES (NEW.id, 'city', OLD.city, NEW.city, location_from, location_date);
    moved := true;
  END IF;
  IF OLD.state IS NOT NULL AND physician_change_key(OLD.state) IS DISTINCT FROM physician_change_key(NEW.state) THEN
    INSERT INTO physician_changes (physician_id, field, old_value, new_value, source, source_date)
    VALUES (NEW.id, 'state', OLD.state, NEW.state, location_from, location_date);
    moved := true;
  END IF;
  IF OLD.zip IS NOT NULL AND physician_change_key(OLD.zip) IS DISTINCT FROM physician_change_key(NEW.zip) THEN
    INSERT INTO physician_changes (physician_id, field, old_value, new_value, source, source_date)
    VALUES (NEW.id, 'zip', OLD.zip, NEW.zip, location_from, location_date);
    moved := true;
  END IF;
  IF OLD.organization IS NOT NULL AND physician_change_key(OLD.organization) IS DISTINCT FROM physician_change_key(NEW.organization) THEN
    INSERT INTO physician_changes (physician_id, field, old_value, new_value, source, source_date)
    VALUES (NEW.id, 'organization', OLD.organization, NEW.organization, change_source, on_date);
  END IF;
  IF cardinality(OLD.license_states) > 0 AND OLD.license_states IS DISTINCT FROM NEW.license_states THEN
    INSERT INTO physician_changes (physician_id, field, old_value, new_value, source, source_date)
    VALUES (NEW.id, 'license_states', array_to_string(OLD.license_states, ', '),
            nullif(array_to_string(NEW.license_states, ', '), ''), change_source, on_date);
  END IF;
  IF moved THEN
    NEW.moved_on := greatest(NEW.moved_on, location_date);
  END IF;
  RETURN NEW;
END;
$$;

-- Only rows whose watched fields differ call the function: an import's unchanged or inserted
-- rows cost nothing here.
CREATE TRIGGER physicians_record_changes
  BEFORE UPDATE OF city, state, zip, organization, license_states ON physicians
  FOR EACH ROW
  WHEN (OLD.city IS DISTINCT FROM NEW.city OR OLD.state IS DISTINCT FROM NEW.state OR OLD.zip IS DISTINCT FROM NEW.zip
        OR OLD.organization IS DISTINCT FROM NEW.organization OR OLD.license_states IS DISTINCT FROM NEW.license_states)
  EXECUTE FUNCTION record_physician_changes();
