-- Who pays a jackpot win's PNJ debit and credit, and whether its credit was acknowledged
-- (docs/jackpot.md). 'rgs': the in-house game server sends them after the jackpot call;
-- 'platform': the spin came from an outside vendor, so the platform sends them itself (right
-- after the win commits, and again from the jackpot.pay-wins job until acknowledged). Both are
-- idempotent by PNJ's transaction ids (jackpot:<id>:bet, jackpot:<id>:win): paying twice moves
-- the money once. paid_at is set when PNJ's credit of the win was answered.
ALTER TABLE jackpot_wins
  ADD COLUMN payer text NOT NULL DEFAULT 'rgs' CHECK (payer IN ('rgs', 'platform')),
  ADD COLUMN paid_at timestamptz;

-- The wins still to pay or to see acknowledged (few: the job reads them every minute).
CREATE INDEX jackpot_wins_unpaid ON jackpot_wins (id) WHERE paid_at IS NULL;

-- Wins made before this column: acknowledged when PNJ's credit of the win is on record.
UPDATE jackpot_wins w SET paid_at = w.created_at
  WHERE EXISTS (SELECT 1 FROM provider_transactions t
                WHERE t.vendor = 'PNJ' AND t.kind = 'win' AND t.transaction_id = 'jackpot:' || w.id || ':win');
