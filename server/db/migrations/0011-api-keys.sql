-- API keys (ADR 022): a premium or admin user's named keys for the public REST API.
-- Only the SHA-256 of a key is kept (the key is shown once); `prefix` is its first characters, to
-- tell keys apart in the list. A revoked key keeps its row (audit rows name it) and never works again.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Written at most once a minute per key (like sessions.last_seen_at).
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at);
