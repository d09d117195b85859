-- New-match alerts on saved searches (docs/decisions/024-new-match-alerts.md).
-- alert: how often a digest may be sent. alert_checked_at: the end of the last window of
-- directory changes looked at (new matches are the physicians added or changed after it).
ALTER TABLE saved_searches ADD COLUMN alert text NOT NULL DEFAULT 'off' CHECK (alert IN ('off', 'daily', 'weekly'));
ALTER TABLE saved_searches ADD COLUMN alert_checked_at timestamptz;
ALTER TABLE saved_searches ADD COLUMN alert_sent_at timestamptz;
CREATE INDEX saved_searches_alert_due_idx ON saved_searches (alert_checked_at) WHERE alert <> 'off';

-- The window query of every alert run: physicians added or changed since a moment.
CREATE INDEX physicians_updated_at_idx ON physicians (updated_at);
