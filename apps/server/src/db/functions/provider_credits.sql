-- provider_credits: many provider-protocol credits (wins, 0.00 for a loss) of one vendor in one
-- call and one transaction (the protocol's batched `credits` call, docs/provider-protocol.md),
-- each decided exactly as provider_move decides a credit alone.
--
-- p_ops: [{"tid", "round", "player", "amount" (text, minor units), "ref", "game", "print"}, …].
-- Answers one result per op, in the order of p_ops, in provider_move's shape.
--
-- 1. Every member the batch names is locked first, in ascending member id: the member lock of
--    provider_move (the same advisory key), so a batch is decided after everything earlier of
--    its members and two batches (or a batch and provider_moves, which also goes in member order)
--    never wait on each other in a cycle.
-- 2. The common credit is applied set-based: a new transaction id (not seen, not twice in the
--    batch), naming a bet of the member's same round that is not rolled back and has no bonus
--    (no bonus part, placed while no bonus was active), a member without responsible-gaming
--    counting (rg_active false), and a win the vendor's maximum win per round would not hold (a
--    round named twice in the batch is left to step 3 when the vendor has a maximum). Its
--    ledger movements go in one ledger_post_many (wallet ← house:games, keyed
--    prov:<vendor>:<tid>, the member accounts locked in id order), its provider_transactions
--    rows in one insert with their answers (the balance after it, in batch order per member).
-- 3. Every other op — a repeat (which answers its stored answer or DUPLICATE_MISMATCH), a
--    refusal to be (TRANSACTION_NOT_FOUND, ROUND_MISMATCH, BET_ROLLED_BACK), a win to hold for
--    review, a bonus split or wagering, responsible gaming, an unknown member — goes through
--    provider_move itself afterwards, in member order: every rule is its rule.
CREATE OR REPLACE FUNCTION provider_credits(p_vendor text, p_ops jsonb, p_now timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  lim record;
  v_out jsonb[] := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(p_ops)]);
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS provider_credit_ops (
    n bigint, tid text, round text, player bigint, amount bigint, ref text, game text, print text,
    currency text, wallet text, fast boolean, again boolean, shared_round boolean, balance bigint
  ) ON COMMIT DROP;
  TRUNCATE provider_credit_ops;
  INSERT INTO provider_credit_ops (n, tid, round, player, amount, ref, game, print, fast, again, shared_round)
  SELECT x.n, x.tid, x.round, x.player, x.amount, x.ref, x.game, x.print, false,
         row_number() OVER (PARTITION BY x.tid ORDER BY x.n) > 1,
         count(*) OVER (PARTITION BY x.player, x.round) > 1
    FROM (SELECT t.n, t.o->>'tid' AS tid, t.o->>'round' AS round, (t.o->>'player')::bigint AS player,
                 (t.o->>'amount')::bigint AS amount, t.o->>'ref' AS ref, t.o->>'game' AS game,
                 t.o->>'print' AS print
            FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS t(o, n)) x;
  IF EXISTS (SELECT 1 FROM provider_credit_ops WHERE amount < 0 OR tid IS NULL OR ref IS NULL) THEN
    RAISE EXCEPTION 'provider_credits: a credit needs a transaction id, a bet and an amount >= 0';
  END IF;

  -- 1. The members' locks, ascending (provider_move's key; bijective on member ids).
  FOR r IN SELECT DISTINCT m.id FROM members m JOIN provider_credit_ops o ON o.player = m.id ORDER BY m.id LOOP
    PERFORM pg_advisory_xact_lock(1347571200 # (r.id >> 32)::int, ((r.id & 4294967295) - 2147483648)::int);
  END LOOP;

  -- 2. Which ops are the common credit.
  UPDATE provider_credit_ops o
     SET currency = m.currency, wallet = CASE WHEN m.currency = 'FUN' THEN 'play' ELSE 'main' END,
         fast = NOT m.rg_active
    FROM members m WHERE m.id = o.player;
  -- Each op's rows are looked up by index, op by op (LATERAL … LIMIT 1 keeps the planner from
  -- hashing the whole provider_transactions table for a batch of a thousand).
  UPDATE provider_credit_ops o SET fast = false
    FROM (
      SELECT o2.n
        FROM provider_credit_ops o2
        LEFT JOIN LATERAL (
          SELECT t.kind, t.member_id, t.round_id, t.bonus_id, t.bonus_amount FROM provider_transactions t
           WHERE t.transaction_id = o2.ref AND t.vendor = p_vendor LIMIT 1) b ON true
        LEFT JOIN LATERAL (
          SELECT 1 AS x FROM provider_transactions t
           WHERE t.transaction_id = o2.tid AND t.vendor = p_vendor LIMIT 1) seen ON true
        LEFT JOIN LATERAL (
          SELECT 1 AS x FROM provider_transactions t
           WHERE t.ref_transaction_id = o2.ref AND t.vendor = p_vendor AND t.kind = 'rollback' LIMIT 1) rb ON true
       WHERE o2.fast
         AND (o2.again -- named twice in the batch: the later ones repeat the first
              OR seen.x IS NOT NULL OR rb.x IS NOT NULL
              OR b.kind IS DISTINCT FROM 'bet' OR b.member_id <> o2.player OR b.round_id <> o2.round
              OR b.bonus_id IS NOT NULL OR b.bonus_amount <> 0)) bad
   WHERE o.n = bad.n;
  SELECT max_win_multiple, max_win_amount INTO lim FROM provider_clients WHERE vendor = p_vendor;
  IF FOUND AND (lim.max_win_multiple IS NOT NULL OR lim.max_win_amount IS NOT NULL) THEN
    -- The maximum win per round as provider_move computes it; a win it would hold goes there.
    UPDATE provider_credit_ops o SET fast = false
      FROM (
        SELECT o2.n
          FROM provider_credit_ops o2
          CROSS JOIN LATERAL (
            SELECT COALESCE(sum(t.amount) FILTER (WHERE t.kind = 'bet' AND (
                     t.transaction_id = o2.ref OR EXISTS (
                       SELECT 1 FROM provider_transactions w
                        WHERE w.ref_transaction_id = t.transaction_id AND w.vendor = p_vendor
                          AND w.kind = 'win'))), 0) AS bets,
                   COALESCE(sum(t.amount) FILTER (WHERE t.kind = 'win'), 0) AS wins
              FROM provider_transactions t
             WHERE t.round_id = o2.round AND t.vendor = p_vendor AND t.member_id = o2.player
            OFFSET 0) s
         WHERE o2.fast AND o2.amount > 0
           AND (o2.shared_round -- a round named twice: its wins add up, one after the other
                OR (lim.max_win_amount IS NOT NULL AND s.wins + o2.amount > lim.max_win_amount)
                OR (lim.max_win_multiple IS NOT NULL
                    AND (s.wins + o2.amount)::numeric > lim.max_win_multiple::numeric * s.bets))) bad
     WHERE o.n = bad.n;
  END IF;

  IF EXISTS (SELECT 1 FROM provider_credit_ops WHERE fast) THEN
    -- The money (wins above 0.00), in batch order; then each answer's balance: the wallet after
    -- the member's own later credits are taken off (a 0.00 win answers main + bonus, as alone).
    IF EXISTS (SELECT 1 FROM provider_credit_ops WHERE fast AND amount > 0) THEN
      PERFORM ledger_post_many((
      SELECT jsonb_agg(jsonb_build_object(
               'k', 'prov:' || p_vendor || ':' || o.tid, 't', 'win', 'r', p_vendor || ':' || o.round,
               'm', o.player, 'f', o.print,
               'l', jsonb_build_array(
                 jsonb_build_object('m', o.player, 'k', o.wallet, 'c', o.currency, 'a', o.amount::text),
                 jsonb_build_object('m', NULL, 'k', 'house:games', 'c', o.currency, 'a', (-o.amount)::text)))
             ORDER BY o.n)
        FROM provider_credit_ops o WHERE o.fast AND o.amount > 0));
    END IF;
    UPDATE provider_credit_ops o
       SET balance = COALESCE(w.balance, 0) - x.later
                     + CASE WHEN o.amount = 0 THEN COALESCE(bo.balance, 0) ELSE 0 END
      FROM (SELECT n, COALESCE(sum(amount) OVER (PARTITION BY player ORDER BY n
                                                  ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0) AS later
              FROM provider_credit_ops WHERE fast) x,
           provider_credit_ops o2
      LEFT JOIN ledger_accounts w
        ON w.member_id = o2.player AND w.kind = o2.wallet AND w.currency = o2.currency
      LEFT JOIN ledger_accounts bo
        ON bo.member_id = o2.player AND bo.kind = 'bonus' AND bo.currency = o2.currency AND o2.wallet = 'main'
     WHERE o.fast AND x.n = o.n AND o2.n = o.n;
    INSERT INTO provider_transactions
      (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, game_code,
       fingerprint, response)
    SELECT p_vendor, o.tid, 'win', o.round, o.player, o.amount, o.ref, o.game, o.print,
           jsonb_build_object('transactionId', o.tid, 'playerId', o.player, 'currency', o.currency,
                              'balance', ledger_format_minor(o.balance))
      FROM provider_credit_ops o WHERE o.fast ORDER BY o.player, o.n;
    FOR r IN SELECT n, tid, player, currency, amount, balance FROM provider_credit_ops WHERE fast LOOP
      v_out[r.n] := jsonb_build_object(
        'answer', jsonb_build_object('transactionId', r.tid, 'playerId', r.player, 'currency', r.currency,
                                     'balance', ledger_format_minor(r.balance)),
        'replay', false, 'posted', r.amount > 0);
    END LOOP;
  END IF;

  -- 3. The rest, one by one, by provider_move's own rules.
  FOR r IN SELECT * FROM provider_credit_ops WHERE NOT fast ORDER BY player, n LOOP
    v_out[r.n] := provider_move(p_vendor, 'win', r.tid, r.round, r.player, r.amount, r.ref, NULL,
                                r.game, r.print, p_now);
  END LOOP;
  RETURN to_jsonb(v_out);
END;
$$;
