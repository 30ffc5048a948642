-- Agent contracts and their settlement (spec §3 consolidated contract
-- info, §4 contracts accepted, rejected, terminated).
--
-- A contract is between an upline and one direct downline (members.upline_id), offered by the
-- upline (or by the operator for a top agent, funded by the platform) and accepted, rejected or
-- terminated by the downline. Kinds: dividend (a share of the team's net loss over a period),
-- daily_salary and hourly_salary (a rate on the team's valid bets), realtime_salary (profit and
-- loss rates on single bets, settled every 5 minutes). Terms are jsonb checked by the server's
-- zod schema (packages/contracts/src/agent-contracts.ts); rate_bp is the highest rate of the
-- terms in hundredths of a percent, the figure the "never above the upline's" rule compares.
CREATE TABLE agent_contracts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
  -- NULL upline: offered by the operator to a top agent, paid by the platform.
  upline_id bigint REFERENCES members (id),
  downline_id bigint NOT NULL REFERENCES members (id),
  funding text NOT NULL CHECK (funding IN ('platform', 'upline')),
  -- daily | weekly | semimonthly | monthly; hourly and real-time salaries have their own.
  period text NOT NULL CHECK (period IN ('daily', 'weekly', 'semimonthly', 'monthly', 'hourly', 'five_minutes')),
  terms jsonb NOT NULL,
  rate_bp integer NOT NULL CHECK (rate_bp >= 0 AND rate_bp <= 10000),
  status text NOT NULL CHECK (status IN ('offered', 'active', 'rejected', 'terminated', 'ended', 'withdrawn')),
  offered_by_operator bigint,
  offered_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  ended_at timestamptz,
  -- terminated (by the downline), upline_rate_lowered, replaced (by a newer accepted contract),
  -- upline_contract_ended, withdrawn (a newer offer), rejected
  end_reason text,
  -- Settled up to here: the end of the last bill's window (accepted_at before the first bill).
  settled_until timestamptz,
  CHECK (upline_id IS NOT NULL OR funding = 'platform'),
  CHECK (status <> 'active' OR accepted_at IS NOT NULL)
);
-- One live contract and one open offer of a kind per downline.
CREATE UNIQUE INDEX agent_contracts_active_idx ON agent_contracts (downline_id, kind) WHERE status = 'active';
CREATE UNIQUE INDEX agent_contracts_offer_idx ON agent_contracts (downline_id, kind) WHERE status = 'offered';
CREATE INDEX agent_contracts_upline_idx ON agent_contracts (upline_id, kind, status);
-- The settlement's work list: contracts not yet settled to their end.
CREATE INDEX agent_contracts_due_idx ON agent_contracts (kind, settled_until) WHERE accepted_at IS NOT NULL;

-- Every change of a contract, append-only (offer, accept, reject, terminate, end).
CREATE TABLE agent_contract_events (
  id bigserial PRIMARY KEY,
  contract_id bigint NOT NULL REFERENCES agent_contracts (id),
  action text NOT NULL,
  -- member or operator who did it; neither: the system (a lower upline rate ended it)
  member_id bigint REFERENCES members (id),
  operator_id bigint,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_contract_events_contract_idx ON agent_contract_events (contract_id, id);
CREATE FUNCTION agent_contract_events_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'contract history is append-only';
END $$;
CREATE TRIGGER agent_contract_events_immutable BEFORE UPDATE OR DELETE ON agent_contract_events
  FOR EACH ROW EXECUTE FUNCTION agent_contract_events_immutable();

-- One settlement run per (job kind, job period): what the operator sees, holds and re-runs.
CREATE TABLE agent_settlement_runs (
  id bigserial PRIMARY KEY,
  -- daily (dividends, daily salaries), hourly, realtime
  schedule text NOT NULL CHECK (schedule IN ('daily', 'hourly', 'realtime')),
  period_key text NOT NULL,
  -- Contract periods ending at or before this were settled by the run.
  cutoff timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  held boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  bills integer NOT NULL DEFAULT 0,
  paid integer NOT NULL DEFAULT 0,
  paid_minor bigint NOT NULL DEFAULT 0,
  insufficient integer NOT NULL DEFAULT 0,
  error text,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (schedule, period_key)
);
CREATE INDEX agent_settlement_runs_started_idx ON agent_settlement_runs (started_at DESC);

-- One bill per (contract, contract period): the figures, what window of settled rounds it
-- covered, and whether it was paid. The unique key makes a period settle once whatever runs.
CREATE TABLE agent_bills (
  id bigserial PRIMARY KEY,
  contract_id bigint NOT NULL REFERENCES agent_contracts (id),
  period_key text NOT NULL,
  -- Rounds whose settlement fell in [window_start, window_end) were counted.
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  run_id bigint NOT NULL REFERENCES agent_settlement_runs (id),
  member_id bigint NOT NULL REFERENCES members (id),
  payer_id bigint REFERENCES members (id),
  kind text NOT NULL,
  currency text NOT NULL,
  valid_bet bigint NOT NULL,
  net_loss bigint NOT NULL,
  active_members integer NOT NULL,
  rate_bp integer NOT NULL,
  carry_in bigint NOT NULL DEFAULT 0,
  carry_out bigint NOT NULL DEFAULT 0,
  amount bigint NOT NULL CHECK (amount >= 0),
  -- pending → paid | insufficient (upline short; retried) | nothing (0.00)
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'insufficient', 'nothing')),
  attempts integer NOT NULL DEFAULT 0,
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  paid_by_run bigint REFERENCES agent_settlement_runs (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  UNIQUE (contract_id, period_key),
  CHECK (window_start < window_end)
);
CREATE INDEX agent_bills_member_idx ON agent_bills (member_id, window_end DESC);
CREATE INDEX agent_bills_run_idx ON agent_bills (run_id);
CREATE INDEX agent_bills_unpaid_idx ON agent_bills (id) WHERE status IN ('pending', 'insufficient');

-- Settled rounds by settlement time (the first win row of a round, 0.00 included, settles it).
CREATE INDEX provider_transactions_wins_time_idx ON provider_transactions (created_at) WHERE kind = 'win';
