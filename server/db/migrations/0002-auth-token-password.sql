-- A verification link carries the password hash of the sign-up that asked for it, and verifying
-- sets that password. Someone who signs up first with another person's address therefore cannot
-- keep a password on the account the owner later verifies (account pre-hijacking).
ALTER TABLE auth_tokens ADD COLUMN password_hash text;
