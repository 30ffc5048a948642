-- Promotions: what the operator composes in the back office, in every
-- language, and each member's part in one (joined, applied, approved, rejected, claimed).
-- A promotion's reward is offered through the reward centre (member_rewards, 0860) under the
-- source key `promotion:<id>:member:<id>`, so it is offered at most once per member.
CREATE TABLE promotions (
  id serial PRIMARY KEY,
  -- welcome, deposit, daily, rebate, raffle, event, vip, other
  type text NOT NULL,
  title jsonb NOT NULL,
  -- A public image (POST /api/admin/media) or null.
  banner_url text,
  -- Operator HTML per language, sanitised on save as notices are.
  body jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- everyone | new (registered within new_within_days) | vip (vip_levels) | team (agent_ids' teams)
  audience text NOT NULL CHECK (audience IN ('everyone', 'new', 'vip', 'team')),
  new_within_days integer CHECK (new_within_days IS NULL OR new_within_days > 0),
  -- VIP level numbers (vip_levels.level).
  vip_levels jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Agents' member ids: their downlines (member_tree) are the audience.
  agent_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- automatic | join | apply (remark + up to 3 images, reviewed) | claim
  participation text NOT NULL CHECK (participation IN ('automatic', 'join', 'apply', 'claim')),
  reward_kind text NOT NULL CHECK (reward_kind IN ('none', 'cash', 'bonus')),
  reward_amount bigint NOT NULL DEFAULT 0 CHECK (reward_amount >= 0),
  -- A bonus_rules id; not a foreign key.
  bonus_rule_id bigint,
  currency text NOT NULL DEFAULT 'PHP',
  starts_at timestamptz,
  ends_at timestamptz,
  sort_order integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (reward_kind = 'none' OR reward_amount > 0),
  CHECK (reward_kind <> 'bonus' OR bonus_rule_id IS NOT NULL),
  CHECK (audience <> 'new' OR new_within_days IS NOT NULL),
  CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at)
);
CREATE INDEX promotions_listing_idx ON promotions (enabled, sort_order, id);

-- One row per (promotion, member): the unique key is what makes a repeated or concurrent
-- join, application or claim take part once.
CREATE TABLE promotion_entries (
  id bigserial PRIMARY KEY,
  promotion_id integer NOT NULL REFERENCES promotions (id),
  member_id bigint NOT NULL REFERENCES members (id),
  -- joined (join or automatic), applying (waits for review), approved, rejected, claimed
  state text NOT NULL CHECK (state IN ('joined', 'applying', 'approved', 'rejected', 'claimed')),
  remark text CHECK (remark IS NULL OR char_length(remark) <= 140),
  -- Private uploads of the member ("/wps/member/uploads/<id>"), at most 3.
  images jsonb NOT NULL DEFAULT '[]'::jsonb,
  reason text,
  reviewed_by integer,
  reviewed_at timestamptz,
  -- member_rewards (0860) row offered for this entry, if the promotion has a reward.
  reward_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (promotion_id, member_id)
);
CREATE INDEX promotion_entries_queue_idx ON promotion_entries (state, created_at);
CREATE INDEX promotion_entries_member_idx ON promotion_entries (member_id);
