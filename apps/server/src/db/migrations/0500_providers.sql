-- The provider protocol (seamless wallet): vendors' credentials, launch tokens and every
-- provider transaction with the answer it got, so a repeat gets the same answer.
CREATE TABLE provider_clients (
  vendor text PRIMARY KEY,
  secret text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE launch_tokens (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  vendor text NOT NULL,
  currency text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE provider_transactions (
  id bigserial PRIMARY KEY,
  vendor text NOT NULL,
  transaction_id text NOT NULL,
  -- bet | win | rollback | rollback_tombstone (a rollback of a bet not seen yet)
  kind text NOT NULL,
  round_id text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id),
  amount bigint NOT NULL,
  ref_transaction_id text,
  fingerprint text NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor, transaction_id)
);
CREATE INDEX provider_transactions_round_idx ON provider_transactions (vendor, round_id);
