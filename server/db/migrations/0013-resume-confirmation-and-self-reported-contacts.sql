-- Resume submissions prove their email, and approvals never replace a physician's contacts
-- (docs/decisions/030-resume-confirmation-and-reports.md).

-- A submission is 'unconfirmed' until its address follows the emailed link (single use, 7 days);
-- operators see 'pending' and later only. Only the token's hash is kept; it is cleared once used.
ALTER TABLE candidate_submissions DROP CONSTRAINT candidate_submissions_status_check;
ALTER TABLE candidate_submissions
  ADD CONSTRAINT candidate_submissions_status_check CHECK (status IN ('unconfirmed', 'pending', 'approved', 'rejected')),
  ADD COLUMN confirm_token_hash text UNIQUE,
  ADD COLUMN confirm_expires_at timestamptz,
  ADD COLUMN confirmed_at timestamptz;
-- One unconfirmed submission per address (a newer one replaces it), beside at most one pending one.
CREATE UNIQUE INDEX candidate_submissions_unconfirmed_email_idx
  ON candidate_submissions (lower(email)) WHERE status = 'unconfirmed';
-- The maintenance pass deletes the expired ones.
CREATE INDEX candidate_submissions_unconfirmed_expires_idx
  ON candidate_submissions (confirm_expires_at) WHERE status = 'unconfirmed';

-- 'self_reported': a value the physician gave in a confirmed resume, not verified by us.
ALTER TABLE physician_contacts
  DROP CONSTRAINT physician_contacts_personal_email_status_check,
  DROP CONSTRAINT physician_contacts_work_email_status_check,
  DROP CONSTRAINT physician_contacts_mobile_phone_status_check,
  DROP CONSTRAINT physician_contacts_office_phone_status_check,
  ADD CONSTRAINT physician_contacts_personal_email_status_check CHECK (personal_email_status IN ('verified', 'unverified', 'reported', 'self_reported')),
  ADD CONSTRAINT physician_contacts_work_email_status_check CHECK (work_email_status IN ('verified', 'unverified', 'reported', 'self_reported')),
  ADD CONSTRAINT physician_contacts_mobile_phone_status_check CHECK (mobile_phone_status IN ('verified', 'unverified', 'reported', 'self_reported')),
  ADD CONSTRAINT physician_contacts_office_phone_status_check CHECK (office_phone_status IN ('verified', 'unverified', 'reported', 'self_reported')),
  -- A resume's email or phone that differs from the values on file when both of its kind's
  -- places are taken: kept beside them (the latest self-report), never instead of them.
  ADD COLUMN self_reported_email text,
  ADD COLUMN self_reported_phone text,
  ADD COLUMN self_reported_at timestamptz;
