-- Deposits: the operator's channels and the members' deposits.
CREATE TABLE payment_channels (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('bank', 'gateway')),
  name text NOT NULL,
  -- For gateways: sandbox | paymongo.
  adapter text,
  min_amount bigint NOT NULL CHECK (min_amount > 0),
  max_amount bigint NOT NULL CHECK (max_amount >= min_amount),
  currency text NOT NULL DEFAULT 'PHP',
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  -- Shown to members: the operator's bank account for transfers.
  details jsonb NOT NULL DEFAULT '{}',
  -- Never shown: API keys and webhook secrets.
  secrets jsonb NOT NULL DEFAULT '{}',
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE deposits (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  channel_id integer NOT NULL REFERENCES payment_channels (id),
  request_id text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  -- bank: pending → approved | rejected; gateway: awaiting_payment → paid | failed
  status text NOT NULL,
  reference text,
  proof_url text,
  gateway_ref text UNIQUE,
  reason text,
  decided_by integer REFERENCES operators (id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, request_id)
);
CREATE INDEX deposits_status_idx ON deposits (status, id);
CREATE INDEX deposits_member_idx ON deposits (member_id, id DESC);
