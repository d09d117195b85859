-- Outreach, second part (docs/decisions/066-outreach.md): the preference centre's single-use link
-- asked for by email, and spam complaints from the mail provider's feedback loop.

-- A link to the preference centre, asked for by email: the hash of its random token, good once
-- within 24 hours. Using it stores the hash of a second random value, the page's credential for
-- the next hour (the page reads and saves with it). The physician is the one the address belongs
-- to; removing them removes their links.
CREATE TABLE outreach_preference_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  physician_id integer NOT NULL REFERENCES physicians (id) ON DELETE CASCADE,
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  access_hash text UNIQUE,
  access_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outreach_preference_links_physician_idx ON outreach_preference_links (physician_id);
CREATE INDEX outreach_preference_links_expires_idx ON outreach_preference_links (expires_at);

-- 'complained': the recipient marked the message as spam (the provider's feedback loop). It went
-- out, so it counts against the contact limit like the other statuses of mail that went.
ALTER TABLE outreach_messages DROP CONSTRAINT outreach_messages_status_check;
ALTER TABLE outreach_messages ADD CONSTRAINT outreach_messages_status_check
  CHECK (status IN ('queued', 'sent', 'bounced', 'unsubscribed', 'complained', 'cancelled', 'skipped'));
DROP INDEX outreach_messages_limit_idx;
CREATE INDEX outreach_messages_limit_idx ON outreach_messages (physician_id, created_at)
  WHERE status IN ('queued', 'sent', 'bounced', 'unsubscribed', 'complained');
