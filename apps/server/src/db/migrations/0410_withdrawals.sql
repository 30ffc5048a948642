-- Withdrawals: payout accounts, the transaction password, requests held at once.
ALTER TABLE members ADD COLUMN tx_password_hash text;
ALTER TABLE members ADD COLUMN real_name_verified boolean NOT NULL DEFAULT false;

CREATE TABLE payout_accounts (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('bank', 'ewallet')),
  -- Bank name, or GCASH / MAYA for e-wallets.
  provider text NOT NULL,
  account_name text NOT NULL,
  account_number text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz
);
CREATE INDEX payout_accounts_member_idx ON payout_accounts (member_id) WHERE removed_at IS NULL;
CREATE UNIQUE INDEX payout_accounts_unique_idx ON payout_accounts (member_id, provider, account_number) WHERE removed_at IS NULL;

CREATE TABLE withdrawals (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  request_id text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  payout jsonb NOT NULL,
  -- pending → paid | rejected; paid → received | partly_received | not_received (by the member)
  -- or auto_received (after the operator's minutes).
  status text NOT NULL,
  reason text,
  decided_by integer REFERENCES operators (id),
  decided_at timestamptz,
  receipt_at timestamptz,
  proof_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, request_id)
);
CREATE INDEX withdrawals_status_idx ON withdrawals (status, id);
CREATE INDEX withdrawals_member_idx ON withdrawals (member_id, id DESC);
