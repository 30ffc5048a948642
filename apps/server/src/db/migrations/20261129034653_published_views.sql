-- Published views: a module reads another module's rows only through that module's service.ts
-- or a read-only view the owner publishes here, never by naming the owner's tables. Each view
-- is a plain SELECT (no aggregate), so PostgreSQL inlines it into the reader's statement: a
-- report ordered or paged by a member's name still runs as one statement on the same indexes.
-- The owner may change its tables freely as long as the view keeps its columns. Readers only
-- SELECT from a view; writes go through the owner's service.ts. docs/modules.md lists each view
-- with its owner and readers.

-- Owner: members. The columns other modules show or filter by (names in reports and queues,
-- the payments queues' search box, a member's currency, agent flag and status for eligibility).
CREATE VIEW member_directory AS
  SELECT id, username, mobile, email, currency, is_agent, status FROM members;
COMMENT ON VIEW member_directory IS
  'Published by the members module (owner of members); read-only for other modules.';

-- Owner: ledger. Every member account's balance (kind: main, bonus, points, ...), the account
-- row that is the sum of its entries.
CREATE VIEW ledger_balances AS
  SELECT id AS account_id, member_id, kind, currency, balance FROM ledger_accounts;
COMMENT ON VIEW ledger_balances IS
  'Published by the ledger module (owner of ledger_accounts); read-only for other modules.';

-- Owner: ledger. Each entry on a points account with its transaction's type, reference and
-- time (posted_at; created_at is the entry's own).
CREATE VIEW points_movements AS
  SELECT e.id, e.account_id, a.member_id, a.currency, e.transaction_id, t.type, t.reference,
    e.amount, e.balance_after, e.created_at, t.created_at AS posted_at
  FROM ledger_entries e
  JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'points'
  JOIN ledger_transactions t ON t.id = e.transaction_id;
COMMENT ON VIEW points_movements IS
  'Published by the ledger module (owner of ledger_entries, ledger_accounts, ledger_transactions); read-only for other modules.';

-- Owner: providers. The rounds played as free spins of a grant that still count: a round the
-- game server labelled with a grant, unless it was rolled back (the spin went back to the grant).
CREATE VIEW free_spin_rounds_played AS
  SELECT f.vendor, f.round_id, f.member_id, f.grant_id, f.created_at
  FROM provider_free_rounds f
  WHERE f.grant_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM provider_transactions p
      WHERE p.round_id = f.round_id AND p.vendor = f.vendor AND p.kind = 'rollback');
COMMENT ON VIEW free_spin_rounds_played IS
  'Published by the providers module (owner of provider_free_rounds, provider_transactions); read-only for other modules.';

-- The household review flag is the bonus module's: a member listed here is refused every bonus
-- until an operator clears the flag. It was members.bonus_review, a column of the members
-- module's table that only bonus wrote and read.
CREATE TABLE bonus_reviews (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  flagged_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO bonus_reviews (member_id) SELECT id FROM members WHERE bonus_review;
ALTER TABLE members DROP COLUMN bonus_review;
