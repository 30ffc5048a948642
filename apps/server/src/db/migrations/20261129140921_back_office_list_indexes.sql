-- Indexes behind the back office's paged lists (each filter and order a list offers reads an
-- index, never the whole table):
-- - the trading desk's matches: by start time over every status (the existing partial index
--   covers only not_started/live), by status then start, and the open stake per match row
--   (a page's subquery reads the legs of its matches by match id); a team-name search reads
--   sb_teams (a few thousand rows) and then the matches by league/time;
-- - the ledger's transactions by time and by type then time (date range, type filter, order).
CREATE INDEX IF NOT EXISTS sb_matches_start_all_idx ON sb_matches (start_at, id);
CREATE INDEX IF NOT EXISTS sb_matches_status_start_idx ON sb_matches (status, start_at, id);
CREATE INDEX IF NOT EXISTS sb_bet_legs_match_idx ON sb_bet_legs (match_id, bet_id);
CREATE INDEX IF NOT EXISTS ledger_transactions_time_idx ON ledger_transactions (created_at, id);
CREATE INDEX IF NOT EXISTS ledger_transactions_type_time_idx ON ledger_transactions (type, created_at, id);
-- The audit log by operator and by time (its entity filter has audit_log_entity_idx).
CREATE INDEX IF NOT EXISTS audit_log_operator_idx ON audit_log (operator_name, id DESC);
CREATE INDEX IF NOT EXISTS audit_log_at_idx ON audit_log (at, id);
CREATE INDEX IF NOT EXISTS audit_log_entity_id_idx ON audit_log (entity_type, entity_id, id DESC);
-- Deposits and withdrawals by time over every status (the date range of their lists and CSV).
CREATE INDEX IF NOT EXISTS deposits_created_idx ON deposits (created_at, id);
CREATE INDEX IF NOT EXISTS withdrawals_created_idx ON withdrawals (created_at, id);
-- Players by last sign-in, status and KYC state (registration has members_created_idx, the
-- upline agent members_upline_idx).
CREATE INDEX IF NOT EXISTS members_last_login_idx ON members (last_login_at, id);
CREATE INDEX IF NOT EXISTS members_status_idx ON members (status, id);
CREATE INDEX IF NOT EXISTS members_kyc_idx ON members (kyc_status, id);
-- Held wins by time (their date range and CSV).
CREATE INDEX IF NOT EXISTS provider_win_reviews_created_idx ON provider_win_reviews (created_at, id);
