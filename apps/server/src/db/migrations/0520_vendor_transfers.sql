-- The transfer wallet (spec §7 GCS_walletTransfer; docs/provider-protocol.md
-- "Transfer wallet"): vendors that keep the player's money in a wallet of their own. The platform
-- calls the vendor at its transfer URL; empty means a seamless vendor.
ALTER TABLE provider_clients ADD COLUMN transfer_url text;

-- One row per transfer between the main wallet and a vendor wallet. `id` is the transferId the
-- vendor sees; (member, request) makes a retried request the same transfer. pending: the call is
-- being made; unknown: no answer we trust yet (the reconciliation asks the vendor's `status`);
-- done and failed are final and each posts its one ledger movement.
CREATE TABLE vendor_transfers (
  id text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  request_id text NOT NULL,
  vendor text NOT NULL,
  -- in: main wallet → vendor wallet; out: vendor wallet → main wallet
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'unknown', 'done', 'failed')),
  error_code text,
  attempts integer NOT NULL DEFAULT 0,
  next_check_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, request_id)
);
CREATE INDEX vendor_transfers_open_idx ON vendor_transfers (next_check_at) WHERE status IN ('pending', 'unknown');
CREATE INDEX vendor_transfers_member_idx ON vendor_transfers (member_id, vendor) WHERE status IN ('pending', 'unknown');

-- The newest version of each member's vendor wallet the ledger reflects (the vendor counts every
-- change). Every movement of a vendor wallet locks this row first, so a balance read from the
-- vendor is applied only when newer, and never while a transfer of that wallet is under way.
CREATE TABLE vendor_wallet_versions (
  member_id bigint NOT NULL REFERENCES members (id),
  vendor text NOT NULL,
  version bigint NOT NULL DEFAULT -1,
  PRIMARY KEY (member_id, vendor)
);
