-- Rounds played as free spins (issue 20 point 2). The RGS sends a spin of a free-spin grant as a
-- bet of 0.00 marked `freeSpin: true`; the platform notes its round here so the member's betting
-- record labels it "Free spin". A label only: no money moves by it, and a resent bet notes the
-- round once.
CREATE TABLE provider_free_rounds (
  vendor text NOT NULL,
  round_id text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor, round_id)
);
