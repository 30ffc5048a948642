-- The daily reconciliation: the scheduler runs ledger.ts `reconcile` once per
-- Manila day and keeps the verdict here, so the back office shows every day's result beside the
-- run the operator can start at any time. One row per day: a second run of the day adds nothing.
CREATE TABLE reconciliation_reports (
  day date PRIMARY KEY,
  ok boolean NOT NULL,
  accounts integer NOT NULL,
  transactions integer NOT NULL,
  balance_mismatches integer NOT NULL,
  unbalanced_transactions integer NOT NULL,
  totals jsonb NOT NULL,
  ran_at timestamptz NOT NULL
);
