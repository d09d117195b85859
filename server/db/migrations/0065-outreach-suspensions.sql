-- Senders (a team, or a recruiter in no team) the operators stopped from sending outreach
-- (docs/decisions/066-outreach.md): their campaigns are refused until the row goes.
CREATE TABLE outreach_suspended_senders (
  sender text PRIMARY KEY,
  suspended_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
