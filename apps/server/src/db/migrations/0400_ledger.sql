-- The double-entry ledger (ARCHITECTURE.md "Money"). Amounts are integer minor units.
-- Member accounts keep their balance on the row (locked in id order while it moves, never below
-- zero); house and clearing accounts keep none: their balance is the sum of their entries, so
-- they are never locked and never a hot spot.
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  member_id bigint REFERENCES members (id),
  -- member: main, bonus, hold, play, vendor:<code>; house: house:<name>; clearing:<name>
  kind text NOT NULL,
  currency text NOT NULL,
  balance bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((member_id IS NULL) = (balance IS NULL)),
  CHECK (balance IS NULL OR balance >= 0)
);
CREATE UNIQUE INDEX ledger_accounts_member_idx ON ledger_accounts (member_id, kind, currency) WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_house_idx ON ledger_accounts (kind, currency) WHERE member_id IS NULL;

CREATE TABLE ledger_transactions (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  -- deposit, withdrawal_hold, withdrawal_paid, withdrawal_released, bet, win, rollback,
  -- transfer, adjustment, bonus, ...
  type text NOT NULL,
  reference text,
  member_id bigint REFERENCES members (id),
  -- A digest of the entries, to tell a true retry from a different request reusing a key.
  fingerprint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_transactions_member_idx ON ledger_transactions (member_id, id DESC);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES ledger_transactions (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id DESC);
CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);

-- Ledger rows are immutable: a correction is a new transaction.
CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable';
END;
$$;
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_transactions_immutable BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
