-- A verification link only verifies (ADR 028): it no longer carries the password of the sign-up
-- that asked for it, so a second sign-up for an address can never set that account's password.
-- Links issued before this migration stop setting one too.
ALTER TABLE auth_tokens DROP COLUMN password_hash;

-- Forgot-password, resend-verification and sign-up do the same writes for an address without an
-- account (or without a link to send): a token row with no user, expired when written, that
-- nothing can use and the maintenance pass deletes. The two paths then take the same time.
ALTER TABLE auth_tokens ALTER COLUMN user_id DROP NOT NULL;
