-- The bonus wallet in the provider protocol (docs/architecture.md "Bonus
-- wallet"). provider_move is 0516's with these changes, every earlier guarantee kept (the
-- player's advisory lock first, refusals recorded and final, win limits):
-- * A bet takes real money first, then bonus money: the split is recorded on the bet's row
--   (bonus_amount; bonus_id names the member's active bonus when the bet was placed, even when
--   real money paid it all). While a bonus is active, a bet above its max_bet is refused with
--   BONUS_MAX_BET (kept like every refusal).
-- * A win or a rollback of a bet with a bonus part gives that part's share back by one rule:
--   share = amount × bet's bonus part ÷ bet's amount (rounded down; the rest is real money).
--   The share goes to the bonus account while that bonus is active, to main once it is
--   completed (it was converted), and stays with the house once it expired or was forfeited.
-- * Wagering advances on a bet's first win (settled: it can no longer be rolled back) by the
--   bet's amount × the contribution of the game's type, for the bonus active when it was placed.
--   Met: bonus_complete moves the bonus balance (up to max_conversion) to main.
-- * Balances answered to the provider are main + bonus (what the player can bet).
-- A member with no active bonus pays one indexed lookup (member_bonuses_active_idx) per bet
-- and per win, nothing per rollback.

-- The member's advisory lock, the same one provider_move takes: every bonus movement takes it
-- first, so bonus changes and provider moves of one member are decided one after the other.
CREATE FUNCTION bonus_member_lock(p_member bigint) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(1347571200 # (p_member >> 32)::int,
                               ((p_member & 4294967295) - 2147483648)::int)
$$;

-- End an active bonus: expired or forfeited takes the bonus balance back to house:bonus;
-- completed moves it to main, up to max_conversion (the rest back to house:bonus). Each its own
-- ledger type, keyed bonus:<state>:<id> (once). Answers false when the bonus was not active.
-- The caller holds the member's lock (bonus_member_lock).
CREATE FUNCTION bonus_end(p_bonus bigint, p_state text, p_note text, p_now timestamptz)
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

CREATE OR REPLACE FUNCTION provider_move(
  p_vendor text, p_kind text, p_tid text, p_round text, p_player bigint, p_amount bigint,
  p_ref text, p_token_hash text, p_game text, p_print text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  m record;
  seen record;
  ref record;
  first_rb record;
  v_claim bigint;
  v_wallet text;
  v_err text;
  v_seen boolean := false;
  -- The member side of the movement (negative: a stake taken); NULL: no money moves.
  v_delta bigint;
  v_balance bigint;
  v_answer jsonb;
  v_refusal jsonb;
  lim record;
  v_round_bets bigint;
  v_round_wins bigint;
  v_hold boolean := false;
  -- The bonus: the member's active one (bet, win), the bet's part and its share (win, rollback).
  bon record;
  v_bonus_id bigint;
  v_bonus_part bigint := 0;
  v_bonus_state text;
  v_main_bal bigint;
  v_bonus_bal bigint;
  v_with_bonus boolean := false;
  -- What a win or rollback pays (before the bonus rule) and the bet's bonus part.
  v_base bigint;
  v_ref_bonus bigint := 0;
  v_rate numeric;
  v_valid bigint;
  v_legs jsonb;
BEGIN
  IF p_kind NOT IN ('bet', 'win', 'rollback') THEN
    RAISE EXCEPTION 'unknown provider move %', p_kind;
  END IF;
  SELECT id, currency, status INTO m FROM members WHERE id = p_player;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('error', 'PLAYER_NOT_FOUND');
  END IF;
  v_wallet := CASE WHEN m.currency = 'FUN' THEN 'play' ELSE 'main' END;

  -- The player's lock, before the claim and every read (see above). Bijective on member ids.
  PERFORM pg_advisory_xact_lock(1347571200 # (m.id >> 32)::int,
                                ((m.id & 4294967295) - 2147483648)::int);

  INSERT INTO provider_transactions
    (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, game_code,
     fingerprint)
  VALUES (p_vendor, p_tid, p_kind, p_round, m.id, p_amount, p_ref, p_game, p_print)
  ON CONFLICT (vendor, transaction_id) DO NOTHING
  RETURNING id INTO v_claim;

  IF v_claim IS NULL THEN
    v_seen := true;
    SELECT kind, fingerprint, response INTO seen
      FROM provider_transactions WHERE vendor = p_vendor AND transaction_id = p_tid;
    IF seen.kind = 'rollback_tombstone' AND p_kind = 'bet' THEN
      v_err := 'BET_ROLLED_BACK';
    ELSIF seen.fingerprint <> p_print OR seen.response IS NULL THEN
      v_err := 'DUPLICATE_MISMATCH';
    ELSIF seen.kind = p_kind || '_refused' THEN
      -- The refusal this id got, again (its own status: not a repeat's 409).
      RETURN seen.response || jsonb_build_object('replay', true);
    ELSIF seen.kind = p_kind OR (p_kind = 'rollback' AND seen.kind = 'rollback_repeat') THEN
      RETURN jsonb_build_object('answer', seen.response, 'replay', true, 'posted', false);
    ELSE
      v_err := 'DUPLICATE_MISMATCH';
    END IF;
  ELSIF p_kind = 'bet' THEN
    SELECT member_id, expires_at INTO ref
      FROM launch_tokens WHERE token_hash = p_token_hash AND vendor = p_vendor;
    IF NOT FOUND OR ref.member_id <> m.id OR ref.expires_at < p_now THEN
      v_err := 'INVALID_TOKEN';
    ELSIF m.status <> 'active' THEN
      v_err := 'ACCOUNT_LOCKED';
    ELSE
      IF v_wallet = 'main' THEN
        SELECT id, max_bet INTO bon FROM member_bonuses WHERE member_id = m.id AND state = 'active';
        IF FOUND THEN
          v_bonus_id := bon.id;
          IF bon.max_bet IS NOT NULL AND p_amount > bon.max_bet THEN
            v_err := 'BONUS_MAX_BET';
          END IF;
        END IF;
      END IF;
      IF v_err IS NULL AND p_amount > 0 THEN
        v_delta := -p_amount;
      END IF;
    END IF;
  ELSIF p_kind = 'win' THEN
    SELECT kind, member_id, round_id, amount, bonus_id, bonus_amount, game_code INTO ref
      FROM provider_transactions WHERE vendor = p_vendor AND transaction_id = p_ref;
    IF NOT FOUND OR ref.member_id <> m.id OR ref.kind NOT IN ('bet', 'rollback_tombstone') THEN
      v_err := 'TRANSACTION_NOT_FOUND';
    ELSIF ref.round_id <> p_round THEN
      v_err := 'ROUND_MISMATCH';
    ELSIF ref.kind = 'rollback_tombstone' OR EXISTS (
        SELECT 1 FROM provider_transactions
         WHERE ref_transaction_id = p_ref AND vendor = p_vendor AND kind = 'rollback') THEN
      v_err := 'BET_ROLLED_BACK';
    ELSIF p_amount > 0 THEN
      v_delta := p_amount;
      -- The vendor's maximum win per round: the player's round (all its wins, held ones too,
      -- with this one) against a multiple of its bets that can no longer be rolled back (this
      -- win's own bet and bets that have a win: a rollback of either is refused) and an amount.
      SELECT max_win_multiple, max_win_amount INTO lim FROM provider_clients WHERE vendor = p_vendor;
      IF lim.max_win_multiple IS NOT NULL OR lim.max_win_amount IS NOT NULL THEN
        SELECT COALESCE(sum(t.amount) FILTER (WHERE t.kind = 'bet' AND (
                 t.transaction_id = p_ref OR EXISTS (
                   SELECT 1 FROM provider_transactions w
                    WHERE w.ref_transaction_id = t.transaction_id AND w.vendor = p_vendor
                      AND w.kind = 'win'))), 0),
               COALESCE(sum(t.amount) FILTER (WHERE t.kind = 'win' AND t.id <> v_claim), 0)
          INTO v_round_bets, v_round_wins
          FROM provider_transactions t
         WHERE t.round_id = p_round AND t.vendor = p_vendor AND t.member_id = m.id;
        v_hold := (lim.max_win_amount IS NOT NULL AND v_round_wins + p_amount > lim.max_win_amount)
               OR (lim.max_win_multiple IS NOT NULL
                   AND (v_round_wins + p_amount)::numeric > lim.max_win_multiple::numeric * v_round_bets);
      END IF;
    END IF;
  ELSE -- rollback
    SELECT kind, member_id, amount, bonus_id, bonus_amount INTO ref
      FROM provider_transactions WHERE vendor = p_vendor AND transaction_id = p_ref;
    IF NOT FOUND THEN
      -- Remember the bet never seen, so that it is refused when it arrives late. A bet of another
      -- player that arrived meanwhile wins the race: then this is refused as not this player's.
      INSERT INTO provider_transactions
        (vendor, transaction_id, kind, round_id, member_id, amount, fingerprint)
      VALUES (p_vendor, p_ref, 'rollback_tombstone', p_round, m.id, 0, 'tombstone')
      ON CONFLICT (vendor, transaction_id) DO NOTHING;
      IF NOT FOUND THEN
        SELECT kind, member_id, amount, bonus_id, bonus_amount INTO ref
          FROM provider_transactions WHERE vendor = p_vendor AND transaction_id = p_ref;
      END IF;
    END IF;
    IF ref.kind IS NULL THEN
      NULL; -- the tombstone above: acknowledged, no money moves
    ELSIF ref.member_id <> m.id OR ref.kind NOT IN ('bet', 'rollback_tombstone', 'bet_refused') THEN
      v_err := 'TRANSACTION_NOT_FOUND';
    ELSE
      SELECT response INTO first_rb FROM provider_transactions
       WHERE ref_transaction_id = p_ref AND vendor = p_vendor AND kind = 'rollback'
         AND id <> v_claim
       ORDER BY id LIMIT 1;
      IF FOUND THEN
        -- Rolled back already under another id: that rollback's answer, kept for this id too.
        UPDATE provider_transactions SET kind = 'rollback_repeat', response = first_rb.response
         WHERE id = v_claim;
        RETURN jsonb_build_object('answer', first_rb.response, 'replay', false, 'posted', false);
      ELSIF ref.kind = 'bet' AND EXISTS (
          SELECT 1 FROM provider_transactions
           WHERE ref_transaction_id = p_ref AND vendor = p_vendor AND kind = 'win') THEN
        v_err := 'ROLLBACK_NOT_ALLOWED';
      ELSIF ref.kind = 'bet' AND ref.amount > 0 THEN
        v_delta := ref.amount;
      END IF;
      -- A tombstone's bet (a rollback before it was remembered by another id: that one answered)
      -- or a refused bet: acknowledged, no money moves.
    END IF;
  END IF;

  IF v_err IS NULL AND v_hold THEN
    -- Held for review: the amount leaves house:games for the clearing account house:win-review
    -- (the win is owed to no one until an operator decides); the player's balance is unchanged.
    PERFORM ledger_post(
      'prov:' || p_vendor || ':' || p_tid, 'win_hold', p_vendor || ':' || p_round, m.id, p_print,
      jsonb_build_array(
        jsonb_build_object('m', NULL, 'k', 'house:games', 'c', m.currency, 'a', (-p_amount)::text),
        jsonb_build_object('m', NULL, 'k', 'house:win-review', 'c', m.currency, 'a', p_amount::text)));
    INSERT INTO provider_win_reviews
      (vendor, transaction_id, round_id, member_id, currency, amount, round_bets, round_wins,
       max_win_multiple, max_win_amount, created_at)
    VALUES (p_vendor, p_tid, p_round, m.id, m.currency, p_amount, v_round_bets, v_round_wins,
            lim.max_win_multiple, lim.max_win_amount, p_now);
    v_delta := NULL;
  END IF;

  IF v_err IS NULL AND v_delta IS NOT NULL THEN
    IF p_kind = 'bet' AND v_bonus_id IS NOT NULL THEN
      -- Real money first, then bonus money. Both rows are locked here, main then bonus: the
      -- only other movers of the bonus account (grant, bonus_end) hold the member's lock too,
      -- and deposits and withdrawals lock main alone.
      SELECT balance INTO v_main_bal FROM ledger_accounts
       WHERE member_id = m.id AND kind = 'main' AND currency = m.currency FOR UPDATE;
      SELECT balance INTO v_bonus_bal FROM ledger_accounts
       WHERE member_id = m.id AND kind = 'bonus' AND currency = m.currency FOR UPDATE;
      v_main_bal := COALESCE(v_main_bal, 0);
      v_bonus_bal := COALESCE(v_bonus_bal, 0);
      v_with_bonus := true;
      IF v_main_bal + v_bonus_bal < p_amount THEN
        v_err := 'INSUFFICIENT_FUNDS';
      ELSE
        v_bonus_part := GREATEST(p_amount - v_main_bal, 0);
      END IF;
    ELSIF p_kind IN ('win', 'rollback') THEN
      -- (Nested: a record's fields are read only where the record has them.)
      v_ref_bonus := COALESCE(ref.bonus_amount, 0);
      IF v_ref_bonus > 0 THEN
        -- The bonus part's share of this win or rollback goes where the rule above says.
        v_base := v_delta;
        v_bonus_id := ref.bonus_id;
        IF p_kind = 'rollback' THEN
          v_bonus_part := v_ref_bonus;
        ELSE
          v_bonus_part := floor(v_base::numeric * v_ref_bonus / ref.amount)::bigint;
        END IF;
        SELECT state INTO v_bonus_state FROM member_bonuses WHERE id = ref.bonus_id;
        v_with_bonus := true;
      END IF;
    END IF;
    IF v_err IS NULL AND v_bonus_part > 0 THEN
      v_legs := '[]'::jsonb;
      IF p_kind = 'bet' THEN
        IF p_amount - v_bonus_part > 0 THEN
          v_legs := v_legs || jsonb_build_object('m', m.id, 'k', 'main', 'c', m.currency,
                                                 'a', (v_bonus_part - p_amount)::text);
        END IF;
        v_legs := v_legs || jsonb_build_object('m', m.id, 'k', 'bonus', 'c', m.currency,
                                               'a', (-v_bonus_part)::text)
                         || jsonb_build_object('m', NULL, 'k', 'house:games', 'c', m.currency,
                                               'a', p_amount::text);
      ELSE
        -- Paid: the real part to main; the bonus share to bonus (active), main (completed), or
        -- not at all (expired, forfeited: it stays with the house).
        v_delta := (v_base - v_bonus_part)
                   + CASE WHEN v_bonus_state IN ('active', 'completed') THEN v_bonus_part ELSE 0 END;
        IF v_bonus_state = 'active' THEN
          IF v_base - v_bonus_part > 0 THEN
            v_legs := v_legs || jsonb_build_object('m', m.id, 'k', 'main', 'c', m.currency,
                                                   'a', (v_base - v_bonus_part)::text);
          END IF;
          v_legs := v_legs || jsonb_build_object('m', m.id, 'k', 'bonus', 'c', m.currency,
                                                 'a', v_bonus_part::text);
        ELSIF v_delta > 0 THEN
          v_legs := v_legs || jsonb_build_object('m', m.id, 'k', 'main', 'c', m.currency,
                                                 'a', v_delta::text);
        END IF;
        IF v_delta > 0 THEN
          v_legs := v_legs || jsonb_build_object('m', NULL, 'k', 'house:games', 'c', m.currency,
                                                 'a', (-v_delta)::text);
        END IF;
      END IF;
      IF jsonb_array_length(v_legs) >= 2 THEN
        PERFORM ledger_post('prov:' || p_vendor || ':' || p_tid, p_kind, p_vendor || ':' || p_round,
                            m.id, p_print, v_legs);
      ELSE
        v_delta := NULL; -- a share that stays with the house: no money moves
      END IF;
      UPDATE provider_transactions SET bonus_id = v_bonus_id, bonus_amount = v_bonus_part
       WHERE id = v_claim;
    ELSIF v_err IS NULL THEN
      v_balance := ledger_move_member(
        'prov:' || p_vendor || ':' || p_tid, p_kind, p_vendor || ':' || p_round, p_print,
        m.id, v_wallet, m.currency, 'games', v_delta);
      IF v_balance IS NULL THEN
        v_err := 'INSUFFICIENT_FUNDS';
      END IF;
    END IF;
  END IF;
  IF v_err IS NULL AND p_kind = 'bet' AND v_bonus_id IS NOT NULL AND v_bonus_part = 0 THEN
    -- Placed while the bonus was active: it counts for its wagering when settled.
    UPDATE provider_transactions SET bonus_id = v_bonus_id WHERE id = v_claim;
  END IF;

  -- Wagering: a bet's first win settles it (a rollback of it is refused from now on).
  IF v_err IS NULL AND p_kind = 'win' THEN
    v_bonus_id := ref.bonus_id;
  END IF;
  IF v_err IS NULL AND p_kind = 'win' AND v_bonus_id IS NOT NULL THEN
    SELECT id, wagered, wagering_required, contributions INTO bon
      FROM member_bonuses WHERE member_id = m.id AND state = 'active';
    IF FOUND AND bon.id = v_bonus_id AND NOT EXISTS (
        SELECT 1 FROM provider_transactions
         WHERE ref_transaction_id = p_ref AND vendor = p_vendor AND kind = 'win' AND id <> v_claim) THEN
      SELECT COALESCE((bon.contributions->>g.game_type)::numeric, (bon.contributions->>'*')::numeric, 0)
        INTO v_rate FROM games g WHERE g.vendor = p_vendor AND g.game_code = ref.game_code;
      IF NOT FOUND THEN
        v_rate := COALESCE((bon.contributions->>'*')::numeric, 0);
      END IF;
      v_valid := floor(ref.amount::numeric * v_rate / 100)::bigint;
      IF v_valid > 0 THEN
        UPDATE member_bonuses SET wagered = wagered + v_valid WHERE id = bon.id;
        INSERT INTO bonus_events (bonus_id, kind, amount, wagered_after, note, created_at)
        VALUES (bon.id, 'wagered', v_valid, bon.wagered + v_valid, p_vendor || ':' || p_round, p_now);
        IF bon.wagered + v_valid >= bon.wagering_required THEN
          PERFORM bonus_end(bon.id, 'completed', p_vendor || ':' || p_round, p_now);
        END IF;
        v_with_bonus := true;
      END IF;
    END IF;
  END IF;

  IF v_err IS NOT NULL THEN
    SELECT sum(balance) INTO v_balance FROM ledger_accounts
     WHERE member_id = m.id AND kind IN (v_wallet, 'bonus') AND currency = m.currency;
    v_refusal := jsonb_build_object('error', v_err, 'seen', v_seen,
                                    'balance', ledger_format_minor(COALESCE(v_balance, 0)),
                                    'currency', m.currency);
    IF v_claim IS NOT NULL THEN
      -- Final: this id answers this refusal from now on and never moves money.
      UPDATE provider_transactions SET kind = p_kind || '_refused', response = v_refusal
       WHERE id = v_claim;
    END IF;
    RETURN v_refusal;
  END IF;

  IF v_delta IS NULL OR v_with_bonus OR v_bonus_id IS NOT NULL THEN
    SELECT sum(balance) INTO v_balance FROM ledger_accounts
     WHERE member_id = m.id AND kind IN (v_wallet, 'bonus') AND currency = m.currency;
  END IF;
  v_answer := jsonb_build_object('transactionId', p_tid, 'playerId', m.id, 'currency', m.currency,
                                 'balance', ledger_format_minor(COALESCE(v_balance, 0)));
  IF v_hold THEN
    v_answer := v_answer || jsonb_build_object('held', true);
  END IF;
  UPDATE provider_transactions SET response = v_answer WHERE id = v_claim;
  RETURN jsonb_build_object('answer', v_answer, 'replay', false, 'posted', v_delta IS NOT NULL);
END;
$$;
