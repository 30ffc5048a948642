-- Four eyes that cannot be split: neither by one operator's many small steps nor by two
-- requests at once.
-- The second-operator threshold counts an operator's running total per Manila day and member:
-- the sum is read under a lock by (operator, member), with this index.
CREATE INDEX adjustments_operator_member_idx ON adjustments (created_by, member_id, created_at);

-- Changes that need a second operator before they take effect: creating a payment channel,
-- enabling one, changing its secrets, its bank account or raising its maximum, and raising the
-- adjustment threshold. The first operator's change waits here; another operator approves
-- (applied then, re-validated) or rejects it. Each step is also written to the audit log.
CREATE TABLE approval_requests (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('payment_channel.create', 'payment_channel.update', 'settings.finance')),
  -- The channel's id for an update; null for a creation and for a setting.
  entity_id text,
  -- The full change as the first operator sent it (secrets resolved; never shown again).
  payload jsonb NOT NULL,
  -- What the change was made against: the channel's version, or the setting's value.
  base jsonb,
  -- What the back office shows (secrets masked) and which fields change.
  summary jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'applied', 'rejected')),
  created_by integer NOT NULL REFERENCES operators (id),
  decided_by integer REFERENCES operators (id),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK (decided_by IS NULL OR decided_by <> created_by)
);
CREATE INDEX approval_requests_status_idx ON approval_requests (status, id);
