-- Per-member daily rollup of the agents' figures, so the agent centre reads a few small rows
-- instead of every round: each closed Manila day × member, recomputed whole from the round
-- records (provider_transactions) and the ledger by agent_rollup_days — never a counter bumped
-- on the hot path. The reports' report_player_days
-- (migration 0250) reads other rules (held wins counted when held, rollbacks at the bet's game,
-- deposits at their decision, trial members left out), so the agents keep their own.
--
-- Readers (agents/rollup.ts, team.ts, settlement.ts) take the days before done_until from here
-- and the rest (the live tail) from the records by the same rules, so both halves count alike.
CREATE TABLE agent_member_days (
  day date NOT NULL,
  member_id bigint NOT NULL,
  -- The member's currency: deposits, withdrawals and transfers are those of its accounts in it.
  currency text NOT NULL,
  -- Team-overview rules (team.ts): stakes taken, bets placed, every win row credited that day
  -- (a win held for review included: readers take out the ones not approved), stakes given back
  -- by rollbacks that day (at the stake of the bet each names).
  bets bigint NOT NULL,
  bet_count integer NOT NULL,
  wins bigint NOT NULL,
  refunds bigint NOT NULL,
  -- The ledger: deposits credited, withdrawals paid, transfers in and out (main account).
  deposits bigint NOT NULL,
  withdrawals bigint NOT NULL,
  transfers_in bigint NOT NULL,
  transfers_out bigint NOT NULL,
  -- Settlement rules (contract-math.ts): rounds whose first win fell that day, their stakes less
  -- rolled-back stakes; a member with settled_rounds > 0 is active for a contract.
  settled_rounds integer NOT NULL,
  settled_valid_bet bigint NOT NULL,
  PRIMARY KEY (day, member_id)
);
CREATE INDEX agent_member_days_member_idx ON agent_member_days (member_id, day);

-- Days before done_until are in agent_member_days; from it on, readers use the records.
CREATE TABLE agent_rollup_state (
  id integer PRIMARY KEY CHECK (id = 1),
  done_until date,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO agent_rollup_state (id, done_until) VALUES (1, NULL);

-- Recompute the Manila days [p_from, p_until): delete and insert in the caller's transaction,
-- so a retry or a second process gives the same rows. Set-based over the whole range.
CREATE FUNCTION agent_rollup_days(p_from date, p_until date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_from timestamptz := p_from::timestamp AT TIME ZONE 'Asia/Manila';
  v_to timestamptz := p_until::timestamp AT TIME ZONE 'Asia/Manila';
  v_rows integer;
BEGIN
  DELETE FROM agent_member_days WHERE day >= p_from AND day < p_until;
  INSERT INTO agent_member_days (day, member_id, currency, bets, bet_count, wins, refunds, deposits,
      withdrawals, transfers_in, transfers_out, settled_rounds, settled_valid_bet)
  WITH play AS (
    SELECT k.day, k.member_id,
      coalesce(sum(k.amount) FILTER (WHERE k.kind = 'bet'), 0) AS bets,
      count(*) FILTER (WHERE k.kind = 'bet') AS bet_count,
      coalesce(sum(k.amount) FILTER (WHERE k.kind = 'win'), 0) AS wins,
      coalesce(sum(k.amount) FILTER (WHERE k.kind = 'refund'), 0) AS refunds
    FROM (
      SELECT (p.created_at AT TIME ZONE 'Asia/Manila')::date AS day, p.member_id, p.kind, p.amount
      FROM provider_transactions p
      WHERE p.created_at >= v_from AND p.created_at < v_to AND p.kind IN ('bet', 'win')
      UNION ALL
      SELECT (r.created_at AT TIME ZONE 'Asia/Manila')::date, r.member_id, 'refund', b.amount
      FROM provider_transactions r
      JOIN provider_transactions b ON b.transaction_id = r.ref_transaction_id
        AND b.vendor = r.vendor AND b.kind = 'bet' AND b.member_id = r.member_id
      WHERE r.created_at >= v_from AND r.created_at < v_to AND r.kind = 'rollback'
    ) k
    GROUP BY k.day, k.member_id
  ), wins AS (
    SELECT (w.created_at AT TIME ZONE 'Asia/Manila')::date AS day, w.vendor, w.round_id, w.member_id
    FROM provider_transactions w
    WHERE w.created_at >= v_from AND w.created_at < v_to AND w.kind = 'win'
    GROUP BY 1, 2, 3, 4
  ), per_bet AS (
    -- Every row of those rounds (joined, not probed one by one: a day holds many rounds), keyed
    -- by the bet each is or names, so a rolled-back stake is found without a self-join.
    SELECT x.vendor, x.round_id, min(x.created_at) FILTER (WHERE x.kind = 'win') AS first_win,
      coalesce(sum(x.amount) FILTER (WHERE x.kind = 'bet'), 0) AS stake,
      count(*) FILTER (WHERE x.kind = 'rollback') AS rollbacks
    FROM provider_transactions x
    JOIN (SELECT DISTINCT vendor, round_id FROM wins) k ON k.vendor = x.vendor AND k.round_id = x.round_id
    WHERE x.kind IN ('bet', 'win', 'rollback')
    GROUP BY x.vendor, x.round_id, CASE WHEN x.kind = 'rollback' THEN x.ref_transaction_id ELSE x.transaction_id END
  ), per_round AS (
    -- The round's stakes less each rolled-back stake (once per rollback naming it).
    SELECT vendor, round_id, min(first_win) AS first_win, sum(stake - stake * rollbacks) AS valid_bet
    FROM per_bet GROUP BY vendor, round_id
  ), settled AS (
    -- A round counts on the day its first win falls.
    SELECT w.day, w.member_id, count(*) AS rounds, coalesce(sum(pr.valid_bet), 0) AS valid_bet
    FROM wins w
    JOIN per_round pr ON pr.vendor = w.vendor AND pr.round_id = w.round_id
    WHERE pr.first_win >= (w.day::timestamp AT TIME ZONE 'Asia/Manila')
    GROUP BY w.day, w.member_id
  ), cash AS (
    -- Deposits and paid withdrawals on the member's own accounts (as team.ts reads them); a
    -- transfer on the main account of each side.
    SELECT (t.created_at AT TIME ZONE 'Asia/Manila')::date AS day, a.member_id,
      coalesce(sum(e.amount) FILTER (WHERE t.type = 'deposit'), 0) AS deposits,
      coalesce(-sum(e.amount) FILTER (WHERE t.type = 'withdrawal_paid'), 0) AS withdrawals,
      coalesce(sum(e.amount) FILTER (WHERE t.type = 'transfer' AND e.amount > 0), 0) AS transfers_in,
      coalesce(-sum(e.amount) FILTER (WHERE t.type = 'transfer' AND e.amount < 0), 0) AS transfers_out
    FROM ledger_transactions t
    JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id AND a.member_id IS NOT NULL
    JOIN members m ON m.id = a.member_id AND a.currency = m.currency
    WHERE t.type IN ('deposit', 'withdrawal_paid', 'transfer')
      AND t.created_at >= v_from AND t.created_at < v_to
      AND (a.member_id = t.member_id OR (t.type = 'transfer' AND a.kind = 'main'))
    GROUP BY 1, 2
  ), keys AS (
    SELECT day, member_id FROM play UNION SELECT day, member_id FROM settled UNION SELECT day, member_id FROM cash
  )
  SELECT k.day, k.member_id, m.currency,
    coalesce(play.bets, 0), coalesce(play.bet_count, 0), coalesce(play.wins, 0), coalesce(play.refunds, 0),
    coalesce(cash.deposits, 0), coalesce(cash.withdrawals, 0), coalesce(cash.transfers_in, 0),
    coalesce(cash.transfers_out, 0), coalesce(settled.rounds, 0), coalesce(settled.valid_bet, 0)
  FROM keys k
  JOIN members m ON m.id = k.member_id
  LEFT JOIN play ON play.day = k.day AND play.member_id = k.member_id
  LEFT JOIN settled ON settled.day = k.day AND settled.member_id = k.member_id
  LEFT JOIN cash ON cash.day = k.day AND cash.member_id = k.member_id;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  RETURN v_rows;
END;
$$;

-- The rollup's cash scan of a day, and the first day there is anything to roll up.
CREATE INDEX ledger_transactions_agent_cash_time_idx ON ledger_transactions (created_at)
  WHERE type IN ('deposit', 'withdrawal_paid', 'transfer');
