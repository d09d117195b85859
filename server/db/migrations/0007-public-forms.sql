-- Public forms: suppression by keyed hash, removal requests that forget the address once used,
-- one pending resume per email.

-- The suppression list keeps HMAC-SHA256 hashes (hex) of lower-cased, trimmed emails and NPIs,
-- never the values themselves, so the removal list does not keep the data it removed
-- (docs/decisions/013-suppression-keyed-hashes.md). It replaces suppressed_emails (never written).
DROP TABLE suppressed_emails;
CREATE TABLE suppressions (
  kind text NOT NULL CHECK (kind IN ('email', 'npi')),
  value_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, value_hash)
);

-- A confirmed request clears its address; only the hash of the token is ever stored.
ALTER TABLE removal_requests ALTER COLUMN email DROP NOT NULL;
CREATE INDEX removal_requests_expires_idx ON removal_requests (expires_at) WHERE confirmed_at IS NULL;

-- A second pending submission from the same address replaces the first (the service deletes the
-- old one in the same transaction); the index makes two concurrent submissions unable to pile up.
CREATE UNIQUE INDEX candidate_submissions_pending_email_idx
  ON candidate_submissions (lower(email)) WHERE status = 'pending';

CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC);
