-- Every index on provider_transactions led with `vendor`, which has one or a few values. A plan
-- made while the table was small and not yet analyzed (PL/pgSQL keeps a session's generic plan
-- until the table's statistics change) could take the round index for a lookup by transaction
-- id, `vendor` as its only condition: a walk over every row of the vendor on every call, each
-- one slower as the table grows (bench/wallet: three times the database time on some runs).
-- The selective column now leads each index, so a vendor alone matches no index and the planner
-- has only the right one to choose. ON CONFLICT (vendor, transaction_id) still infers the unique
-- index: inference matches the set of columns, not their order.
CREATE UNIQUE INDEX provider_transactions_tid_idx ON provider_transactions (transaction_id, vendor);
ALTER TABLE provider_transactions DROP CONSTRAINT provider_transactions_vendor_transaction_id_key;

DROP INDEX provider_transactions_round_idx;
CREATE INDEX provider_transactions_round_idx ON provider_transactions (round_id, vendor);

DROP INDEX provider_transactions_ref_idx;
CREATE INDEX provider_transactions_ref_idx ON provider_transactions (ref_transaction_id, vendor)
  WHERE ref_transaction_id IS NOT NULL;
