-- The runs under way, by the end of their lease: whoever looks at the queue marks a run whose
-- process died (its lease over) and that nothing will retry as failed, with this index, so the
-- look stays cheap however long the history grows. Few rows are ever 'running'.
CREATE INDEX job_runs_running ON job_runs (lease_until) WHERE state = 'running';
