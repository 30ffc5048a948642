-- Back-office queues.
-- The operator's payout reference (the bank's or e-wallet's transaction number) entered when a
-- withdrawal is marked paid: stored, shown to the operator and the member, written to the audit
-- log and carried by the paid ledger transaction's reference.
ALTER TABLE withdrawals ADD COLUMN payout_reference text;
