-- Files only move forward (docs/decisions/035-freshest-source-and-move-signals.md): an NPPES
-- import removes a deactivated NPI's physician, and an older file imported afterwards must not
-- put it back. The deactivation (its date, as NPPES gives it) is what remains of the removal.
CREATE TABLE deactivated_npis (
  npi text PRIMARY KEY,
  deactivated_on date NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
