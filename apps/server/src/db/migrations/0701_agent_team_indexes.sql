-- Agent centre team figures: every figure is read from the round records
-- (provider_transactions) and the ledger, for the members of a team (member_tree), over a period.
--
-- A member's bets, wins and rollbacks in a time range, with what the figures need, so a team's
-- rows are read from the index alone (a small team: one range scan per member).
CREATE INDEX provider_transactions_member_time_idx
  ON provider_transactions (member_id, created_at) INCLUDE (kind, amount, vendor);
-- The same rows by time, for a big team (a top agent's): one range scan of the period, joined to
-- the team's closure rows by hash.
CREATE INDEX provider_transactions_time_member_idx
  ON provider_transactions (created_at) INCLUDE (member_id, kind, amount, vendor)
  WHERE kind IN ('bet', 'win', 'rollback');
-- A member's deposits and paid withdrawals in a time range (team deposits and withdrawals).
CREATE INDEX ledger_transactions_member_cash_idx
  ON ledger_transactions (member_id, created_at)
  WHERE type IN ('deposit', 'withdrawal_paid');
-- The downline transaction details page: a member's transactions by time.
CREATE INDEX ledger_transactions_member_time_idx ON ledger_transactions (member_id, created_at);
