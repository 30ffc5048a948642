-- Provider protocol bets, wins and rollbacks applied in the database, one call per batch of
-- operations: a wallet operation must not cost a dozen round trips and a commit of its
-- own. The rules are those of docs/provider-protocol.md:
--   * a transaction id seen before: same kind and content → the stored answer again; other
--     content → DUPLICATE_MISMATCH; a bet whose id a rollback already remembered → BET_ROLLED_BACK;
--   * bet: the launch token must be the player's, for this vendor, not expired; the account
--     active; the balance enough (INSUFFICIENT_FUNDS), checked under the account's row lock;
--   * win: the bet it names must exist, be the player's, and not be rolled back; the token's
--     expiry is not checked (a round started must be able to finish);
--   * rollback: of a bet never seen → acknowledged and remembered (tombstone) so the late bet is
--     refused; of a bet with a win → ROLLBACK_NOT_ALLOWED; twice → BET_ROLLED_BACK.
-- The operation claims its transaction id first (INSERT … ON CONFLICT DO NOTHING: a concurrent
-- copy waits for the first and then reads its answer), so nothing here raises on a race; a
-- refusal removes its own claim and writes nothing else. The money moves through
-- ledger_move_member (the ledger module's writer, migration 0440).
-- Answers a refusal as {"error", "seen", "balance", "currency"}, a success as
-- {"answer", "replay", "posted"}.
CREATE FUNCTION provider_move(
  p_vendor text, p_kind text, p_tid text, p_round text, p_player bigint, p_amount bigint,
  p_ref text, p_token_hash text, p_game text, p_print text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  m record;
  seen record;
  ref record;
  v_claim bigint;
  v_wallet text;
  v_err text;
  v_seen boolean := false;
  -- The member side of the movement (negative: a stake taken); NULL: no money moves.
  v_delta bigint;
  v_balance bigint;
  v_answer jsonb;
BEGIN
  IF p_kind NOT IN ('bet', 'win', 'rollback') THEN
    RAISE EXCEPTION 'unknown provider move %', p_kind;
  END IF;
  SELECT id, currency, status INTO m FROM members WHERE id = p_player;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('error', 'PLAYER_NOT_FOUND');
  END IF;
  v_wallet := CASE WHEN m.currency = 'FUN' THEN 'play' ELSE 'main' END;

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
    ELSIF seen.kind <> p_kind OR seen.fingerprint <> p_print OR seen.response IS NULL THEN
      v_err := 'DUPLICATE_MISMATCH';
    ELSE
      RETURN jsonb_build_object('answer', seen.response, 'replay', true, 'posted', false);
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
         WHERE vendor = p_vendor AND ref_transaction_id = p_ref AND kind = 'rollback') THEN
      v_err := 'BET_ROLLED_BACK';
    ELSIF p_amount > 0 THEN
      v_delta := p_amount;
    END IF;
  ELSE -- rollback
    SELECT kind, member_id, amount INTO ref
      FROM provider_transactions WHERE vendor = p_vendor AND transaction_id = p_ref;
    IF NOT FOUND THEN
      -- Remember the bet never seen, so that it is refused when it arrives late. A bet that
      -- arrived meanwhile wins the race: then this rolls it back like any other.
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
    ELSIF ref.member_id <> m.id OR ref.kind <> 'bet' THEN
      v_err := 'TRANSACTION_NOT_FOUND';
    ELSIF EXISTS (SELECT 1 FROM provider_transactions
                   WHERE vendor = p_vendor AND ref_transaction_id = p_ref AND kind = 'win') THEN
      v_err := 'ROLLBACK_NOT_ALLOWED';
    ELSIF EXISTS (SELECT 1 FROM provider_transactions
                   WHERE vendor = p_vendor AND ref_transaction_id = p_ref AND kind = 'rollback'
                     AND id <> v_claim) THEN
      v_err := 'BET_ROLLED_BACK';
    ELSIF ref.amount > 0 THEN
      v_delta := ref.amount;
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
    IF v_claim IS NOT NULL THEN
      DELETE FROM provider_transactions WHERE id = v_claim;
    END IF;
    SELECT balance INTO v_balance FROM ledger_accounts
     WHERE member_id = m.id AND kind = v_wallet AND currency = m.currency;
    RETURN jsonb_build_object('error', v_err, 'seen', v_seen,
                              'balance', ledger_format_minor(COALESCE(v_balance, 0)),
                              'currency', m.currency);
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

-- Many operations in one transaction (one commit for all: application-level group commit).
-- p_ops: [{"vendor", "kind", "tid", "round", "player", "amount" (text), "ref", "token", "game",
-- "print"}, …]. They run in player order (arrival order within a player), so every batch takes
-- the member rows it locks in ascending order and two batches never deadlock. Answers the
-- results in the order of p_ops.
CREATE FUNCTION provider_moves(p_ops jsonb, p_now timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  op record;
  v_out jsonb[] := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(p_ops)]);
BEGIN
  FOR op IN
    SELECT o, n FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS t(o, n)
     ORDER BY (o->>'player')::bigint, n
  LOOP
    v_out[op.n] := provider_move(
      op.o->>'vendor', op.o->>'kind', op.o->>'tid', op.o->>'round', (op.o->>'player')::bigint,
      (op.o->>'amount')::bigint, op.o->>'ref', op.o->>'token', op.o->>'game', op.o->>'print',
      p_now);
  END LOOP;
  RETURN to_jsonb(v_out);
END;
$$;
