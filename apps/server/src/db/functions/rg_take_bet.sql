-- Responsible gaming's counting, shared by provider_move and the sportsbook (which posts to the
-- ledger itself). Callers ask only for members with rg_active.
-- rg_take_bet counts a stake in the member's current Manila day, week (from Monday) and month if
-- every limit still holds and nothing blocks the member: 'OK'; NULL when the member has no
-- rg_member row (nothing counted); else the refusal code, nothing counted.
CREATE OR REPLACE FUNCTION rg_take_bet(p_member bigint, p_amount bigint, p_now timestamptz)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_day date;
  v_week date;
  v_month date;
  rg rg_member%ROWTYPE;
BEGIN
  v_day := ((p_now AT TIME ZONE 'UTC') + interval '8 hours')::date;
  v_week := v_day - (extract(isodow FROM v_day)::int - 1);
  v_month := date_trunc('month', v_day::timestamp)::date;
  UPDATE rg_member r SET
    day_key = v_day, week_key = v_week, month_key = v_month,
    wagered_day = (CASE WHEN r.day_key = v_day THEN r.wagered_day ELSE 0 END) + p_amount,
    wagered_week = (CASE WHEN r.week_key = v_week THEN r.wagered_week ELSE 0 END) + p_amount,
    wagered_month = (CASE WHEN r.month_key = v_month THEN r.wagered_month ELSE 0 END) + p_amount,
    lost_day = (CASE WHEN r.day_key = v_day THEN r.lost_day ELSE 0 END) + p_amount,
    lost_week = (CASE WHEN r.week_key = v_week THEN r.lost_week ELSE 0 END) + p_amount,
    lost_month = (CASE WHEN r.month_key = v_month THEN r.lost_month ELSE 0 END) + p_amount
   WHERE r.member_id = p_member
     AND (r.blocked_until IS NULL OR r.blocked_until <= p_now)
     AND (r.wager_day IS NULL
          OR (CASE WHEN r.day_key = v_day THEN r.wagered_day ELSE 0 END) + p_amount <= r.wager_day)
     AND (r.wager_week IS NULL
          OR (CASE WHEN r.week_key = v_week THEN r.wagered_week ELSE 0 END) + p_amount <= r.wager_week)
     AND (r.wager_month IS NULL
          OR (CASE WHEN r.month_key = v_month THEN r.wagered_month ELSE 0 END) + p_amount <= r.wager_month)
     AND (r.loss_day IS NULL
          OR (CASE WHEN r.day_key = v_day THEN r.lost_day ELSE 0 END) + p_amount <= r.loss_day)
     AND (r.loss_week IS NULL
          OR (CASE WHEN r.week_key = v_week THEN r.lost_week ELSE 0 END) + p_amount <= r.loss_week)
     AND (r.loss_month IS NULL
          OR (CASE WHEN r.month_key = v_month THEN r.lost_month ELSE 0 END) + p_amount <= r.loss_month)
     AND (r.session_minutes IS NULL OR EXISTS (
           SELECT 1 FROM member_sessions s
            WHERE s.member_id = p_member
              AND s.created_at > p_now - make_interval(mins => r.session_minutes)));
  IF FOUND THEN
    RETURN 'OK';
  END IF;
  SELECT * INTO rg FROM rg_member WHERE member_id = p_member;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN CASE
    WHEN rg.blocked_until IS NOT NULL AND rg.blocked_until > p_now THEN
      CASE WHEN rg.blocked_kind = 'self_exclusion' THEN 'RG_SELF_EXCLUDED' ELSE 'RG_COOLING_OFF' END
    WHEN rg.session_minutes IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM member_sessions s
       WHERE s.member_id = p_member
         AND s.created_at > p_now - make_interval(mins => rg.session_minutes)) THEN 'RG_SESSION_LIMIT'
    WHEN (rg.wager_day IS NOT NULL AND (CASE WHEN rg.day_key = v_day THEN rg.wagered_day ELSE 0 END) + p_amount > rg.wager_day)
      OR (rg.wager_week IS NOT NULL AND (CASE WHEN rg.week_key = v_week THEN rg.wagered_week ELSE 0 END) + p_amount > rg.wager_week)
      OR (rg.wager_month IS NOT NULL AND (CASE WHEN rg.month_key = v_month THEN rg.wagered_month ELSE 0 END) + p_amount > rg.wager_month)
      THEN 'RG_WAGER_LIMIT'
    ELSE 'RG_LOSS_LIMIT' END;
END;
$$;
