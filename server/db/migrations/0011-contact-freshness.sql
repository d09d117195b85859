-- Contact freshness and wrong-contact reports (ADR 022).
-- Each of the four contact values carries a status and the date it was last verified;
-- physicians.verified_at is the latest verified_at of its verified contacts (kept by the code
-- that changes a status: contacts/repo.ts refreshPhysicianVerifiedAt, resume approval).
ALTER TABLE physician_contacts
  ADD COLUMN personal_email_status text NOT NULL DEFAULT 'unverified',
  ADD COLUMN personal_email_verified_at timestamptz,
  ADD COLUMN work_email_status text NOT NULL DEFAULT 'unverified',
  ADD COLUMN work_email_verified_at timestamptz,
  ADD COLUMN mobile_phone_status text NOT NULL DEFAULT 'unverified',
  ADD COLUMN mobile_phone_verified_at timestamptz,
  ADD COLUMN office_phone_status text NOT NULL DEFAULT 'unverified',
  ADD COLUMN office_phone_verified_at timestamptz,
  ADD CONSTRAINT physician_contacts_personal_email_status_check CHECK (personal_email_status IN ('verified', 'unverified', 'reported')),
  ADD CONSTRAINT physician_contacts_work_email_status_check CHECK (work_email_status IN ('verified', 'unverified', 'reported')),
  ADD CONSTRAINT physician_contacts_mobile_phone_status_check CHECK (mobile_phone_status IN ('verified', 'unverified', 'reported')),
  ADD CONSTRAINT physician_contacts_office_phone_status_check CHECK (office_phone_status IN ('verified', 'unverified', 'reported'));

-- Existing rows: a value present on a physician with a verification date was verified then.
UPDATE physician_contacts c
   SET personal_email_status = CASE WHEN c.personal_email IS NOT NULL THEN 'verified' ELSE 'unverified' END,
       personal_email_verified_at = CASE WHEN c.personal_email IS NOT NULL THEN p.verified_at END,
       work_email_status = CASE WHEN c.work_email IS NOT NULL THEN 'verified' ELSE 'unverified' END,
       work_email_verified_at = CASE WHEN c.work_email IS NOT NULL THEN p.verified_at END,
       mobile_phone_status = CASE WHEN c.mobile_phone IS NOT NULL THEN 'verified' ELSE 'unverified' END,
       mobile_phone_verified_at = CASE WHEN c.mobile_phone IS NOT NULL THEN p.verified_at END,
       office_phone_status = CASE WHEN c.office_phone IS NOT NULL THEN 'verified' ELSE 'unverified' END,
       office_phone_verified_at = CASE WHEN c.office_phone IS NOT NULL THEN p.verified_at END
  FROM physicians p
 WHERE p.id = c.physician_id AND p.verified_at IS NOT NULL;

-- 'Report wrong contact': one row per report. A report may give one counted reveal back to the
-- reporter's daily allowance (credited_reveal_id: each reveal at most once; at most 10 credits a day
-- per user). Open reports (resolved_at null) are the operators' queue on the admin dashboard.
CREATE TABLE contact_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  physician_id integer NOT NULL REFERENCES physicians (id) ON DELETE CASCADE,
  field text NOT NULL CHECK (field IN ('personal_email', 'work_email', 'mobile_phone', 'office_phone')),
  -- The value as it was reported (the operator sees what was called wrong, even after a change).
  reported_value text NOT NULL,
  reason text,
  credited_reveal_id bigint UNIQUE REFERENCES contact_reveals (id) ON DELETE SET NULL,
  credited boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolution text CHECK (resolution IN ('reverified', 'removed')),
  resolved_at timestamptz,
  resolved_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX contact_reports_open_idx ON contact_reports (created_at) WHERE resolved_at IS NULL;
CREATE INDEX contact_reports_credits_idx ON contact_reports (user_id, created_at) WHERE credited;
CREATE INDEX contact_reports_contact_idx ON contact_reports (physician_id, field);
