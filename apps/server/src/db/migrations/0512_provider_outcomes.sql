-- One outcome per bet, and refusals remembered (docs/provider-protocol.md
-- "Rules"). Replaces provider_move of migration 0510.
--
-- 1. Every provider transaction of a player is decided under that player's lock, taken before
--    anything is read: a transaction-scoped advisory lock on the player (the two-key space, which
--    nothing else uses). Before, "does a win or a rollback of this bet exist" was read before any
--    lock under READ COMMITTED while two batches ran at once, and a 0.00 win or a refusal took no
--    lock at all: a win and a rollback of one bet, or two rollbacks of it under different ids, were
--    both accepted in about one try in ten. A bet belongs to one player (a call naming another
--    player's bet is refused on the bet's member, which never changes), so the player's lock
--    serializes every movement that names the bet, whatever its amount, and the reads after it see
--    what the previous holder committed (each statement of this VOLATILE function takes a new
--    snapshot). Lock order: provider_moves runs a batch in ascending player order, and each
--    player's lock comes before that player's wallet row (ledger_move_member) — so batches take
--    their locks in one global order and never wait on each other in a cycle. The wallet row was
--    already the serialization point of every movement of a player that moves money, so the batch
--    path keeps its throughput.
-- 2. A refusal is an answer: a claimed transaction id that is refused keeps its row, its kind
--    becomes `<kind>_refused` and its response the refusal; the same id with the same content
--    answers that refusal again (and moves nothing, ever), with other content DUPLICATE_MISMATCH.
--    Readers that count bets, wins and rollbacks by kind see none of these rows. Not stored:
--    PLAYER_NOT_FOUND (nothing to keep it against), a repeat's own DUPLICATE_MISMATCH and the late
--    bet of a tombstone (its id already holds the tombstone, which answers BET_ROLLED_BACK).
-- 3. A second rollback of a bet under another transaction id answers the first rollback's answer
--    and moves nothing; its row (kind `rollback_repeat`) keeps that answer for its own retries.
--    A rollback of a bet that was refused is acknowledged and moves nothing, like one of a bet
--    never seen (the refused bet's id can never be applied any more).
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
    SELECT kind, member_id INTO ref
      FROM provider_transactions WHERE vendor = p_vendor AND transaction_id = p_ref;
    IF NOT FOUND OR ref.member_id <> m.id OR ref.kind NOT IN ('bet', 'rollback_tombstone') THEN
      v_err := 'TRANSACTION_NOT_FOUND';
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
