-- The movement between one member account and one house account (a bet, a win, a rollback):
-- the commonest movement, in four statements. p_amount is the member side (negative takes from
-- the member). Answers the member's balance after, or NULL — writing nothing — when the member's
-- balance is not enough. The key is inserted without ON CONFLICT: the caller decides repeats
-- before (provider_move reads its own transaction row), so a second claim of a key is a
-- concurrent copy and fails with unique_violation, undoing this call entirely.
CREATE OR REPLACE FUNCTION ledger_move_member(
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
