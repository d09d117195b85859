-- 'Report wrong contact': a value is marked reported for everyone after two different users
-- report it, or when an operator confirms the report ('confirmed'); one report alone changes
-- only its reporter's view (docs/decisions/030-resume-confirmation-and-reports.md).
ALTER TABLE contact_reports DROP CONSTRAINT contact_reports_resolution_check;
ALTER TABLE contact_reports
  ADD CONSTRAINT contact_reports_resolution_check CHECK (resolution IN ('reverified', 'removed', 'confirmed'));
-- The reveal reads the caller's open reports of a physician.
CREATE INDEX contact_reports_open_user_idx ON contact_reports (user_id, physician_id) WHERE resolved_at IS NULL;
