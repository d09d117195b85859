-- The /users page (paged and searched on the server): newest sign-ups first without sorting every
-- user, and "email contains" answered from a trigram index instead of a scan of every address.
CREATE INDEX users_created_idx ON users (created_at DESC, id);
CREATE INDEX users_email_trgm_idx ON users USING gin (lower(email) gin_trgm_ops);
