-- Freshest source wins for the practice location and the office phone
-- (docs/decisions/035-freshest-source-and-move-signals.md). Each keeps the source that supplied
-- its current value and that source's date: NPPES the record's Last Update Date, Doctors and
-- Clinicians the file's date, a resume its approval day. An import replaces a value only with one
-- dated later (on the same day: NPPES, the address of record, or the same source again).
ALTER TABLE physicians
  ADD COLUMN location_source text CHECK (location_source IN ('nppes', 'dac', 'resume')),
  ADD COLUMN location_source_date date;
ALTER TABLE physician_contacts
  ADD COLUMN office_phone_source text CHECK (office_phone_source IN ('nppes', 'dac', 'resume')),
  ADD COLUMN office_phone_source_date date;

-- What earlier imports wrote: NPPES records their location and phone as of their own dates, DAC
-- records as of the day DAC last refreshed them.
UPDATE physicians
   SET location_source = source,
       location_source_date = CASE WHEN source = 'nppes' THEN coalesce(npi_last_updated, enumeration_date)
                                   ELSE dac_refreshed_at::date END
 WHERE source IN ('nppes', 'dac') AND (city IS NOT NULL OR state IS NOT NULL OR zip IS NOT NULL);
UPDATE physician_contacts c
   SET office_phone_source = 'nppes', office_phone_source_date = coalesce(p.npi_last_updated, p.enumeration_date)
  FROM physicians p
 WHERE p.id = c.physician_id AND p.source = 'nppes' AND c.office_phone IS NOT NULL;
