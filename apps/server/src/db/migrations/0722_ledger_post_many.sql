-- Many ledger movements in one set-based call (the agents' settlement pays thousands of bills a
-- run, and one call per movement would be thousands of round trips). The same rules as
-- ledger_post (migration 0440), for a batch:
-- each movement balances and has no zero leg; each key is new (a batch with a key already used
-- goes through ledger_post one by one, which answers a replay or refuses a mismatch); missing
-- accounts are made; the member accounts of the whole batch are locked in id order; entries are
-- written in the order given with each member account's balance after it, and no member balance
-- may go below zero at any point (INSUFFICIENT_FUNDS undoes the whole call).
--
-- p_moves: [{k: key, t: type, r: reference, m: member, f: fingerprint, l: [{m, k, c, a}]}]
-- Answers one {transactionId, replayed, balances} per movement, in order, as ledger_post does.
CREATE FUNCTION ledger_post_many(p_moves jsonb) RETURNS SETOF jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM jsonb_array_elements(p_moves) AS mv(j)
     WHERE (SELECT COALESCE(sum((l->>'a')::bigint), 1) FROM jsonb_array_elements(mv.j->'l') AS l) <> 0
        OR EXISTS (SELECT 1 FROM jsonb_array_elements(mv.j->'l') AS l WHERE (l->>'a')::bigint = 0)
  ) THEN
    RAISE EXCEPTION 'LEDGER_UNBALANCED' USING ERRCODE = 'P0001';
  END IF;

  IF EXISTS (
    SELECT 1 FROM ledger_transactions t
     WHERE t.idempotency_key IN (SELECT j->>'k' FROM jsonb_array_elements(p_moves) AS j)
  ) THEN
    RETURN QUERY
      SELECT ledger_post(j->>'k', j->>'t', j->>'r', (j->>'m')::bigint, j->>'f', j->'l')
        FROM jsonb_array_elements(p_moves) WITH ORDINALITY AS mv(j, n) ORDER BY n;
    RETURN;
  END IF;

  CREATE TEMP TABLE IF NOT EXISTS ledger_many_legs (
    n bigint, leg bigint, member_id bigint, kind text, currency text, amount bigint,
    tx bigint, account bigint, balance_after bigint
  ) ON COMMIT DROP;
  TRUNCATE ledger_many_legs;
  INSERT INTO ledger_many_legs (n, leg, member_id, kind, currency, amount)
  SELECT mv.n, lg.i, (lg.l->>'m')::bigint, lg.l->>'k', lg.l->>'c', (lg.l->>'a')::bigint
    FROM jsonb_array_elements(p_moves) WITH ORDINALITY AS mv(j, n),
         jsonb_array_elements(mv.j->'l') WITH ORDINALITY AS lg(l, i);

  -- The transactions, in order (their ids follow it).
  WITH ins AS (
    INSERT INTO ledger_transactions (idempotency_key, type, reference, member_id, fingerprint)
    SELECT j->>'k', j->>'t', j->>'r', (j->>'m')::bigint, j->>'f'
      FROM jsonb_array_elements(p_moves) WITH ORDINALITY AS mv(j, n) ORDER BY n
    RETURNING id, idempotency_key
  )
  UPDATE ledger_many_legs g SET tx = ins.id
    FROM ins, jsonb_array_elements(p_moves) WITH ORDINALITY AS mv(j, n)
   WHERE mv.j->>'k' = ins.idempotency_key AND g.n = mv.n;

  -- Accounts are made on first use.
  INSERT INTO ledger_accounts (member_id, kind, currency, balance)
  SELECT DISTINCT g.member_id, g.kind, g.currency, CASE WHEN g.member_id IS NULL THEN NULL ELSE 0::bigint END
    FROM ledger_many_legs g
   WHERE (g.member_id IS NOT NULL AND NOT EXISTS (
            SELECT 1 FROM ledger_accounts a
             WHERE a.member_id = g.member_id AND a.kind = g.kind AND a.currency = g.currency))
      OR (g.member_id IS NULL AND NOT EXISTS (
            SELECT 1 FROM ledger_accounts a
             WHERE a.member_id IS NULL AND a.kind = g.kind AND a.currency = g.currency))
  ON CONFLICT DO NOTHING;
  UPDATE ledger_many_legs g SET account = a.id
    FROM ledger_accounts a
   WHERE g.member_id IS NOT NULL AND a.member_id = g.member_id AND a.kind = g.kind AND a.currency = g.currency;
  UPDATE ledger_many_legs g SET account = a.id
    FROM ledger_accounts a
   WHERE g.member_id IS NULL AND a.member_id IS NULL AND a.kind = g.kind AND a.currency = g.currency;

  -- Lock the member accounts in id order, then each member leg's balance after it, in order.
  PERFORM 1 FROM ledger_accounts a
   WHERE a.id IN (SELECT g.account FROM ledger_many_legs g WHERE g.member_id IS NOT NULL)
   ORDER BY a.id
   FOR UPDATE;
  UPDATE ledger_many_legs g SET balance_after = x.after
    FROM (
      SELECT g2.n, g2.leg, a.balance + sum(g2.amount) OVER (PARTITION BY g2.account ORDER BY g2.n, g2.leg) AS after
        FROM ledger_many_legs g2 JOIN ledger_accounts a ON a.id = g2.account
       WHERE g2.member_id IS NOT NULL
    ) x
   WHERE g.n = x.n AND g.leg = x.leg;
  IF EXISTS (SELECT 1 FROM ledger_many_legs WHERE member_id IS NOT NULL AND balance_after < 0) THEN
    RAISE EXCEPTION 'INSUFFICIENT_FUNDS' USING ERRCODE = 'P0001';
  END IF;

  INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
  SELECT g.tx, g.account, g.amount, g.balance_after FROM ledger_many_legs g ORDER BY g.n, g.leg;
  UPDATE ledger_accounts a SET balance = a.balance + s.total
    FROM (SELECT account, sum(amount) AS total FROM ledger_many_legs WHERE member_id IS NOT NULL GROUP BY account) s
   WHERE a.id = s.account;

  RETURN QUERY
    SELECT jsonb_build_object(
      'transactionId', min(g.tx),
      'replayed', false,
      'balances', COALESCE(jsonb_object_agg(g.account::text, g.balance_after::text)
        FILTER (WHERE g.member_id IS NOT NULL), '{}'::jsonb))
      FROM ledger_many_legs g GROUP BY g.n ORDER BY g.n;
END;
$$;
