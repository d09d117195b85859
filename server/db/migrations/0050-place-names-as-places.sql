-- Place names compared as places (docs/decisions/035-freshest-source-and-move-signals.md):
-- between two monthly NPPES files SAINT LOUIS -> ST LOUIS, FORT WAYNE -> FT WAYNE and
-- MT. VERNON -> MOUNT VERNON each wrote a change row and set moved_on. A city's key now spells
-- St/Ste/Ft/Mt out (as a whole word, wherever it stands: EAST ST LOUIS), after case and
-- punctuation are folded as before; the ZIP compares on its first five digits.
CREATE OR REPLACE FUNCTION physician_place_key(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT replace(
    regexp_replace(regexp_replace(regexp_replace(regexp_replace(
      ' ' || regexp_replace(lower(value), '[^a-z0-9]+', ' ', 'g') || ' ',
      ' st (?=[a-z])', ' saint ', 'g'),
      ' ste (?=[a-z])', ' sainte ', 'g'),
      ' ft (?=[a-z])', ' fort ', 'g'),
      ' mt (?=[a-z])', ' mount ', 'g'),
    ' ', '')
$$;

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
  -- A city is a place: Saint/St, Fort/Ft, Mount/Mt and spacing fold to one key, and a name that
  -- still differs within the same 5-digit ZIP is another name of that place (USPS's alternate
  -- city names), not a move.
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
  -- A ZIP is its first five digits: a new ZIP+4 in the same ZIP is no move.
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
  IF moved THEN
    NEW.moved_on := greatest(NEW.moved_on, location_date);
  END IF;
  RETURN NEW;
END;
$$;

