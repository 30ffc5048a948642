-- Manual adjustments by operators: above the owner's threshold a second
-- operator must approve before any money moves.
CREATE TABLE adjustments (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  amount bigint NOT NULL CHECK (amount <> 0),
  currency text NOT NULL,
  reason text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'applied', 'rejected')),
  created_by integer NOT NULL REFERENCES operators (id),
  decided_by integer REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX adjustments_status_idx ON adjustments (status, id);
