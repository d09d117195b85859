-- Admin screens: the dashboard counts exports and reveals of the last 30 days, and the audit view
-- filters by actor; without these, both read whole tables as they grow.
CREATE INDEX export_logs_date_idx ON export_logs (export_date);
CREATE INDEX contact_reveals_created_idx ON contact_reveals (created_at);
CREATE INDEX audit_events_created_idx ON audit_events (created_at DESC);
CREATE INDEX audit_events_actor_idx ON audit_events (actor_user_id, created_at DESC);
CREATE INDEX candidate_submissions_processed_idx ON candidate_submissions (status, processed_at DESC);
