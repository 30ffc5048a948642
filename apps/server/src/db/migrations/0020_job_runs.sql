-- The job queue's run history. pg-boss (schema `pgboss`,
-- created and upgraded by the library itself) queues, retries and expires the jobs; this table
-- is the platform's own record of what ran, and its unique key is the rule every scheduled job
-- relies on: one run per (job, period) across every process. A retry of a failed period is the
-- same row again (attempts + 1), never a second row; a manual run from the back office has a
-- period key of its own ("manual:…"), so it never takes a scheduled period's place.
CREATE TABLE job_runs (
  id bigserial PRIMARY KEY,
  job text NOT NULL,
  period_key text NOT NULL,
  -- The cron occurrence the run is for (for a manual run: when it was asked for).
  scheduled_for timestamptz NOT NULL,
  manual boolean NOT NULL DEFAULT false,
  -- The operator who asked for a manual run (operators.id; the audit log has the rest).
  requested_by bigint,
  state text NOT NULL CHECK (state IN ('running', 'succeeded', 'retrying', 'failed')),
  attempts integer NOT NULL DEFAULT 1 CHECK (attempts >= 1),
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  -- A run still 'running' after this is taken to have died with its process and may be retried.
  lease_until timestamptz NOT NULL,
  result jsonb,
  error text,
  CONSTRAINT job_runs_period UNIQUE (job, period_key)
);
CREATE INDEX job_runs_recent ON job_runs (started_at DESC, id DESC);
CREATE INDEX job_runs_job_recent ON job_runs (job, started_at DESC, id DESC);
