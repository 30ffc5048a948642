-- The bonus wallet. A bonus is money in the member's `bonus`
-- ledger account that must be wagered before it becomes cash: docs/architecture.md "Bonus wallet".
CREATE TABLE bonus_rules (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  -- first_deposit, reload (deposit bonuses the member picks on the deposit page), manual (granted
  -- by an operator or by the reward centre through grantBonus)
  kind text NOT NULL CHECK (kind IN ('first_deposit', 'reload', 'manual')),
  currency text NOT NULL DEFAULT 'PHP',
  -- Deposit bonuses: percent of the deposit, capped at max_bonus, from min_deposit up.
  percent integer NOT NULL DEFAULT 0 CHECK (percent >= 0 AND percent <= 1000),
  max_bonus bigint CHECK (max_bonus IS NULL OR max_bonus > 0),
  min_deposit bigint NOT NULL DEFAULT 0 CHECK (min_deposit >= 0),
  -- Wagering requirement: multiple × the bonus, or × (bonus + deposit).
  wagering_multiple integer NOT NULL CHECK (wagering_multiple >= 0 AND wagering_multiple <= 200),
  wagering_base text NOT NULL DEFAULT 'bonus' CHECK (wagering_base IN ('bonus', 'bonus_deposit')),
  -- Percent each game type's valid bets count ({"RNG": 100, "LOTT": 10, "*": 0}; "*": the others).
  contributions jsonb NOT NULL DEFAULT '{"*": 100}'::jsonb,
  max_bet bigint CHECK (max_bet IS NULL OR max_bet > 0),
  expiry_days integer NOT NULL DEFAULT 7 CHECK (expiry_days > 0 AND expiry_days <= 365),
  -- The most a bonus can turn into: above it, the rest goes back to the house when wagering is met.
  max_conversion bigint CHECK (max_conversion IS NULL OR max_conversion > 0),
  forfeit_on_withdrawal boolean NOT NULL DEFAULT true,
  one_per_household boolean NOT NULL DEFAULT true,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE member_bonuses (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  rule_id bigint NOT NULL REFERENCES bonus_rules (id),
  -- The grant's idempotency (and its ledger key): bonus:deposit:<depositId>, reward:<id>, ...
  source_key text NOT NULL UNIQUE,
  reference text,
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  deposit_amount bigint NOT NULL DEFAULT 0,
  wagering_required bigint NOT NULL CHECK (wagering_required >= 0),
  wagered bigint NOT NULL DEFAULT 0,
  -- The rule's terms as they were at the grant (a rule edited later never changes a bonus).
  contributions jsonb NOT NULL,
  max_bet bigint,
  max_conversion bigint,
  forfeit_on_withdrawal boolean NOT NULL,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'completed', 'expired', 'forfeited')),
  expires_at timestamptz NOT NULL,
  released bigint,
  taken_back bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
-- One active bonus per member: the hot path's one indexed lookup (provider_move).
CREATE UNIQUE INDEX member_bonuses_active_idx ON member_bonuses (member_id) WHERE state = 'active';
CREATE INDEX member_bonuses_member_idx ON member_bonuses (member_id, id DESC);
CREATE INDEX member_bonuses_expiry_idx ON member_bonuses (expires_at) WHERE state = 'active';

-- Each bonus's history: granted, wagered (one row per settled bet that counted), completed, ...
CREATE TABLE bonus_events (
  id bigserial PRIMARY KEY,
  bonus_id bigint NOT NULL REFERENCES member_bonuses (id),
  kind text NOT NULL CHECK (kind IN ('granted', 'wagered', 'completed', 'expired', 'forfeited')),
  amount bigint NOT NULL DEFAULT 0,
  wagered_after bigint NOT NULL DEFAULT 0,
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bonus_events_bonus_idx ON bonus_events (bonus_id, id DESC);

-- A bet's bonus part (the rest came from main) and the bonus it came from; a win's or a
-- rollback's bonus part (credited to the bonus account, or taken back).
ALTER TABLE provider_transactions ADD COLUMN bonus_id bigint;
ALTER TABLE provider_transactions ADD COLUMN bonus_amount bigint NOT NULL DEFAULT 0;

-- The bonus the member chose on the deposit page (applied once when the deposit is credited).
ALTER TABLE deposits ADD COLUMN bonus_rule_id bigint REFERENCES bonus_rules (id);

-- Household review: set when a member shares a payout account with another member
-- who had a bonus; no bonus is offered until an operator clears it.
ALTER TABLE members ADD COLUMN bonus_review boolean NOT NULL DEFAULT false;

ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_kind_check;
ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_kind_check
  CHECK (kind IN ('payment_channel.create', 'payment_channel.update', 'settings.finance',
    'provider_limits.update', 'queue.bulk_approve', 'bonus.grant'));
