-- More published views (see 20261129034653_published_views.sql and docs/modules.md): the rows
-- other modules read in their reports, pages and rules, so that no module names another
-- module's table. Each view is a plain projection of one table (no join, no aggregate), so a
-- reader's statement that joined the table joins the view instead and PostgreSQL inlines it:
-- the same plan on the same indexes. Readers only SELECT from a view; writes, and single-row
-- reads where the owner has a call for them, go through the owner's service.ts.

-- Owner: members. The directory gains the columns the agents' tree, the messages' segments, the
-- reports' sign-up counts and the VIP birthday bonus read (appended: the old columns keep their
-- places).
CREATE OR REPLACE VIEW member_directory AS
  SELECT id, username, mobile, email, currency, is_agent, status,
    upline_id, affiliate_code, language, birthday, created_at, last_login_at
  FROM members;

-- Owner: ledger. Each entry of the ledger (an account's movement) and each transaction (the
-- posting the entries belong to); with ledger_balances (the accounts) a reader joins them as it
-- joined the tables.
CREATE VIEW ledger_entry_log AS
  SELECT id, transaction_id, account_id, amount, balance_after, created_at FROM ledger_entries;
COMMENT ON VIEW ledger_entry_log IS
  'Published by the ledger module (owner of ledger_entries); read-only for other modules.';
CREATE VIEW ledger_transaction_log AS
  SELECT id, type, reference, member_id, created_at FROM ledger_transactions;
COMMENT ON VIEW ledger_transaction_log IS
  'Published by the ledger module (owner of ledger_transactions); read-only for other modules.';

-- Owner: providers. Each bet, win and rollback a game provider posted (and its refusals and
-- repeats, by kind), and the wins held above a vendor's maximum for an operator.
CREATE VIEW game_transaction_log AS
  SELECT id, vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id,
    game_code, bonus_id, bonus_amount, created_at
  FROM provider_transactions;
COMMENT ON VIEW game_transaction_log IS
  'Published by the providers module (owner of provider_transactions); read-only for other modules.';
CREATE VIEW held_win_log AS
  SELECT id, vendor, transaction_id, round_id, member_id, currency, amount, status, decided_at, created_at
  FROM provider_win_reviews;
COMMENT ON VIEW held_win_log IS
  'Published by the providers module (owner of provider_win_reviews); read-only for other modules.';

-- Owner: payments. Deposits, withdrawals and adjustments with their state, and the members'
-- payout accounts (the household check compares their numbers).
CREATE VIEW deposit_log AS
  SELECT id, member_id, request_id, channel_id, amount, currency, status, created_at, decided_at
  FROM deposits;
COMMENT ON VIEW deposit_log IS
  'Published by the payments module (owner of deposits); read-only for other modules.';
CREATE VIEW withdrawal_log AS
  SELECT id, member_id, amount, currency, status, created_at, decided_at FROM withdrawals;
COMMENT ON VIEW withdrawal_log IS
  'Published by the payments module (owner of withdrawals); read-only for other modules.';
CREATE VIEW adjustment_log AS
  SELECT id, member_id, amount, currency, status, created_at, decided_at FROM adjustments;
COMMENT ON VIEW adjustment_log IS
  'Published by the payments module (owner of adjustments); read-only for other modules.';
CREATE VIEW payout_account_directory AS
  SELECT id, member_id, kind, provider, account_number, created_at, removed_at FROM payout_accounts;
COMMENT ON VIEW payout_account_directory IS
  'Published by the payments module (owner of payout_accounts); read-only for other modules.';

-- Owner: games. The catalogue's games and vendors (type, names, display name) for reports.
CREATE VIEW game_catalogue AS
  SELECT node_id, vendor, game_code, game_type, game_classify, names, enabled FROM games;
COMMENT ON VIEW game_catalogue IS
  'Published by the games module (owner of games); read-only for other modules.';
CREATE VIEW vendor_catalogue AS
  SELECT node_id, vassalage, game_type, display_name, enabled, wallet_mode, replay_url FROM game_vendors;
COMMENT ON VIEW vendor_catalogue IS
  'Published by the games module (owner of game_vendors); read-only for other modules.';

-- Owner: agents. The agent tree's closure: every (ancestor, descendant, depth), depth 0 the
-- member itself.
CREATE VIEW member_lineage AS
  SELECT ancestor_id, descendant_id, depth FROM member_tree;
COMMENT ON VIEW member_lineage IS
  'Published by the agents module (owner of member_tree); read-only for other modules.';

-- Owner: admin. The four-eyes queue's requests with their state (operators' names are asked of
-- admin/service.ts, operatorNames).
CREATE VIEW approval_log AS
  SELECT id, kind, status, created_by, decided_by, created_at, decided_at FROM approval_requests;
COMMENT ON VIEW approval_log IS
  'Published by the admin module (owner of approval_requests); read-only for other modules.';
