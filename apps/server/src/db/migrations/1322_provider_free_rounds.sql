-- Rounds played as free spins. The RGS sends a spin of a free-spin grant as a
-- bet of 0.00 marked `freeSpin: true` with the grant's id; the platform notes its round here so
-- the member's betting record labels it "Free spin" and the mall record counts the grant's spins
-- played (a rolled-back spin, given back to the grant, is not counted). A label only: no money
-- moves by it, and a resent bet notes the round once.
CREATE TABLE provider_free_rounds (
  vendor text NOT NULL,
  round_id text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id),
  grant_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor, round_id)
);
CREATE INDEX provider_free_rounds_grant_idx ON provider_free_rounds (grant_id) WHERE grant_id IS NOT NULL;
