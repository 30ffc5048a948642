-- End an active bonus: expired or forfeited takes the bonus balance back to house:bonus;
-- completed moves it to main, up to max_conversion (the rest back to house:bonus). Each its own
-- ledger type, keyed bonus:<state>:<id> (once). Answers false when the bonus was not active.
-- The caller holds the member's lock (bonus_member_lock). provider_move calls it when a win
-- meets the wagering requirement.
CREATE OR REPLACE FUNCTION bonus_end(p_bonus bigint, p_state text, p_note text, p_now timestamptz)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  b record;
  v_bal bigint;
  v_release bigint := 0;
  v_legs jsonb;
BEGIN
  IF p_state NOT IN ('completed', 'expired', 'forfeited') THEN
    RAISE EXCEPTION 'unknown bonus end %', p_state;
  END IF;
  SELECT * INTO b FROM member_bonuses WHERE id = p_bonus FOR UPDATE;
  IF NOT FOUND OR b.state <> 'active' THEN
    RETURN false;
  END IF;
  SELECT balance INTO v_bal FROM ledger_accounts
   WHERE member_id = b.member_id AND kind = 'bonus' AND currency = b.currency FOR UPDATE;
  v_bal := COALESCE(v_bal, 0);
  IF p_state = 'completed' THEN
    v_release := LEAST(v_bal, COALESCE(b.max_conversion, v_bal));
  END IF;
  IF v_bal > 0 THEN
    v_legs := jsonb_build_array(
      jsonb_build_object('m', b.member_id, 'k', 'bonus', 'c', b.currency, 'a', (-v_bal)::text));
    IF v_release > 0 THEN
      v_legs := v_legs || jsonb_build_object('m', b.member_id, 'k', 'main', 'c', b.currency,
                                             'a', v_release::text);
    END IF;
    IF v_bal - v_release > 0 THEN
      v_legs := v_legs || jsonb_build_object('m', NULL, 'k', 'house:bonus', 'c', b.currency,
                                             'a', (v_bal - v_release)::text);
    END IF;
    PERFORM ledger_post(
      'bonus:' || p_state || ':' || b.id,
      CASE p_state WHEN 'completed' THEN 'bonus_release' WHEN 'expired' THEN 'bonus_expire'
                   ELSE 'bonus_forfeit' END,
      'B' || b.id, b.member_id, 'bonus-end:' || b.id || ':' || v_bal, v_legs);
  END IF;
  UPDATE member_bonuses
     SET state = p_state, ended_at = p_now,
         released = v_release, taken_back = v_bal - v_release
   WHERE id = b.id;
  INSERT INTO bonus_events (bonus_id, kind, amount, wagered_after, note, created_at)
  VALUES (b.id, p_state, CASE WHEN p_state = 'completed' THEN v_release ELSE v_bal - v_release END,
          b.wagered, p_note, p_now);
  RETURN true;
END;
$$;
