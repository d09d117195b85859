-- A busy key's window (hundreds of attempt times) passes 2 KB and was compressed on every hit:
-- most of the hit's cost under load. Kept out of line, uncompressed (ADR 044).
ALTER TABLE rate_limit_hits ALTER COLUMN hits SET STORAGE EXTERNAL;
