-- The indexes the reports read by time, made by the migrations on every database. The first
-- reports migration was numbered before the tables they are on: on a new database it left them
-- to report_ensure_indexes(), called when the app starts, while a database upgraded past it got
-- them from the migration — so a migrated schema depended on its history. Same definitions as
-- report_ensure_indexes (which stays, and finds them made).
CREATE INDEX IF NOT EXISTS provider_transactions_created_idx ON provider_transactions (created_at, id);
CREATE INDEX IF NOT EXISTS deposits_decided_idx ON deposits (decided_at) WHERE decided_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS withdrawals_decided_idx ON withdrawals (decided_at) WHERE decided_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS ledger_transactions_report_idx ON ledger_transactions (created_at)
  WHERE type = 'adjustment' OR type LIKE 'bonus%';
CREATE INDEX IF NOT EXISTS members_created_idx ON members (created_at);
CREATE INDEX IF NOT EXISTS provider_win_reviews_decided_idx ON provider_win_reviews (decided_at)
  WHERE status = 'rejected';
