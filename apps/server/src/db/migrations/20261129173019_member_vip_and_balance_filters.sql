-- The players list filters and shows each player's VIP level and main balance.
-- Owner: loyalty. Each member's VIP level as loyalty keeps it (a member loyalty has not seen yet
-- has no row and is level 0); a plain projection, so a reader's join keeps the table's plan.
CREATE VIEW member_vip_levels AS
  SELECT member_id, vip_level FROM loyalty_members;
COMMENT ON VIEW member_vip_levels IS
  'Published by the loyalty module (owner of loyalty_members); read-only for other modules.';
-- A VIP level filter reads the members of that level, not every loyalty row.
CREATE INDEX IF NOT EXISTS loyalty_members_level_idx ON loyalty_members (vip_level, member_id);
-- A balance range reads the main accounts in that range, not every account.
CREATE INDEX IF NOT EXISTS ledger_accounts_kind_balance_idx ON ledger_accounts (kind, balance, member_id)
  WHERE member_id IS NOT NULL;
