-- The indexes the reports' live tail and rollup read by time. Called when the app starts (the
-- reports module). The first reports migration was numbered before the tables these indexes are
-- on, so on a new database it made none of them and the call at start did; a later migration
-- makes them for every database. Returns at once when they exist (no lock taken).
CREATE OR REPLACE FUNCTION report_ensure_indexes() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('provider_win_reviews') IS NULL OR to_regclass('members') IS NULL
     OR to_regclass('ledger_transactions') IS NULL OR to_regclass('deposits') IS NULL THEN
    RETURN; -- a fresh database still migrating: the app's start calls this again
  END IF;
  IF to_regclass('provider_transactions_created_idx') IS NOT NULL
     AND to_regclass('provider_win_reviews_decided_idx') IS NOT NULL THEN
    RETURN; -- made already (the usual case: no lock taken)
  END IF;
  PERFORM pg_advisory_xact_lock(72250);
  CREATE INDEX IF NOT EXISTS provider_transactions_created_idx ON provider_transactions (created_at, id);
  CREATE INDEX IF NOT EXISTS deposits_decided_idx ON deposits (decided_at) WHERE decided_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS withdrawals_decided_idx ON withdrawals (decided_at) WHERE decided_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS ledger_transactions_report_idx ON ledger_transactions (created_at)
    WHERE type = 'adjustment' OR type LIKE 'bonus%';
  CREATE INDEX IF NOT EXISTS members_created_idx ON members (created_at);
  CREATE INDEX IF NOT EXISTS provider_win_reviews_decided_idx ON provider_win_reviews (decided_at)
    WHERE status = 'rejected';
END;
$$;
