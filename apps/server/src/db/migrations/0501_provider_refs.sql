-- A win or rollback looks up the transactions that name the same bet (was a sequential scan
-- of every provider transaction: each win got slower as the table grew).
CREATE INDEX provider_transactions_ref_idx ON provider_transactions (vendor, ref_transaction_id)
  WHERE ref_transaction_id IS NOT NULL;
