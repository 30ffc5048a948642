-- A credit must name a round that its bet belongs to (docs/provider-protocol.md
-- "Rules"): a win whose roundId is not the roundId of the bet it names (betTransactionId) is
-- refused with ROUND_MISMATCH — and, like every refusal since migration 0512, remembered for its
-- transaction id. Before, a win could name any bet of the player and book its amount to another
-- round, past the round's limits and records. Otherwise provider_move is that of 0512.
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
    ELSIF p_amount > 0 THEN
      v_delta := -p_amount;
    END IF;
  ELSIF p_kind = 'win' THEN
    SELECT kind, member_id, round_id INTO ref
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
    END IF;
  ELSE -- rollback
    SELECT kind, member_id, amount INTO ref
      FROM provider_transactions WHERE vendor = p_vendor AND transaction_id = p_ref;
    IF NOT FOUND THEN
      -- Remember the bet never seen, so that it is refused when it arrives late. A bet of another
      -- player that arrived meanwhile wins the race: then this is refused as not this player's.
      INSERT INTO provider_transactions
        (vendor, transaction_id, kind, round_id, member_id, amount, fingerprint)
      VALUES (p_vendor, p_ref, 'rollback_tombstone', p_round, m.id, 0, 'tombstone')
      ON CONFLICT (vendor, transaction_id) DO NOTHING;
      IF NOT FOUND THEN
        SELECT kind, member_id, amount INTO ref
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

  IF v_err IS NULL AND v_delta IS NOT NULL THEN
    v_balance := ledger_move_member(
      'prov:' || p_vendor || ':' || p_tid, p_kind, p_vendor || ':' || p_round, p_print,
      m.id, v_wallet, m.currency, 'games', v_delta);
    IF v_balance IS NULL THEN
      v_err := 'INSUFFICIENT_FUNDS';
    END IF;
  END IF;

  IF v_err IS NOT NULL THEN
    SELECT balance INTO v_balance FROM ledger_accounts
     WHERE member_id = m.id AND kind = v_wallet AND currency = m.currency;
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

  IF v_delta IS NULL THEN
    SELECT balance INTO v_balance FROM ledger_accounts
     WHERE member_id = m.id AND kind = v_wallet AND currency = m.currency;
  END IF;
  v_answer := jsonb_build_object('transactionId', p_tid, 'playerId', m.id, 'currency', m.currency,
                                 'balance', ledger_format_minor(COALESCE(v_balance, 0)));
  UPDATE provider_transactions SET response = v_answer WHERE id = v_claim;
  RETURN jsonb_build_object('answer', v_answer, 'replay', false, 'posted', v_delta IS NOT NULL);
END;
$$;
