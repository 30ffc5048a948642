-- Transfer wallet (docs/provider-protocol.md "Transfer wallet"): vendor PNX keeps the player's
-- money here. The platform moves it in and out with signed transfers; the vendor's games bet
-- and win against it instead of calling the platform's debit and credit.
-- Composite keys lead with the selective column (the player, the transaction id): a generic
-- plan once took a vendor-led index and walked every row of the vendor.

-- One wallet per player and vendor. `version` counts its changes (every transfer, bet and win):
-- the platform applies a balance only when its version is newer than the last one it applied.
CREATE TABLE rgs.transfer_wallets (
  player_id bigint NOT NULL,
  vendor text NOT NULL,
  currency text NOT NULL,
  balance bigint NOT NULL CHECK (balance >= 0),
  version bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, vendor)
);

-- Every transfer id the platform sent, claimed first so a retry answers the stored answer. A
-- `status` of an id never seen stores it as `cancelled` (no player, no amount), so the transfer
-- arriving late is refused: the answer `failed` is final.
CREATE TABLE rgs.transfers (
  transfer_id text NOT NULL,
  vendor text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('deposit', 'withdraw', 'cancelled')),
  player_id bigint,
  currency text,
  amount bigint CHECK (amount > 0),
  fingerprint text,
  answer jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (transfer_id, vendor),
  CHECK (kind = 'cancelled' OR (player_id IS NOT NULL AND currency IS NOT NULL
                                AND amount IS NOT NULL AND fingerprint IS NOT NULL))
);

-- Bets, wins and rollbacks of the transfer vendors' rounds, played against the wallet above:
-- idempotent by transaction id like the platform's provider transactions. A rollback names its
-- bet (ref_transaction_id) even when the bet was never seen, so the late bet is refused.
CREATE TABLE rgs.wallet_moves (
  transaction_id text NOT NULL,
  vendor text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
  player_id bigint NOT NULL,
  round_id text NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0),
  ref_transaction_id text,
  answer jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (transaction_id, vendor)
);
-- A win or a rollback looks up the moves naming the same bet.
CREATE INDEX wallet_moves_ref_idx ON rgs.wallet_moves (ref_transaction_id, vendor)
  WHERE ref_transaction_id IS NOT NULL;
