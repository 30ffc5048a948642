-- Loyalty: free spins on an in-house slot in the points mall. The item names
-- the slot (vendor and game code), the spins, the bet per line and how many days the spins last;
-- a redemption makes a grant on the RGS (keyed mall:R<redemption id>) and keeps a copy here for
-- the member's mall record.
ALTER TABLE mall_items DROP CONSTRAINT mall_items_kind_check;
ALTER TABLE mall_items ADD CONSTRAINT mall_items_kind_check
  CHECK (kind IN ('goods', 'cash', 'bonus', 'raffle', 'freespins'));
ALTER TABLE mall_items DROP CONSTRAINT mall_items_amount_kind_check;
ALTER TABLE mall_items ADD CONSTRAINT mall_items_amount_kind_check
  CHECK (kind IN ('goods', 'raffle', 'freespins') OR amount IS NOT NULL);
ALTER TABLE mall_items
  ADD COLUMN fs_vendor text,
  ADD COLUMN fs_game_code text,
  ADD COLUMN fs_spins integer CHECK (fs_spins IS NULL OR fs_spins BETWEEN 1 AND 1000),
  ADD COLUMN fs_bet_per_line bigint CHECK (fs_bet_per_line IS NULL OR fs_bet_per_line > 0),
  ADD COLUMN fs_expiry_days integer CHECK (fs_expiry_days IS NULL OR fs_expiry_days BETWEEN 1 AND 365);
ALTER TABLE mall_items ADD CONSTRAINT mall_items_freespins_check CHECK (
  kind <> 'freespins' OR (fs_vendor IS NOT NULL AND fs_game_code IS NOT NULL AND fs_spins IS NOT NULL
    AND fs_bet_per_line IS NOT NULL AND fs_expiry_days IS NOT NULL));

CREATE TABLE mall_free_spin_grants (
  redemption_id bigint PRIMARY KEY REFERENCES mall_redemptions (id),
  member_id bigint NOT NULL REFERENCES members (id),
  grant_id text NOT NULL UNIQUE,
  vendor text NOT NULL,
  game_code text NOT NULL,
  spins integer NOT NULL,
  bet_per_line bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mall_free_spin_grants_member_idx ON mall_free_spin_grants (member_id, created_at DESC);
