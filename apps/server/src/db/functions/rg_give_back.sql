-- Responsible gaming's counting, shared by provider_move and the sportsbook (which posts to the
-- ledger itself). Callers ask only for members with rg_active.
-- Money paid back on a bet (a win, a rollback's or a void's stake) lowers the period's loss; a
-- rollback also lowers the wager. Counted in the period it arrives in.
CREATE OR REPLACE FUNCTION rg_give_back(p_member bigint, p_amount bigint, p_void boolean, p_now timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date;
  v_week date;
  v_month date;
  v_wager bigint := CASE WHEN p_void THEN p_amount ELSE 0 END;
BEGIN
  IF p_amount <= 0 THEN
    RETURN;
  END IF;
  v_day := ((p_now AT TIME ZONE 'UTC') + interval '8 hours')::date;
  v_week := v_day - (extract(isodow FROM v_day)::int - 1);
  v_month := date_trunc('month', v_day::timestamp)::date;
  UPDATE rg_member r SET
    day_key = v_day, week_key = v_week, month_key = v_month,
    wagered_day = (CASE WHEN r.day_key = v_day THEN r.wagered_day ELSE 0 END) - v_wager,
    wagered_week = (CASE WHEN r.week_key = v_week THEN r.wagered_week ELSE 0 END) - v_wager,
    wagered_month = (CASE WHEN r.month_key = v_month THEN r.wagered_month ELSE 0 END) - v_wager,
    lost_day = (CASE WHEN r.day_key = v_day THEN r.lost_day ELSE 0 END) - p_amount,
    lost_week = (CASE WHEN r.week_key = v_week THEN r.lost_week ELSE 0 END) - p_amount,
    lost_month = (CASE WHEN r.month_key = v_month THEN r.lost_month ELSE 0 END) - p_amount
   WHERE r.member_id = p_member;
END;
$$;
