-- Many provider operations in one transaction (one commit for all: application-level group
-- commit), each by provider_move.
-- p_ops: [{"vendor", "kind", "tid", "round", "player", "amount" (text), "ref", "token", "game",
-- "print"}, …]. They run in player order (arrival order within a player), so every batch takes
-- the member rows it locks in ascending order and two batches never deadlock. Answers the
-- results in the order of p_ops.
CREATE OR REPLACE FUNCTION provider_moves(p_ops jsonb, p_now timestamptz) RETURNS jsonb
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
