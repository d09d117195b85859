-- Security and operations: the outbox becomes a durable mail queue, rate-limit counters
-- can live in the database (shared by every server process), sessions gain an idle timeout.

-- Mail queue. Rows written by enqueueEmail start 'queued'; the mail worker claims due rows with
-- FOR UPDATE SKIP LOCKED (so two server processes never take the same row), marks them 'sending'
-- with a lease in next_attempt_at, then 'sent' or back to 'queued' with a backoff, and 'failed'
-- after the last attempt. Rows from before this migration were already delivered.
ALTER TABLE email_outbox
  ADD COLUMN status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN sent_at timestamptz,
  ADD COLUMN last_error text;
UPDATE email_outbox SET status = 'sent', sent_at = created_at;
CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status IN ('queued', 'sending');

-- Rate-limit windows shared by every server process on one PostgreSQL: per key, the times
-- (epoch milliseconds) of the attempts inside the window. UNLOGGED: counters need not survive a
-- database crash, and skipping the WAL keeps each hit cheap.
CREATE UNLOGGED TABLE rate_limit_hits (
  key text PRIMARY KEY,
  hits double precision[] NOT NULL,
  allowed boolean NOT NULL DEFAULT true,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_expires_idx ON rate_limit_hits (expires_at);

CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
CREATE INDEX auth_tokens_expires_at_idx ON auth_tokens (expires_at);
