-- Hospital affiliations from CMS (docs/decisions/063-hospital-affiliations-and-licences.md).
-- Hospital_General_Information.csv -> hospitals, one row per CMS Certification Number (CCN: six
-- characters, leading zeros kept). Facility_Affiliation.csv -> physicians.affiliations, the
-- physician's facilities in the file's order: [{"ccn", "type", "parent"}] (parent: the hospital's
-- CCN when the affiliation is with a unit inside it). They live on the physician's row so the
-- directory's journal, the change trigger and the index read them as they read every other field.
CREATE TABLE hospitals (
  ccn text PRIMARY KEY CHECK (ccn ~ '^[0-9A-Z]{6}$'),
  name text NOT NULL,
  address text,
  city text,
  state text,
  zip text,
  county text,
  phone text,
  hospital_type text,
  ownership text,
  emergency_services boolean,
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE physicians ADD COLUMN affiliations jsonb;

-- What the index reads of them, kept beside them by the database on every write (the index's
-- rows then read two arrays, not the JSON): the facilities' CCNs and their units' parent
-- hospitals' (sorted, distinct), and their facility types. NULL when there are none.
CREATE FUNCTION physician_facility_items(affiliations jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(DISTINCT x ORDER BY x) FROM (
    SELECT a->>'ccn' AS x FROM jsonb_array_elements(CASE WHEN jsonb_typeof(affiliations) = 'array' THEN affiliations ELSE '[]' END) a
    UNION ALL
    SELECT a->>'parent' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(affiliations) = 'array' THEN affiliations ELSE '[]' END) a
    WHERE a->>'parent' IS NOT NULL
  ) f WHERE x IS NOT NULL
$$;
CREATE FUNCTION physician_facility_types(affiliations jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(DISTINCT a->>'type' ORDER BY a->>'type')
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(affiliations) = 'array' THEN affiliations ELSE '[]' END) a
  WHERE a->>'type' IS NOT NULL
$$;
ALTER TABLE physicians
  ADD COLUMN facility_ccns text[] GENERATED ALWAYS AS (physician_facility_items(affiliations)) STORED,
  ADD COLUMN facility_types text[] GENERATED ALWAYS AS (physician_facility_types(affiliations)) STORED;

-- The NPIs a run of the affiliations file named, so that the end of a whole file ends the
-- affiliations of the physicians it no longer names (written with each batch: a resumed run keeps them).
CREATE TABLE import_seen_npis (
  run_id bigint NOT NULL REFERENCES import_runs (id) ON DELETE CASCADE,
  npi text NOT NULL,
  PRIMARY KEY (run_id, npi)
);

ALTER TABLE import_runs DROP CONSTRAINT import_runs_kind_check;
ALTER TABLE import_runs ADD CONSTRAINT import_runs_kind_check CHECK (kind IN ('nppes', 'dac', 'hospitals', 'affiliations'));
ALTER TABLE import_uploads DROP CONSTRAINT import_uploads_kind_check;
ALTER TABLE import_uploads ADD CONSTRAINT import_uploads_kind_check CHECK (kind IN ('nppes', 'dac', 'hospitals', 'affiliations'));

ALTER TABLE physician_changes DROP CONSTRAINT physician_changes_field_check;
ALTER TABLE physician_changes ADD CONSTRAINT physician_changes_field_check
  CHECK (field IN ('city', 'state', 'zip', 'organization', 'license_states', 'hospitals'));
ALTER TABLE physician_changes DROP CONSTRAINT physician_changes_source_check;
ALTER TABLE physician_changes ADD CONSTRAINT physician_changes_source_check CHECK (source IN ('nppes', 'dac', 'affiliations'));

-- A physician's facilities as the change rows name them: the hospital's name (or 'CCN <n>' for a
-- facility the hospitals file does not hold), in the order given, '; ' between.
CREATE OR REPLACE FUNCTION physician_facility_names(affiliations jsonb) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT string_agg(coalesce(h.name, 'CCN ' || (a.value->>'ccn')), '; ' ORDER BY a.ordinality)
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(affiliations) = 'array' THEN affiliations ELSE '[]' END)
    WITH ORDINALITY AS a(value, ordinality)
  LEFT JOIN hospitals h ON h.ccn = a.value->>'ccn'
$$;

-- The CCNs of a physician's facilities, sorted (two files listing them in another order: no change).
CREATE OR REPLACE FUNCTION physician_facility_ccns(affiliations jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT a->>'ccn' ORDER BY a->>'ccn'), '{}')
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(affiliations) = 'array' THEN affiliations ELSE '[]' END) a
$$;

-- The change trigger of 0050 with one more field: a new or ended facility affiliation (after the
-- first file that gave the physician any) is a change and a move signal, dated by the file.
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
  location_date := coalesce(NEW.location_source_date, on_date);
  location_from := CASE WHEN NEW.location_source IN ('nppes', 'dac') THEN NEW.location_source ELSE change_source END;
  IF OLD.city IS NOT NULL AND physician_place_key(OLD.city) IS DISTINCT FROM physician_place_key(NEW.city)
     AND (left(physician_change_key(OLD.zip), 5) IS DISTINCT FROM left(physician_change_key(NEW.zip), 5) OR NEW.zip IS NULL OR OLD.zip IS NULL) THEN
    INSERT INTO physician_changes (physician_id, field, old_value, new_value, source, source_date)
    VALUES (NEW.id, 'city', OLD.city, NEW.city, location_from, location_date);
    moved := true;
  END IF;
  IF OLD.state IS NOT NULL AND physician_change_key(OLD.state) IS DISTINCT FROM physician_change_key(NEW.state) THEN
    INSERT INTO physician_changes (physician_id, field, old_value, new_value, source, source_date)
    VALUES (NEW.id, 'state', OLD.state, NEW.state, location_from, location_date);
    moved := true;
  END IF;
  IF OLD.zip IS NOT NULL AND left(physician_change_key(OLD.zip), 5) IS DISTINCT FROM left(physician_change_key(NEW.zip), 5) THEN
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
  IF OLD.affiliations IS NOT NULL AND cardinality(physician_facility_ccns(OLD.affiliations)) > 0
     AND physician_facility_ccns(OLD.affiliations) IS DISTINCT FROM physician_facility_ccns(NEW.affiliations) THEN
    INSERT INTO physician_changes (physician_id, field, old_value, new_value, source, source_date)
    VALUES (NEW.id, 'hospitals', physician_facility_names(OLD.affiliations),
            physician_facility_names(NEW.affiliations), change_source, on_date);
    NEW.moved_on := greatest(NEW.moved_on, on_date);
  END IF;
  IF moved THEN
    NEW.moved_on := greatest(NEW.moved_on, location_date);
  END IF;
  RETURN NEW;
END;
$$;

DROP TRIGGER physicians_record_changes ON physicians;
CREATE TRIGGER physicians_record_changes
  BEFORE UPDATE OF city, state, zip, organization, license_states, affiliations ON physicians
  FOR EACH ROW
  WHEN (OLD.city IS DISTINCT FROM NEW.city OR OLD.state IS DISTINCT FROM NEW.state OR OLD.zip IS DISTINCT FROM NEW.zip
        OR OLD.organization IS DISTINCT FROM NEW.organization OR OLD.license_states IS DISTINCT FROM NEW.license_states
        OR OLD.affiliations IS DISTINCT FROM NEW.affiliations)
  EXECUTE FUNCTION record_physician_changes();
