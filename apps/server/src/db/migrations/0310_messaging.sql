-- Messages out (SMS, e-mail) and one-time verification codes.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  purpose text NOT NULL,
  adapter text NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'sent', 'failed')),
  provider_ref text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_recipient_idx ON outbox (recipient, id DESC);

CREATE TABLE verification_codes (
  id bigserial PRIMARY KEY,
  purpose text NOT NULL,
  target text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_codes_target_idx ON verification_codes (purpose, target, id DESC);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
