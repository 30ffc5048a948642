-- The reports' rollup tables (report_player_game_days, report_game_days, report_player_days,
-- report_days, report_channel_days), from the facts functions (report_game_facts,
-- report_money_facts, report_channel_facts), so the rollup and the live tail count alike.
-- Recompute the Manila days [p_from, p_until) in every rollup table: delete and insert, so
-- running it again (a retry, a second process, the re-run of the last closed day) gives the same
-- rows. Set-based over the whole range: a catch-up of a month is one pass, not thirty.
CREATE OR REPLACE FUNCTION report_rollup_days(p_from date, p_until date) RETURNS void LANGUAGE plpgsql AS $$
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
