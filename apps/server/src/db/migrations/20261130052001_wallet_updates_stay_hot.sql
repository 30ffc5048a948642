-- Every bet and win updates one member account's balance (ledger_move_member). An index on
-- ledger_accounts.balance makes each such update a non-HOT one: a new row version in every index
-- of the table, and dead index entries under each busy member's account that the next lookup of
-- it walks. Without it, the balance update stays on its page (HOT) and the account's indexes do
-- not grow with play: measured on bench/wallet's database-only run, +15% operations a second.
-- The players list's balance range (members/repo.ts) reads the main accounts instead: a scan of
-- ledger_accounts, done by a back-office page, never by the wallet's hot path.
DROP INDEX IF EXISTS ledger_accounts_kind_balance_idx;
