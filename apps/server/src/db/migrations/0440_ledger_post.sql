-- One movement of the ledger in one database call: a wallet operation must not cost a
-- dozen round trips. The ledger module's postIn() calls this and nothing else writes these
-- tables. The rules are the ones of ledger.ts, now in one place:
--   * the idempotency key is claimed first; a second claim with the same fingerprint answers
--     the first result, with another fingerprint raises DUPLICATE_MISMATCH;
--   * accounts are made on first use; member accounts are locked in id order (two movements on
--     the same accounts queue, never deadlock) and never go below zero (INSUFFICIENT_FUNDS);
--     house accounts carry no balance and are never locked;
--   * the legs must sum to zero (LEDGER_UNBALANCED) — checked in TypeScript too.
-- p_legs: [{"m": member id or null, "k": kind ("main", "house:games", …), "c": currency,
--           "a": amount in minor units as text}, …]
-- Answers {"transactionId", "replayed", "balances": {account id: balance after, …}}.
CREATE FUNCTION ledger_format_minor(v bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN v < 0 THEN '-' ELSE '' END || (abs(v) / 100)::text || '.' ||
         lpad((abs(v) % 100)::text, 2, '0')
$$;

CREATE FUNCTION ledger_post(
  p_key text, p_type text, p_reference text, p_member bigint, p_print text, p_legs jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_tx bigint;
  v_print text;
  v_leg record;
  v_acc bigint;
  v_after bigint;
  v_balances jsonb := '{}'::jsonb;
BEGIN
  IF (SELECT COALESCE(sum((l->>'a')::bigint), 1) FROM jsonb_array_elements(p_legs) AS l) <> 0
     OR EXISTS (SELECT 1 FROM jsonb_array_elements(p_legs) AS l WHERE (l->>'a')::bigint = 0) THEN
    RAISE EXCEPTION 'LEDGER_UNBALANCED' USING ERRCODE = 'P0001';
  END IF;

  INSERT INTO ledger_transactions (idempotency_key, type, reference, member_id, fingerprint)
  VALUES (p_key, p_type, p_reference, p_member, p_print)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_tx;
  IF v_tx IS NULL THEN
    SELECT id, fingerprint INTO v_tx, v_print FROM ledger_transactions WHERE idempotency_key = p_key;
    IF v_print IS DISTINCT FROM p_print THEN
      RAISE EXCEPTION 'DUPLICATE_MISMATCH' USING ERRCODE = 'P0001';
    END IF;
    SELECT COALESCE(jsonb_object_agg(account_id::text, balance_after::text), '{}'::jsonb)
      INTO v_balances
      FROM ledger_entries WHERE transaction_id = v_tx AND balance_after IS NOT NULL;
    RETURN jsonb_build_object('transactionId', v_tx, 'replayed', true, 'balances', v_balances);
  END IF;

  -- Accounts are made on first use (only the missing ones: no sequence value spent per call).
  INSERT INTO ledger_accounts (member_id, kind, currency, balance)
  SELECT DISTINCT x.m, x.k, x.c, CASE WHEN x.m IS NULL THEN NULL ELSE 0::bigint END
    FROM (SELECT (l->>'m')::bigint AS m, l->>'k' AS k, l->>'c' AS c
            FROM jsonb_array_elements(p_legs) AS l) AS x
   WHERE (x.m IS NOT NULL AND NOT EXISTS (
            SELECT 1 FROM ledger_accounts a
             WHERE a.member_id = x.m AND a.kind = x.k AND a.currency = x.c))
      OR (x.m IS NULL AND NOT EXISTS (
            SELECT 1 FROM ledger_accounts a
             WHERE a.member_id IS NULL AND a.kind = x.k AND a.currency = x.c))
  ON CONFLICT DO NOTHING;

  -- Lock the member accounts in id order.
  PERFORM 1 FROM ledger_accounts a
   WHERE a.id IN (SELECT a2.id FROM jsonb_array_elements(p_legs) AS l
                    JOIN ledger_accounts a2
                      ON a2.member_id = (l->>'m')::bigint AND a2.kind = l->>'k' AND a2.currency = l->>'c')
   ORDER BY a.id
   FOR UPDATE;

  FOR v_leg IN
    SELECT (l->>'m')::bigint AS m, l->>'k' AS k, l->>'c' AS c, (l->>'a')::bigint AS a
      FROM jsonb_array_elements(p_legs) WITH ORDINALITY AS t(l, n)
     ORDER BY n
  LOOP
    IF v_leg.m IS NULL THEN
      SELECT id INTO v_acc FROM ledger_accounts
       WHERE member_id IS NULL AND kind = v_leg.k AND currency = v_leg.c;
      v_after := NULL;
    ELSE
      UPDATE ledger_accounts SET balance = balance + v_leg.a
       WHERE member_id = v_leg.m AND kind = v_leg.k AND currency = v_leg.c
         AND balance + v_leg.a >= 0
      RETURNING id, balance INTO v_acc, v_after;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'INSUFFICIENT_FUNDS' USING ERRCODE = 'P0001';
      END IF;
      v_balances := v_balances || jsonb_build_object(v_acc::text, v_after::text);
    END IF;
    INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
    VALUES (v_tx, v_acc, v_leg.a, v_after);
  END LOOP;

  RETURN jsonb_build_object('transactionId', v_tx, 'replayed', false, 'balances', v_balances);
END;
$$;

-- The movement between one member account and one house account (a bet, a win, a rollback):
-- the commonest movement, in four statements. p_amount is the member side (negative takes from
-- the member). Answers the member's balance after, or NULL — writing nothing — when the member's
-- balance is not enough. The key is inserted without ON CONFLICT: the caller decides repeats
-- before (provider_move reads its own transaction row), so a second claim of a key is a
-- concurrent copy and fails with unique_violation, undoing this call entirely.
CREATE FUNCTION ledger_move_member(
  p_key text, p_type text, p_reference text, p_print text,
  p_member bigint, p_kind text, p_currency text, p_house text, p_amount bigint
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_acc bigint;
  v_after bigint;
  v_house bigint;
  v_tx bigint;
BEGIN
  IF p_amount = 0 THEN
    RAISE EXCEPTION 'LEDGER_UNBALANCED' USING ERRCODE = 'P0001';
  END IF;
  -- The row lock and the never-below-zero check in one statement.
  UPDATE ledger_accounts SET balance = balance + p_amount
   WHERE member_id = p_member AND kind = p_kind AND currency = p_currency
     AND balance + p_amount >= 0
  RETURNING id, balance INTO v_acc, v_after;
  IF NOT FOUND THEN
    IF p_amount < 0 THEN
      RETURN NULL;
    END IF;
    INSERT INTO ledger_accounts (member_id, kind, currency, balance)
    VALUES (p_member, p_kind, p_currency, 0) ON CONFLICT DO NOTHING;
    UPDATE ledger_accounts SET balance = balance + p_amount
     WHERE member_id = p_member AND kind = p_kind AND currency = p_currency
    RETURNING id, balance INTO v_acc, v_after;
  END IF;
  SELECT id INTO v_house FROM ledger_accounts
   WHERE member_id IS NULL AND kind = 'house:' || p_house AND currency = p_currency;
  IF NOT FOUND THEN
    INSERT INTO ledger_accounts (member_id, kind, currency, balance)
    VALUES (NULL, 'house:' || p_house, p_currency, NULL) ON CONFLICT DO NOTHING;
    SELECT id INTO v_house FROM ledger_accounts
     WHERE member_id IS NULL AND kind = 'house:' || p_house AND currency = p_currency;
  END IF;
  INSERT INTO ledger_transactions (idempotency_key, type, reference, member_id, fingerprint)
  VALUES (p_key, p_type, p_reference, p_member, p_print)
  RETURNING id INTO v_tx;
  INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
  VALUES (v_tx, v_acc, p_amount, v_after), (v_tx, v_house, -p_amount, NULL);
  RETURN v_after;
END;
$$;
