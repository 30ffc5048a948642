-- Rewards waiting for a member: the reward centre lists them; a claim pays each once.
-- Written by promotions (a claimed or approved promotion), rebates (manual accrual), raffles
-- (prizes), referrals and, later, missions. source_key is the idempotency of the offer: the
-- same source never offers twice.
CREATE TABLE member_rewards (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  -- promotion, rebate, raffle, referral, mission
  source_kind text NOT NULL,
  source_key text NOT NULL UNIQUE,
  -- What the reward is, for the page: { "en": "...", "fil": "...", ... } (any subset of languages)
  title jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- cash: the amount goes to the main wallet (ledger type = ledger_type); bonus: a bonus of
  -- this amount under bonus_rule_id is granted (wagering applies)
  payout text NOT NULL CHECK (payout IN ('cash', 'bonus')),
  ledger_type text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  bonus_rule_id bigint,
  state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'claimed', 'expired', 'void')),
  expires_at timestamptz,
  seen_at timestamptz,
  claimed_at timestamptz,
  ledger_transaction_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (payout = 'cash' OR bonus_rule_id IS NOT NULL)
);
CREATE INDEX member_rewards_member_idx ON member_rewards (member_id, state, id DESC);
