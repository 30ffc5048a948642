-- Ledger rows are immutable: a correction is a new transaction.
-- Triggers ledger_entries_immutable and ledger_transactions_immutable (BEFORE UPDATE OR DELETE)
-- call it.
CREATE OR REPLACE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable';
END;
$$;
