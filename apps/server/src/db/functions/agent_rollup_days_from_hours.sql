-- The Manila days [p_from, p_until) as the sums of their hours (the caller checks the hours cover
-- them): the same rows agent_rollup_days computes from the records.
CREATE OR REPLACE FUNCTION agent_rollup_days_from_hours(p_from date, p_until date) RETURNS integer LANGUAGE plpgsql AS $$
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
