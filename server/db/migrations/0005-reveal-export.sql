-- Contact reveal and export.
-- A reveal of a physician the same user already paid for in the last 30 days is free: it is still
-- recorded (and audited) but does not count against the daily ceiling.
ALTER TABLE contact_reveals ADD COLUMN counted boolean NOT NULL DEFAULT true;
-- "Did this user pay for this physician in the last 30 days?" is asked on every reveal.
CREATE INDEX contact_reveals_user_physician_idx ON contact_reveals (user_id, physician_id, created_at);
-- Exports are CSV, Excel or PDF; the Exports tab shows which.
ALTER TABLE export_logs ADD CONSTRAINT export_logs_format_check CHECK (format IN ('csv', 'xlsx', 'pdf'));
