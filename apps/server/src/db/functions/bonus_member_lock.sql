-- The member's advisory lock, the same one provider_move takes: every bonus movement takes it
-- first, so bonus changes and provider moves of one member are decided one after the other.
CREATE OR REPLACE FUNCTION bonus_member_lock(p_member bigint) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(1347571200 # (p_member >> 32)::int,
                               ((p_member & 4294967295) - 2147483648)::int)
$$;
