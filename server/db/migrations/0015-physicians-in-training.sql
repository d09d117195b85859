-- Residents and fellows (NUCC 390200000X with an MD or DO credential) are imported with this
-- flag, and the directory filters on it (docs/decisions/029-import-resync-and-specialty-language.md).
ALTER TABLE physicians ADD COLUMN in_training boolean NOT NULL DEFAULT false;
