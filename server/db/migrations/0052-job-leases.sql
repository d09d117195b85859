-- The job runner's leases (docs/decisions/057-one-job-runner.md): a job that must run once across
-- server processes (the billing pass) is run by the process that holds its row. A process takes
-- the row for one period with a single INSERT ... ON CONFLICT statement when the row is free (its
-- leased_until has passed) or already its own; a process that stopped loses it when it lapses.
CREATE TABLE job_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  leased_until timestamptz NOT NULL
);
