-- The agents' hourly rollup (the daily rebate run reads it too): each closed
-- hour × member × game category, recomputed whole from the round records and the ledger by
-- agent_rollup_hours — the rules of agent_rollup_days (migration 0721), an hour at a time, so a
-- closed Manila day is the sum of its 24 hours. The job agents.rollup (every 15 minutes) rolls
-- each hour as it closes; the daily settlement then has only the last hour to read from the
-- records and builds the day's agent_member_days rows from the hours (agent_rollup_days_from_hours).
-- A derived cache like agent_member_days: deleted and rebuilt from the records at will.
CREATE TABLE agent_member_hours (
  hour timestamptz NOT NULL,
  member_id bigint NOT NULL,
  -- The game category (games.game_type of the row's game; 'OTHER' when not catalogued): a
  -- settled round under its bet's game (as rewards/valid-bets.ts reads it), a bet, win or refund
  -- under its own row's game; cash movements under ''.
  game_type text NOT NULL,
  currency text NOT NULL,
  bets bigint NOT NULL,
  bet_count integer NOT NULL,
  wins bigint NOT NULL,
  refunds bigint NOT NULL,
  deposits bigint NOT NULL,
  withdrawals bigint NOT NULL,
  transfers_in bigint NOT NULL,
  transfers_out bigint NOT NULL,
  settled_rounds integer NOT NULL,
  settled_valid_bet bigint NOT NULL,
  PRIMARY KEY (hour, member_id, game_type)
);

-- Hours in [hours_from, hours_until) are in agent_member_hours (both null: none yet).
ALTER TABLE agent_rollup_state ADD COLUMN hours_from timestamptz;
ALTER TABLE agent_rollup_state ADD COLUMN hours_until timestamptz;

-- Recompute the hours [p_from, p_until) (whole UTC hours; Manila is UTC+8, so they are Manila
-- hours too): delete and insert in the caller's transaction. Same rules as agent_rollup_days.
CREATE FUNCTION agent_rollup_hours(p_from timestamptz, p_until timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_rows integer;
BEGIN
  DELETE FROM agent_member_hours WHERE hour >= p_from AND hour < p_until;
  INSERT INTO agent_member_hours (hour, member_id, game_type, currency, bets, bet_count, wins, refunds,
      deposits, withdrawals, transfers_in, transfers_out, settled_rounds, settled_valid_bet)
  WITH play AS (
    SELECT k.hour, k.member_id, coalesce(g.game_type, 'OTHER') AS game_type,
      coalesce(sum(k.amount) FILTER (WHERE k.kind = 'bet'), 0) AS bets,
      count(*) FILTER (WHERE k.kind = 'bet') AS bet_count,
      coalesce(sum(k.amount) FILTER (WHERE k.kind = 'win'), 0) AS wins,
      coalesce(sum(k.amount) FILTER (WHERE k.kind = 'refund'), 0) AS refunds
    FROM (
      SELECT to_timestamp(floor(extract(epoch FROM p.created_at) / 3600) * 3600) AS hour, p.member_id, p.kind,
        p.amount, p.vendor, p.game_code
      FROM provider_transactions p
      WHERE p.created_at >= p_from AND p.created_at < p_until AND p.kind IN ('bet', 'win')
      UNION ALL
      SELECT to_timestamp(floor(extract(epoch FROM r.created_at) / 3600) * 3600), r.member_id, 'refund', b.amount,
        b.vendor, b.game_code
      FROM provider_transactions r
      JOIN provider_transactions b ON b.transaction_id = r.ref_transaction_id
        AND b.vendor = r.vendor AND b.kind = 'bet' AND b.member_id = r.member_id
      WHERE r.created_at >= p_from AND r.created_at < p_until AND r.kind = 'rollback'
    ) k
    LEFT JOIN games g ON g.vendor = k.vendor AND g.game_code = k.game_code
    GROUP BY 1, 2, 3
  ), wins AS (
    SELECT to_timestamp(floor(extract(epoch FROM w.created_at) / 3600) * 3600) AS hour, w.vendor, w.round_id, w.member_id
    FROM provider_transactions w
    WHERE w.created_at >= p_from AND w.created_at < p_until AND w.kind = 'win'
    GROUP BY 1, 2, 3, 4
  ), per_bet AS (
    SELECT x.vendor, x.round_id, min(x.created_at) FILTER (WHERE x.kind = 'win') AS first_win,
      coalesce(sum(x.amount) FILTER (WHERE x.kind = 'bet'), 0) AS stake,
      count(*) FILTER (WHERE x.kind = 'rollback') AS rollbacks,
      max(x.game_code) FILTER (WHERE x.kind = 'bet') AS game_code
    FROM provider_transactions x
    JOIN (SELECT DISTINCT vendor, round_id FROM wins) k ON k.vendor = x.vendor AND k.round_id = x.round_id
    WHERE x.kind IN ('bet', 'win', 'rollback')
    GROUP BY x.vendor, x.round_id, CASE WHEN x.kind = 'rollback' THEN x.ref_transaction_id ELSE x.transaction_id END
  ), per_round AS (
    SELECT vendor, round_id, min(first_win) AS first_win, sum(stake - stake * rollbacks) AS valid_bet,
      max(game_code) AS game_code
    FROM per_bet GROUP BY vendor, round_id
  ), settled AS (
    -- A round counts in the hour its first win falls in, under its bet's game.
    SELECT w.hour, w.member_id, coalesce(g.game_type, 'OTHER') AS game_type, count(*) AS rounds,
      coalesce(sum(pr.valid_bet), 0) AS valid_bet
    FROM wins w
    JOIN per_round pr ON pr.vendor = w.vendor AND pr.round_id = w.round_id
    LEFT JOIN games g ON g.vendor = pr.vendor AND g.game_code = pr.game_code
    WHERE pr.first_win >= w.hour
    GROUP BY 1, 2, 3
  ), cash AS (
    SELECT to_timestamp(floor(extract(epoch FROM t.created_at) / 3600) * 3600) AS hour, a.member_id,
      ''::text AS game_type,
      coalesce(sum(e.amount) FILTER (WHERE t.type = 'deposit'), 0) AS deposits,
      coalesce(-sum(e.amount) FILTER (WHERE t.type = 'withdrawal_paid'), 0) AS withdrawals,
      coalesce(sum(e.amount) FILTER (WHERE t.type = 'transfer' AND e.amount > 0), 0) AS transfers_in,
      coalesce(-sum(e.amount) FILTER (WHERE t.type = 'transfer' AND e.amount < 0), 0) AS transfers_out
    FROM ledger_transactions t
    JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id AND a.member_id IS NOT NULL
    JOIN members m ON m.id = a.member_id AND a.currency = m.currency
    WHERE t.type IN ('deposit', 'withdrawal_paid', 'transfer')
      AND t.created_at >= p_from AND t.created_at < p_until
      AND (a.member_id = t.member_id OR (t.type = 'transfer' AND a.kind = 'main'))
    GROUP BY 1, 2
  ), keys AS (
    SELECT hour, member_id, game_type FROM play
    UNION SELECT hour, member_id, game_type FROM settled
    UNION SELECT hour, member_id, game_type FROM cash
  )
  SELECT k.hour, k.member_id, k.game_type, m.currency,
    coalesce(play.bets, 0), coalesce(play.bet_count, 0), coalesce(play.wins, 0), coalesce(play.refunds, 0),
    coalesce(cash.deposits, 0), coalesce(cash.withdrawals, 0), coalesce(cash.transfers_in, 0),
    coalesce(cash.transfers_out, 0), coalesce(settled.rounds, 0), coalesce(settled.valid_bet, 0)
  FROM keys k
  JOIN members m ON m.id = k.member_id
  LEFT JOIN play ON play.hour = k.hour AND play.member_id = k.member_id AND play.game_type = k.game_type
  LEFT JOIN settled ON settled.hour = k.hour AND settled.member_id = k.member_id AND settled.game_type = k.game_type
  LEFT JOIN cash ON cash.hour = k.hour AND cash.member_id = k.member_id AND cash.game_type = k.game_type;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  RETURN v_rows;
END;
$$;

-- The Manila days [p_from, p_until) as the sums of their hours (the caller checks the hours cover
-- them): the same rows agent_rollup_days computes from the records.
CREATE FUNCTION agent_rollup_days_from_hours(p_from date, p_until date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_rows integer;
BEGIN
  DELETE FROM agent_member_days WHERE day >= p_from AND day < p_until;
  INSERT INTO agent_member_days (day, member_id, currency, bets, bet_count, wins, refunds, deposits,
      withdrawals, transfers_in, transfers_out, settled_rounds, settled_valid_bet)
  SELECT (h.hour AT TIME ZONE 'Asia/Manila')::date, h.member_id, min(h.currency), sum(h.bets), sum(h.bet_count),
    sum(h.wins), sum(h.refunds), sum(h.deposits), sum(h.withdrawals), sum(h.transfers_in), sum(h.transfers_out),
    sum(h.settled_rounds), sum(h.settled_valid_bet)
  FROM agent_member_hours h
  WHERE h.hour >= (p_from::timestamp AT TIME ZONE 'Asia/Manila') AND h.hour < (p_until::timestamp AT TIME ZONE 'Asia/Manila')
  GROUP BY 1, 2;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  RETURN v_rows;
END;
$$;
