-- Outreach (docs/decisions/066-outreach.md): recruiters email physicians from the product through the
-- mail queue, with a contact limit across all customers, one-click unsubscribe and the physician's
-- own preferences.

-- The mail queue carries what outreach needs: the one-click unsubscribe headers, the recruiter as
-- Reply-To and in the From name, and the outreach message a row delivers (its bounce marks it).
-- 'cancelled': withdrawn before sending (the recipient unsubscribed in between).
ALTER TABLE email_outbox
  ADD COLUMN headers jsonb,
  ADD COLUMN reply_to text,
  ADD COLUMN from_name text,
  ADD COLUMN outreach_message_id uuid;
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'cancelled'));
CREATE INDEX email_outbox_outreach_idx ON email_outbox (outreach_message_id) WHERE outreach_message_id IS NOT NULL;

CREATE TABLE outreach_campaigns (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  team_id uuid REFERENCES teams (id) ON DELETE SET NULL,
  subject text NOT NULL,
  body text NOT NULL,
  pay_range text,
  source text NOT NULL CHECK (source IN ('selection', 'list')),
  list_id uuid,
  send_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outreach_campaigns_user_idx ON outreach_campaigns (user_id, created_at DESC);

-- One row per recipient: queued (in the mail queue), sent, bounced, unsubscribed (after it was
-- sent), cancelled (withdrawn before sending), or skipped with the reason.
CREATE TABLE outreach_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  campaign_id uuid NOT NULL REFERENCES outreach_campaigns (id) ON DELETE CASCADE,
  physician_id integer NOT NULL,
  email text,
  sender text NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'sent', 'bounced', 'unsubscribed', 'cancelled', 'skipped')),
  skip_reason text CHECK (skip_reason IN ('no_valid_email', 'contact_limit', 'unsubscribed', 'not_looking', 'daily_ceiling')),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outreach_messages_campaign_idx ON outreach_messages (campaign_id);
-- The contact limit counts a physician's messages of the last 30 days that went or will go out.
CREATE INDEX outreach_messages_limit_idx ON outreach_messages (physician_id, created_at) WHERE status IN ('queued', 'sent', 'bounced', 'unsubscribed');
CREATE INDEX outreach_messages_email_idx ON outreach_messages (lower(email)) WHERE email IS NOT NULL;

-- A row per physician ever sent to, locked (in physician order) by every transaction that queues
-- messages to them: two processes and two customers queueing at once take turns per physician,
-- so the limit is never passed.
CREATE TABLE outreach_contact_locks (physician_id integer PRIMARY KEY);

-- The physician's choices (the preference centre): whether they are looking, how many recruiter
-- emails a month (0-4), what interests them.
CREATE TABLE outreach_preferences (
  physician_id integer PRIMARY KEY,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('looking', 'open', 'not_looking')),
  monthly_max integer NOT NULL DEFAULT 4 CHECK (monthly_max BETWEEN 0 AND 4),
  locations text[] NOT NULL DEFAULT '{}',
  specialties text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Unsubscribes by address (lower case): sender '' stops every customer's outreach, else one sender's
-- (a team id or a user id). Kept without end: an opt-out never lapses.
CREATE TABLE outreach_unsubscribes (
  email text NOT NULL,
  sender text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (email, sender)
);
