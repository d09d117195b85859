-- Secrets only the database holds (ADR 049). 'index-snapshot' signs the directory index's snapshot
-- file (an HMAC over its header, which carries its content's SHA-256): a file written for another
-- database, by anyone who cannot read this one, or edited since, is not believed.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  secret bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- 32 bytes from two random uuids (gen_random_uuid draws from pg_strong_random: 244 random bits),
-- in core SQL on both engines (no pgcrypto).
INSERT INTO server_secrets (name, secret)
VALUES ('index-snapshot', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));
