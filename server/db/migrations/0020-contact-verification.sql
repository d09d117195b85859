-- Contact verification (docs/decisions/032-contact-verification.md). Each of the four values
-- carries what its last check found: a verification (valid, invalid, risky, unknown), a
-- confidence 0-100 and the method; <field>_verified_at (0011) is the date of that check. A
-- value never checked by the pipeline has method NULL: existing values are all such, so the
-- re-verification job checks every one of them first.
ALTER TABLE physician_contacts
  ADD COLUMN personal_email_verification text NOT NULL DEFAULT 'unknown'
    CHECK (personal_email_verification IN ('valid', 'invalid', 'risky', 'unknown')),
  ADD COLUMN personal_email_confidence smallint CHECK (personal_email_confidence BETWEEN 0 AND 100),
  ADD COLUMN personal_email_method text CHECK (personal_email_method IN ('builtin', 'zerobounce', 'twilio', 'operator')),
  ADD COLUMN work_email_verification text NOT NULL DEFAULT 'unknown'
    CHECK (work_email_verification IN ('valid', 'invalid', 'risky', 'unknown')),
  ADD COLUMN work_email_confidence smallint CHECK (work_email_confidence BETWEEN 0 AND 100),
  ADD COLUMN work_email_method text CHECK (work_email_method IN ('builtin', 'zerobounce', 'twilio', 'operator')),
  ADD COLUMN mobile_phone_verification text NOT NULL DEFAULT 'unknown'
    CHECK (mobile_phone_verification IN ('valid', 'invalid', 'risky', 'unknown')),
  ADD COLUMN mobile_phone_confidence smallint CHECK (mobile_phone_confidence BETWEEN 0 AND 100),
  ADD COLUMN mobile_phone_method text CHECK (mobile_phone_method IN ('builtin', 'zerobounce', 'twilio', 'operator')),
  ADD COLUMN office_phone_verification text NOT NULL DEFAULT 'unknown'
    CHECK (office_phone_verification IN ('valid', 'invalid', 'risky', 'unknown')),
  ADD COLUMN office_phone_confidence smallint CHECK (office_phone_confidence BETWEEN 0 AND 100),
  ADD COLUMN office_phone_method text CHECK (office_phone_method IN ('builtin', 'zerobounce', 'twilio', 'operator')),
  -- The queue (server/features/verification): the oldest check among the row's present values
  -- (NULL: one was never checked), a report's request to check values first, the claim of the
  -- process checking it now (a lease: a crashed process's rows come back when it passes) and the
  -- backoff after a provider error.
  ADD COLUMN checked_at timestamptz,
  ADD COLUMN verify_requested_at timestamptz,
  ADD COLUMN verify_requested_fields text[],
  ADD COLUMN verify_lease_until timestamptz,
  ADD COLUMN verify_attempts smallint NOT NULL DEFAULT 0,
  ADD COLUMN verify_error text;

-- Due rows, oldest check first; reported values before everything.
CREATE INDEX physician_contacts_checked_idx ON physician_contacts (checked_at NULLS FIRST, physician_id);
CREATE INDEX physician_contacts_requested_idx ON physician_contacts (verify_requested_at)
  WHERE verify_requested_at IS NOT NULL;

-- The job's shared state, one row: the rate window (values checked this minute, across every
-- server process) and the backoff after a provider error or a spent quota.
CREATE TABLE verification_state (
  id text PRIMARY KEY,
  window_start timestamptz,
  window_used integer NOT NULL DEFAULT 0,
  backoff_until timestamptz,
  failures integer NOT NULL DEFAULT 0,
  last_error text,
  last_run_at timestamptz,
  last_batch jsonb
);
INSERT INTO verification_state (id) VALUES ('queue');
