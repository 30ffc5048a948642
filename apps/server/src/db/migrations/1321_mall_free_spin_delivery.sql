-- Free-spin grants reach the RGS at least once. A grant whose answer was lost
-- stays 'pending' and is sent again (the RGS stores one grant per grant_id) by the minute job
-- loyalty.free-spin-grants; only the RGS's refusal (no such slot, a bet it cannot play) undoes
-- the redemption, with its points and stock returned.
ALTER TABLE mall_free_spin_grants
  ADD COLUMN state text NOT NULL DEFAULT 'granted' CHECK (state IN ('pending', 'granted', 'refused')),
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN last_error text;

UPDATE mall_free_spin_grants g SET state = 'refused'
  FROM mall_redemptions r WHERE r.id = g.redemption_id AND r.status = 'rejected';

CREATE INDEX mall_free_spin_grants_pending_idx ON mall_free_spin_grants (next_attempt_at)
  WHERE state = 'pending';
