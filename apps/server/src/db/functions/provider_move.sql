-- provider_move: one provider-protocol bet, win or rollback (docs/provider-protocol.md), decided
-- and applied in one call inside the caller's transaction. Every debit and credit a game vendor
-- asks of a member's wallet goes through here (provider_moves runs a batch of them).
--
-- Order of work:
-- 1. The member (PLAYER_NOT_FOUND otherwise), then the member's lock: a transaction-scoped
--    advisory lock on the member (a key space nothing else uses), taken before the claim and
--    every read, so every movement naming one member — and so every movement naming one bet —
--    is decided one after the other, each reading what the previous one committed. Lock order:
--    provider_moves runs a batch in ascending member order and each member's lock comes before
--    that member's wallet row, so batches never wait on each other in a cycle. Bonus movements
--    take the same lock (bonus_member_lock).
-- 2. The transaction id is claimed (INSERT … ON CONFLICT DO NOTHING). An id seen before: the
--    same kind and content answers the stored answer again (a refusal answers that refusal
--    again, with its own status); other content DUPLICATE_MISMATCH; a bet whose id a rollback
--    already remembered BET_ROLLED_BACK.
-- 3. The rules of each kind:
--    * bet: the launch token must be the member's, for this vendor, not expired
--      (INVALID_TOKEN); the account active (ACCOUNT_LOCKED); while a bonus is active, a stake
--      above its max_bet is refused (BONUS_MAX_BET); responsible gaming (members with
--      rg_active only): rg_take_bet counts the stake in the Manila day, week and month if every
--      limit still holds and no exclusion, cooling-off or spent session stands in the way, else
--      its refusal code; then the balance must be enough (INSUFFICIENT_FUNDS), read under the
--      wallet's row lock. Real money is taken first, then bonus money; the split is kept on the
--      bet's row (bonus_amount, bonus_id). A cash-only vendor's bet that real money does not
--      cover is refused (BONUS_BUY_IN_NOT_ALLOWED), bonus money or not.
--    * win: the bet it names must exist and be the member's (TRANSACTION_NOT_FOUND), belong to
--      the same round (ROUND_MISMATCH), and not be rolled back (BET_ROLLED_BACK); the token's
--      expiry is not checked (a round started must be able to finish). The vendor's maximum win
--      per round (provider_clients.max_win_multiple, max_win_amount): the round's wins with this
--      one against the amount, and against the multiple of the round's bets that can no longer
--      be rolled back (this win's bet and bets that have a win), compared in numeric. Above
--      either, the win is acknowledged but held: its amount moves from house:games to
--      house:win-review and a provider_win_reviews row waits for an operator; the member's
--      balance is unchanged and the answer says held.
--    * rollback: of a bet never seen, acknowledged and remembered (a tombstone) so the late bet
--      is refused; of a bet that has a win, ROLLBACK_NOT_ALLOWED; of a bet rolled back already
--      under another id, that rollback's answer again, nothing moved (kind rollback_repeat); of
--      a refused bet, acknowledged, nothing moved.
--    * reverse (a result corrected after it was paid, e.g. a sportsbook's settlement undone by
--      its feed): names a win or a rollback of the member's same round (TRANSACTION_NOT_FOUND,
--      ROUND_MISMATCH), for at most what it gave (the win's amount, the rolled-back bet's stake;
--      REVERSE_TOO_LARGE). It takes what the wallet holds up to the amount — main, then bonus —
--      never below zero, and answers how much it took (taken); the rest is the vendor's to
--      recover. A held win still waiting is closed as rejected instead (nothing leaves the
--      wallet, taken = the amount). Recorded as the records read it: a win reversed is a negative
--      win of the amount (ref = the win), a rollback reversed is the bet staked again (kind bet,
--      ref = the rollback; later wins and rollbacks name it). One reversal per transaction: a
--      second under another id answers the first's answer (kind reverse_repeat). A win reversed
--      no longer stops a rollback of its bet.
-- 4. The bonus rule: a win or rollback of a bet with a bonus part gives that part's share back
--    (share = amount × bet's bonus part ÷ bet's amount, rounded down; a rollback gives the whole
--    part) to the bonus account while that bonus is active, to main once it completed, and not
--    at all once it expired or was forfeited (it stays with the house). Wagering advances on a
--    bet's first win by the bet's amount × the contribution of the game's type; met, bonus_end
--    completes the bonus.
-- 5. Responsible gaming, after the money: a counted bet refused after all is taken out of the
--    totals again; a paid win lowers the period's loss, a paid rollback its wager and loss
--    (rg_give_back).
-- 6. A refusal is an answer and final: the claimed row keeps it (kind <kind>_refused) and moves
--    no money ever; the same id with the same content answers it again. Not stored:
--    PLAYER_NOT_FOUND, a repeat's own DUPLICATE_MISMATCH and the late bet of a tombstone.
-- Money moves through ledger_move_member (one member account and house:games) or ledger_post
-- (bonus splits, held wins), keyed prov:<vendor>:<transaction id>.
-- Answers a refusal as {"error", "seen", "balance", "currency"}, a success as
-- {"answer", "replay", "posted"}; balances are main + bonus (what the member can bet).
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
  -- Responsible gaming (migration 1020): rg_take_bet's answer, and whether this bet was counted
  -- in the member's running totals.
  v_rg text;
  v_rg_counted boolean := false;
BEGIN
  IF p_kind NOT IN ('bet', 'win', 'rollback', 'reverse') THEN
    RAISE EXCEPTION 'unknown provider move %', p_kind;
  END IF;
  SELECT id, currency, status, rg_active INTO m FROM members WHERE id = p_player;
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
    ELSIF seen.kind = p_kind OR (p_kind = 'rollback' AND seen.kind = 'rollback_repeat')
       OR (p_kind = 'reverse' AND seen.kind IN ('win', 'bet', 'reverse_repeat')) THEN
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
      -- Responsible gaming: only a member who ever set a limit or was excluded (members.rg_active)
      -- pays anything here — one update of their rg_member row (primary key) that counts the bet
      -- in the current Manila periods only if every limit still holds and no exclusion, cooling-
      -- off or spent session stands in the way. No row updated: read the row once to say why.
      IF v_err IS NULL AND m.rg_active THEN
        v_rg := rg_take_bet(m.id, p_amount, p_now);
        v_rg_counted := COALESCE(v_rg = 'OK', false);
        IF v_rg IS NOT NULL AND v_rg <> 'OK' THEN
          v_err := v_rg;
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
  ELSIF p_kind = 'rollback' THEN
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
          SELECT 1 FROM provider_transactions w
           WHERE w.ref_transaction_id = p_ref AND w.vendor = p_vendor AND w.kind = 'win'
             AND NOT EXISTS (SELECT 1 FROM provider_transactions r
                              WHERE r.ref_transaction_id = w.transaction_id AND r.vendor = p_vendor
                                AND r.kind = 'win')) THEN
        -- A bet with a win that stands (one reversed does not count: its bet may be void again).
        v_err := 'ROLLBACK_NOT_ALLOWED';
      ELSIF ref.kind = 'bet' AND ref.amount > 0 THEN
        v_delta := ref.amount;
      END IF;
      -- A tombstone's bet (a rollback before it was remembered by another id: that one answered)
      -- or a refused bet: acknowledged, no money moves.
    END IF;
  ELSE -- reverse
    -- The credit or rollback it names: the member's, of this round, a win not itself a reversal.
    SELECT kind, member_id, round_id, amount, ref_transaction_id, response INTO ref
      FROM provider_transactions WHERE vendor = p_vendor AND transaction_id = p_ref;
    IF NOT FOUND OR ref.member_id <> m.id OR ref.kind NOT IN ('win', 'rollback')
       OR (ref.kind = 'win' AND ref.amount < 0) THEN
      v_err := 'TRANSACTION_NOT_FOUND';
    ELSIF ref.round_id <> p_round THEN
      v_err := 'ROUND_MISMATCH';
    ELSE
      SELECT response INTO first_rb FROM provider_transactions
       WHERE ref_transaction_id = p_ref AND vendor = p_vendor AND kind IN ('win', 'bet')
         AND id <> v_claim
       ORDER BY id LIMIT 1;
      IF FOUND THEN
        -- Reversed already under another id: that reversal's answer, nothing moved.
        UPDATE provider_transactions SET kind = 'reverse_repeat', response = first_rb.response
         WHERE id = v_claim;
        RETURN jsonb_build_object('answer', first_rb.response, 'replay', false, 'posted', false);
      END IF;
      -- At most what the transaction gave: the win's amount, the rolled-back bet's stake.
      IF ref.kind = 'win' THEN
        v_base := ref.amount;
      ELSE
        SELECT amount INTO v_base FROM provider_transactions
         WHERE vendor = p_vendor AND transaction_id = ref.ref_transaction_id AND kind = 'bet';
        v_base := COALESCE(v_base, 0);
      END IF;
      IF p_amount > v_base THEN
        v_err := 'REVERSE_TOO_LARGE';
      END IF;
    END IF;
    IF v_err IS NULL THEN
      v_delta := 0; -- what is taken from the member (main, then bonus)
      SELECT id, status INTO lim FROM provider_win_reviews
       WHERE vendor = p_vendor AND transaction_id = p_ref;
      IF FOUND AND lim.status <> 'approved' THEN
        -- A held win never reached the member: a waiting review is closed (rejected, the held
        -- amount back to house:games); nothing is taken from the wallet.
        IF lim.status = 'pending' THEN
          UPDATE provider_win_reviews SET status = 'rejected', decided_at = p_now,
                 note = 'reversed by the provider'
           WHERE id = lim.id AND status = 'pending';
          PERFORM ledger_post(
            'prov:' || p_vendor || ':' || p_tid, 'win_return', p_vendor || ':' || p_round, m.id, p_print,
            jsonb_build_array(
              jsonb_build_object('m', NULL, 'k', 'house:win-review', 'c', m.currency, 'a', (-ref.amount)::text),
              jsonb_build_object('m', NULL, 'k', 'house:games', 'c', m.currency, 'a', ref.amount::text)));
        END IF;
        v_delta := p_amount;
      ELSIF p_amount > 0 THEN
        -- Never below zero: what the wallet holds, real money first, then bonus money; the rest
        -- is the caller's to recover (the answer's taken says how much was).
        SELECT balance INTO v_main_bal FROM ledger_accounts
         WHERE member_id = m.id AND kind = v_wallet AND currency = m.currency FOR UPDATE;
        v_main_bal := GREATEST(COALESCE(v_main_bal, 0), 0);
        v_bonus_bal := 0;
        IF v_wallet = 'main' THEN
          SELECT balance INTO v_bonus_bal FROM ledger_accounts
           WHERE member_id = m.id AND kind = 'bonus' AND currency = m.currency FOR UPDATE;
          v_bonus_bal := GREATEST(COALESCE(v_bonus_bal, 0), 0);
        END IF;
        v_valid := LEAST(p_amount, v_main_bal);
        v_bonus_part := LEAST(p_amount - v_valid, v_bonus_bal);
        v_delta := v_valid + v_bonus_part;
        IF v_delta > 0 THEN
          v_legs := '[]'::jsonb;
          IF v_valid > 0 THEN
            v_legs := v_legs || jsonb_build_object('m', m.id, 'k', v_wallet, 'c', m.currency,
                                                   'a', (-v_valid)::text);
          END IF;
          IF v_bonus_part > 0 THEN
            v_legs := v_legs || jsonb_build_object('m', m.id, 'k', 'bonus', 'c', m.currency,
                                                   'a', (-v_bonus_part)::text);
            SELECT id INTO v_bonus_id FROM member_bonuses WHERE member_id = m.id AND state = 'active';
          END IF;
          v_legs := v_legs || jsonb_build_object('m', NULL, 'k', 'house:games', 'c', m.currency,
                                                 'a', v_delta::text);
          PERFORM ledger_post('prov:' || p_vendor || ':' || p_tid, 'bet', p_vendor || ':' || p_round,
                              m.id, p_print, v_legs);
        END IF;
      END IF;
      -- Kept as the records read it: a win reversed is a negative win of the amount reversed; a
      -- rollback reversed is the bet staked again (its id is the bet's id from now on).
      UPDATE provider_transactions
         SET kind = CASE WHEN ref.kind = 'win' THEN 'win' ELSE 'bet' END,
             amount = CASE WHEN ref.kind = 'win' THEN -p_amount ELSE p_amount END,
             bonus_id = v_bonus_id, bonus_amount = v_bonus_part
       WHERE id = v_claim;
      SELECT sum(balance) INTO v_balance FROM ledger_accounts
       WHERE member_id = m.id AND kind IN (v_wallet, 'bonus') AND currency = m.currency;
      v_answer := jsonb_build_object('transactionId', p_tid, 'playerId', m.id, 'currency', m.currency,
                                     'balance', ledger_format_minor(COALESCE(v_balance, 0)),
                                     'taken', ledger_format_minor(v_delta));
      UPDATE provider_transactions SET response = v_answer WHERE id = v_claim;
      RETURN jsonb_build_object('answer', v_answer, 'replay', false, 'posted', v_delta > 0);
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
      ELSIF v_main_bal < p_amount
        AND COALESCE((SELECT cash_only FROM provider_clients WHERE vendor = p_vendor), false) THEN
        -- A cash-only vendor (provider_clients.cash_only: the PVP card rooms) takes real money only.
        v_err := 'BONUS_BUY_IN_NOT_ALLOWED';
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

  -- Responsible gaming: a counted bet that was refused after all (insufficient funds) is taken
  -- out of the totals again; a paid win lowers the period's loss, a paid rollback its wager and
  -- loss (a rollback counts in the period it arrives in). Members with rg_active only.
  IF m.rg_active THEN
    IF v_err IS NOT NULL AND v_rg_counted THEN
      UPDATE rg_member SET wagered_day = wagered_day - p_amount, wagered_week = wagered_week - p_amount,
             wagered_month = wagered_month - p_amount, lost_day = lost_day - p_amount,
             lost_week = lost_week - p_amount, lost_month = lost_month - p_amount
       WHERE member_id = m.id;
    ELSIF v_err IS NULL AND p_kind IN ('win', 'rollback') AND COALESCE(v_delta, 0) > 0 THEN
      PERFORM rg_give_back(m.id, v_delta, p_kind = 'rollback', p_now);
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
