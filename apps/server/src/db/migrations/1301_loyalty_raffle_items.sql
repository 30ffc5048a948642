-- Loyalty: raffle tickets in the points mall, and missions for VIP levels.
-- A raffle item gives `tickets` tickets in the raffle open at the redemption (rewards' raffles,
-- migration 0861); what a member bought is kept per redemption, so the draw counts it once.
ALTER TABLE mall_items DROP CONSTRAINT mall_items_kind_check;
ALTER TABLE mall_items ADD CONSTRAINT mall_items_kind_check CHECK (kind IN ('goods', 'cash', 'bonus', 'raffle'));
ALTER TABLE mall_items DROP CONSTRAINT mall_items_check;
ALTER TABLE mall_items ADD CONSTRAINT mall_items_amount_kind_check CHECK (kind IN ('goods', 'raffle') OR amount IS NOT NULL);
ALTER TABLE mall_items ADD COLUMN tickets integer CHECK (tickets IS NULL OR tickets BETWEEN 1 AND 10000);
ALTER TABLE mall_items ADD CONSTRAINT mall_items_raffle_tickets_check CHECK (kind <> 'raffle' OR tickets IS NOT NULL);

CREATE TABLE raffle_bought_tickets (
  redemption_id bigint PRIMARY KEY REFERENCES mall_redemptions (id),
  raffle_id integer NOT NULL REFERENCES raffles (id),
  member_id bigint NOT NULL REFERENCES members (id),
  tickets integer NOT NULL CHECK (tickets > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX raffle_bought_tickets_raffle_idx ON raffle_bought_tickets (raffle_id, member_id);

-- A mission for members at this VIP level or above only (0: everyone).
ALTER TABLE missions ADD COLUMN min_vip_level integer NOT NULL DEFAULT 0 CHECK (min_vip_level BETWEEN 0 AND 20);
