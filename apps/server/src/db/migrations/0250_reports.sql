-- Back-office dashboard and reports (modules/admin/reports).
--
-- Figures come from the round records (provider_transactions, provider_win_reviews), the
-- payments (deposits, withdrawals) and the ledger (adjustments, bonuses). Real money only: a
-- member of currency FUN (trial play) is never counted. Days are Manila days.
--
-- Each figure is a flow at the time it happened, so a closed day never changes:
--   bets   + a bet's stake when it is placed, − a rolled-back stake when the rollback moves it;
--   wins   + a win when it is credited (or held for review), − a held win when it is rejected;
--   rounds + 1 per bet, − 1 per rolled-back bet;
--   deposits  credited ones (approved bank transfers, paid gateway deposits) when decided;
--   withdrawals paid ones when paid; bonuses and adjustments: the member side of the ledger's
--   `bonus…` and `adjustment` movements (signed: a debit adjustment is negative).
-- The facts functions below say this once; the nightly rollup and the live tail both read them.

-- This file's number (the admin range) comes before the tables it reads (members 0300, ledger
-- 0400, payments 0410/0420, providers 0500): the SQL functions below are created without their
-- bodies checked (they are checked when first called), and the indexes the live tail and the
-- rollup read by time are made by report_ensure_indexes(), which the reports module calls when
-- the app starts (after every migration) — here already when those tables exist (an upgrade).
SET LOCAL check_function_bodies = off;

CREATE FUNCTION report_ensure_indexes() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('provider_win_reviews') IS NULL OR to_regclass('members') IS NULL
     OR to_regclass('ledger_transactions') IS NULL OR to_regclass('deposits') IS NULL THEN
    RETURN; -- a fresh database still migrating: the app's start calls this again
  END IF;
  IF to_regclass('provider_transactions_created_idx') IS NOT NULL
     AND to_regclass('provider_win_reviews_decided_idx') IS NOT NULL THEN
    RETURN; -- made already (the usual case: no lock taken)
  END IF;
  PERFORM pg_advisory_xact_lock(72250);
  CREATE INDEX IF NOT EXISTS provider_transactions_created_idx ON provider_transactions (created_at, id);
  CREATE INDEX IF NOT EXISTS deposits_decided_idx ON deposits (decided_at) WHERE decided_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS withdrawals_decided_idx ON withdrawals (decided_at) WHERE decided_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS ledger_transactions_report_idx ON ledger_transactions (created_at)
    WHERE type = 'adjustment' OR type LIKE 'bonus%';
  CREATE INDEX IF NOT EXISTS members_created_idx ON members (created_at);
  CREATE INDEX IF NOT EXISTS provider_win_reviews_decided_idx ON provider_win_reviews (decided_at)
    WHERE status = 'rejected';
END;
$$;
SELECT report_ensure_indexes();

-- Per Manila day × member × vendor × game: the reports' source (exact distinct players).
CREATE TABLE report_player_game_days (
  day date NOT NULL,
  member_id bigint NOT NULL,
  vendor text NOT NULL,
  game_code text NOT NULL,
  bets bigint NOT NULL,
  wins bigint NOT NULL,
  rounds bigint NOT NULL,
  PRIMARY KEY (day, vendor, game_code, member_id)
);
CREATE INDEX report_player_game_days_member_idx ON report_player_game_days (member_id, day);

-- Per Manila day × vendor × game: the dashboard's charts.
CREATE TABLE report_game_days (
  day date NOT NULL,
  vendor text NOT NULL,
  game_code text NOT NULL,
  bets bigint NOT NULL,
  wins bigint NOT NULL,
  rounds bigint NOT NULL,
  players integer NOT NULL,
  PRIMARY KEY (day, vendor, game_code)
);

-- Per Manila day × member: games and money (player profitability, active players, FTDs).
CREATE TABLE report_player_days (
  day date NOT NULL,
  member_id bigint NOT NULL,
  bets bigint NOT NULL,
  wins bigint NOT NULL,
  rounds bigint NOT NULL,
  deposits bigint NOT NULL,
  deposit_count integer NOT NULL,
  withdrawals bigint NOT NULL,
  withdrawal_count integer NOT NULL,
  bonuses bigint NOT NULL,
  adjustments bigint NOT NULL,
  -- The member's first credited deposit ever was on this day.
  first_deposit boolean NOT NULL,
  PRIMARY KEY (day, member_id)
);
CREATE INDEX report_player_days_member_idx ON report_player_days (member_id, day);
-- Active players of a range: the distinct members of its days, read from the index alone.
CREATE INDEX report_player_days_active_idx ON report_player_days (day, member_id) WHERE rounds > 0;

-- Per Manila day: the money figures of the dashboard, summed once (a period reads a row a day).
CREATE TABLE report_days (
  day date PRIMARY KEY,
  deposits bigint NOT NULL,
  deposit_count integer NOT NULL,
  withdrawals bigint NOT NULL,
  withdrawal_count integer NOT NULL,
  bonuses bigint NOT NULL,
  adjustments bigint NOT NULL,
  first_depositors integer NOT NULL,
  active_players integer NOT NULL
);

-- Per Manila day × deposit channel (code) or withdrawal payout provider.
CREATE TABLE report_channel_days (
  day date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('deposit', 'withdrawal')),
  channel text NOT NULL,
  amount bigint NOT NULL,
  succeeded integer NOT NULL,
  failed integer NOT NULL,
  -- No fee is recorded anywhere yet (channels carry none): 0 until they do.
  fees bigint NOT NULL,
  PRIMARY KEY (day, kind, channel)
);

-- Days before done_until are in the rollup tables; from it on, readers use the live tail.
CREATE TABLE report_rollup_state (
  id integer PRIMARY KEY CHECK (id = 1),
  done_until date,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO report_rollup_state (id, done_until) VALUES (1, NULL);

CREATE FUNCTION report_game_facts(p_from timestamptz, p_to timestamptz)
RETURNS TABLE (day date, member_id bigint, vendor text, game_code text, bets bigint, wins bigint, rounds bigint)
LANGUAGE sql STABLE AS $$
  SELECT (f.at AT TIME ZONE 'Asia/Manila')::date, f.member_id, f.vendor, f.game_code,
         sum(f.bet)::bigint, sum(f.win)::bigint, sum(f.round)::bigint
    FROM (
      SELECT p.created_at AS at, p.member_id, p.vendor, coalesce(p.game_code, '') AS game_code,
             p.amount AS bet, 0::bigint AS win, 1 AS round
        FROM provider_transactions p
       WHERE p.kind = 'bet' AND p.created_at >= p_from AND p.created_at < p_to
      UNION ALL
      SELECT p.created_at, p.member_id, p.vendor, coalesce(p.game_code, ''), 0, p.amount, 0
        FROM provider_transactions p
       WHERE p.kind = 'win' AND p.amount > 0 AND p.created_at >= p_from AND p.created_at < p_to
      UNION ALL
      -- A rollback that moved money: its bet's stake back, under the bet's game.
      SELECT r.created_at, b.member_id, b.vendor, coalesce(b.game_code, ''), -b.amount, 0, -1
        FROM provider_transactions r
        JOIN provider_transactions b
          ON b.transaction_id = r.ref_transaction_id AND b.vendor = r.vendor AND b.kind = 'bet'
       WHERE r.kind = 'rollback' AND r.created_at >= p_from AND r.created_at < p_to
      UNION ALL
      -- A held win the operator rejected went back to the house.
      SELECT w.decided_at, w.member_id, w.vendor, coalesce(p.game_code, ''), 0, -w.amount, 0
        FROM provider_win_reviews w
        LEFT JOIN provider_transactions p ON p.transaction_id = w.transaction_id AND p.vendor = w.vendor
       WHERE w.status = 'rejected' AND w.decided_at >= p_from AND w.decided_at < p_to
    ) f
    JOIN members m ON m.id = f.member_id AND m.currency <> 'FUN'
   GROUP BY 1, 2, 3, 4
$$;

CREATE FUNCTION report_money_facts(p_from timestamptz, p_to timestamptz)
RETURNS TABLE (day date, member_id bigint, deposits bigint, deposit_count integer, withdrawals bigint,
               withdrawal_count integer, bonuses bigint, adjustments bigint, first_deposit boolean)
LANGUAGE sql STABLE AS $$
  SELECT (f.at AT TIME ZONE 'Asia/Manila')::date, f.member_id,
         sum(f.dep)::bigint, sum(f.dep_n)::integer, sum(f.wd)::bigint, sum(f.wd_n)::integer,
         sum(f.bonus)::bigint, sum(f.adj)::bigint, bool_or(f.first)
    FROM (
      SELECT d.decided_at AS at, d.member_id, d.amount AS dep, 1 AS dep_n, 0::bigint AS wd, 0 AS wd_n,
             0::bigint AS bonus, 0::bigint AS adj,
             NOT EXISTS (SELECT 1 FROM deposits e
                          WHERE e.member_id = d.member_id AND e.status IN ('approved', 'paid')
                            AND (e.decided_at < d.decided_at OR (e.decided_at = d.decided_at AND e.id < d.id))) AS first
        FROM deposits d
       WHERE d.status IN ('approved', 'paid') AND d.decided_at >= p_from AND d.decided_at < p_to
      UNION ALL
      SELECT w.decided_at, w.member_id, 0, 0, w.amount, 1, 0, 0, false
        FROM withdrawals w
       WHERE w.status NOT IN ('pending', 'rejected') AND w.decided_at >= p_from AND w.decided_at < p_to
      UNION ALL
      SELECT t.created_at, a.member_id, 0, 0, 0, 0,
             CASE WHEN t.type = 'adjustment' THEN 0 ELSE e.amount END,
             CASE WHEN t.type = 'adjustment' THEN e.amount ELSE 0 END, false
        FROM ledger_transactions t
        JOIN ledger_entries e ON e.transaction_id = t.id
        JOIN ledger_accounts a ON a.id = e.account_id AND a.member_id IS NOT NULL
       WHERE (t.type = 'adjustment' OR t.type LIKE 'bonus%')
         AND t.created_at >= p_from AND t.created_at < p_to
    ) f
    JOIN members m ON m.id = f.member_id AND m.currency <> 'FUN'
   GROUP BY 1, 2
$$;

CREATE FUNCTION report_channel_facts(p_from timestamptz, p_to timestamptz)
RETURNS TABLE (day date, kind text, channel text, amount bigint, succeeded integer, failed integer, fees bigint)
LANGUAGE sql STABLE AS $$
  SELECT (f.at AT TIME ZONE 'Asia/Manila')::date, f.kind, f.channel,
         sum(CASE WHEN f.ok THEN f.amount ELSE 0 END)::bigint,
         count(*) FILTER (WHERE f.ok)::integer, count(*) FILTER (WHERE NOT f.ok)::integer, 0::bigint
    FROM (
      SELECT d.decided_at AS at, 'deposit' AS kind, c.code AS channel, d.amount,
             d.status IN ('approved', 'paid') AS ok, d.member_id
        FROM deposits d JOIN payment_channels c ON c.id = d.channel_id
       WHERE d.status IN ('approved', 'paid', 'rejected', 'failed')
         AND d.decided_at >= p_from AND d.decided_at < p_to
      UNION ALL
      SELECT w.decided_at, 'withdrawal', upper(coalesce(w.payout ->> 'provider', '?')), w.amount,
             w.status <> 'rejected', w.member_id
        FROM withdrawals w
       WHERE w.status <> 'pending' AND w.decided_at >= p_from AND w.decided_at < p_to
    ) f
    JOIN members m ON m.id = f.member_id AND m.currency <> 'FUN'
   GROUP BY 1, 2, 3
$$;

-- Recompute the Manila days [p_from, p_until) in every rollup table: delete and insert, so
-- running it again (a retry, a second process, the re-run of the last closed day) gives the same
-- rows. Set-based over the whole range: a catch-up of a month is one pass, not thirty.
CREATE FUNCTION report_rollup_days(p_from date, p_until date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_from timestamptz := p_from::timestamp AT TIME ZONE 'Asia/Manila';
  v_to timestamptz := p_until::timestamp AT TIME ZONE 'Asia/Manila';
BEGIN
  DELETE FROM report_player_game_days WHERE day >= p_from AND day < p_until;
  DELETE FROM report_game_days WHERE day >= p_from AND day < p_until;
  DELETE FROM report_player_days WHERE day >= p_from AND day < p_until;
  DELETE FROM report_channel_days WHERE day >= p_from AND day < p_until;
  DELETE FROM report_days WHERE day >= p_from AND day < p_until;
  INSERT INTO report_player_game_days (day, member_id, vendor, game_code, bets, wins, rounds)
    SELECT f.day, f.member_id, f.vendor, f.game_code, f.bets, f.wins, f.rounds
      FROM report_game_facts(v_from, v_to) f;
  INSERT INTO report_game_days (day, vendor, game_code, bets, wins, rounds, players)
    SELECT g.day, g.vendor, g.game_code, sum(g.bets), sum(g.wins), sum(g.rounds),
           count(*) FILTER (WHERE g.rounds > 0)
      FROM report_player_game_days g WHERE g.day >= p_from AND g.day < p_until
     GROUP BY g.day, g.vendor, g.game_code;
  INSERT INTO report_player_days (day, member_id, bets, wins, rounds, deposits, deposit_count,
                                  withdrawals, withdrawal_count, bonuses, adjustments, first_deposit)
    SELECT coalesce(g.day, m.day), coalesce(g.member_id, m.member_id),
           coalesce(g.bets, 0), coalesce(g.wins, 0), coalesce(g.rounds, 0),
           coalesce(m.deposits, 0), coalesce(m.deposit_count, 0), coalesce(m.withdrawals, 0),
           coalesce(m.withdrawal_count, 0), coalesce(m.bonuses, 0), coalesce(m.adjustments, 0),
           coalesce(m.first_deposit, false)
      FROM (SELECT x.day, x.member_id, sum(x.bets)::bigint AS bets, sum(x.wins)::bigint AS wins,
                   sum(x.rounds)::bigint AS rounds
              FROM report_player_game_days x WHERE x.day >= p_from AND x.day < p_until
             GROUP BY x.day, x.member_id) g
      FULL JOIN report_money_facts(v_from, v_to) m ON m.day = g.day AND m.member_id = g.member_id;
  INSERT INTO report_days (day, deposits, deposit_count, withdrawals, withdrawal_count, bonuses,
                           adjustments, first_depositors, active_players)
    SELECT day, sum(deposits), sum(deposit_count), sum(withdrawals), sum(withdrawal_count),
           sum(bonuses), sum(adjustments), count(*) FILTER (WHERE first_deposit),
           count(*) FILTER (WHERE rounds > 0)
      FROM report_player_days WHERE day >= p_from AND day < p_until GROUP BY day;
  INSERT INTO report_channel_days (day, kind, channel, amount, succeeded, failed, fees)
    SELECT c.day, c.kind, c.channel, c.amount, c.succeeded, c.failed, c.fees
      FROM report_channel_facts(v_from, v_to) c;
END;
$$;

-- Back to the default for the migrations that follow in the same run.
SET LOCAL check_function_bodies = on;
