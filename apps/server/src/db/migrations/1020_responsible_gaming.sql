-- Responsible gaming (docs/architecture.md "Responsible gaming").
--
-- rg_member: one row per member who ever set a limit, a session limit or a reality check, or
-- was excluded. It holds the limits in force (NULL: none), the session limit, the reality-check
-- interval, the end of the longest exclusion or cooling-off (blocked_until), and the running
-- wager and loss of the current Manila day, week (from Monday) and month, which provider_move
-- keeps in the same transaction as each bet, win and rollback. Creating the row sets
-- members.rg_active, which provider_move already reads with the member: a member without it
-- pays nothing on the hot path.
ALTER TABLE members ADD COLUMN rg_active boolean NOT NULL DEFAULT false;

CREATE TABLE rg_member (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  deposit_day bigint CHECK (deposit_day > 0),
  deposit_week bigint CHECK (deposit_week > 0),
  deposit_month bigint CHECK (deposit_month > 0),
  loss_day bigint CHECK (loss_day > 0),
  loss_week bigint CHECK (loss_week > 0),
  loss_month bigint CHECK (loss_month > 0),
  wager_day bigint CHECK (wager_day > 0),
  wager_week bigint CHECK (wager_week > 0),
  wager_month bigint CHECK (wager_month > 0),
  session_minutes integer CHECK (session_minutes > 0),
  -- A longer session limit, or its removal (0), waiting like a limit's raise (ready 24 h later).
  session_pending integer CHECK (session_pending >= 0),
  session_ready_at timestamptz,
  -- NULL: the operator's default (settings row responsibleGaming).
  reality_check_seconds integer CHECK (reality_check_seconds > 0),
  blocked_until timestamptz,
  blocked_kind text CHECK (blocked_kind IN ('cooling_off', 'self_exclusion')),
  day_key date,
  week_key date,
  month_key date,
  wagered_day bigint NOT NULL DEFAULT 0,
  wagered_week bigint NOT NULL DEFAULT 0,
  wagered_month bigint NOT NULL DEFAULT 0,
  lost_day bigint NOT NULL DEFAULT 0,
  lost_week bigint NOT NULL DEFAULT 0,
  lost_month bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A raise or a removal waiting: it may be confirmed by the member once ready_at has passed
-- (24 hours after the request). One per limit; a new request replaces it.
CREATE TABLE rg_pending (
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager')),
  period text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  -- NULL: remove the limit.
  amount bigint CHECK (amount > 0),
  requested_at timestamptz NOT NULL,
  ready_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, kind, period)
);

-- Cooling-off and self-exclusion periods, by the member or imposed by an operator. Never
-- shortened or deleted.
CREATE TABLE rg_exclusions (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('cooling_off', 'self_exclusion')),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  operator_id bigint,
  reason text,
  created_at timestamptz NOT NULL
);
CREATE INDEX rg_exclusions_member_idx ON rg_exclusions (member_id, ends_at);

-- Every change, in order: what was asked, what it did (applied, pending, confirmed, cancelled),
-- by whom.
CREATE TABLE rg_history (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  action text NOT NULL,
  detail jsonb NOT NULL,
  operator_id bigint,
  created_at timestamptz NOT NULL
);
CREATE INDEX rg_history_member_idx ON rg_history (member_id, id);

-- Responsible gaming's counting, shared by provider_move (below) and the sportsbook (which posts
-- to the ledger itself). Callers ask only for members with rg_active.
-- rg_take_bet counts a stake in the member's current Manila day, week (from Monday) and month if
-- every limit still holds and nothing blocks the member: 'OK'; NULL when the member has no
-- rg_member row (nothing counted); else the refusal code, nothing counted.
CREATE OR REPLACE FUNCTION rg_take_bet(p_member bigint, p_amount bigint, p_now timestamptz)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_day date;
  v_week date;
  v_month date;
  rg rg_member%ROWTYPE;
BEGIN
  v_day := ((p_now AT TIME ZONE 'UTC') + interval '8 hours')::date;
  v_week := v_day - (extract(isodow FROM v_day)::int - 1);
  v_month := date_trunc('month', v_day::timestamp)::date;
  UPDATE rg_member r SET
    day_key = v_day, week_key = v_week, month_key = v_month,
    wagered_day = (CASE WHEN r.day_key = v_day THEN r.wagered_day ELSE 0 END) + p_amount,
    wagered_week = (CASE WHEN r.week_key = v_week THEN r.wagered_week ELSE 0 END) + p_amount,
    wagered_month = (CASE WHEN r.month_key = v_month THEN r.wagered_month ELSE 0 END) + p_amount,
    lost_day = (CASE WHEN r.day_key = v_day THEN r.lost_day ELSE 0 END) + p_amount,
    lost_week = (CASE WHEN r.week_key = v_week THEN r.lost_week ELSE 0 END) + p_amount,
    lost_month = (CASE WHEN r.month_key = v_month THEN r.lost_month ELSE 0 END) + p_amount
   WHERE r.member_id = p_member
     AND (r.blocked_until IS NULL OR r.blocked_until <= p_now)
     AND (r.wager_day IS NULL
          OR (CASE WHEN r.day_key = v_day THEN r.wagered_day ELSE 0 END) + p_amount <= r.wager_day)
     AND (r.wager_week IS NULL
          OR (CASE WHEN r.week_key = v_week THEN r.wagered_week ELSE 0 END) + p_amount <= r.wager_week)
     AND (r.wager_month IS NULL
          OR (CASE WHEN r.month_key = v_month THEN r.wagered_month ELSE 0 END) + p_amount <= r.wager_month)
     AND (r.loss_day IS NULL
          OR (CASE WHEN r.day_key = v_day THEN r.lost_day ELSE 0 END) + p_amount <= r.loss_day)
     AND (r.loss_week IS NULL
          OR (CASE WHEN r.week_key = v_week THEN r.lost_week ELSE 0 END) + p_amount <= r.loss_week)
     AND (r.loss_month IS NULL
          OR (CASE WHEN r.month_key = v_month THEN r.lost_month ELSE 0 END) + p_amount <= r.loss_month)
     AND (r.session_minutes IS NULL OR EXISTS (
           SELECT 1 FROM member_sessions s
            WHERE s.member_id = p_member
              AND s.created_at > p_now - make_interval(mins => r.session_minutes)));
  IF FOUND THEN
    RETURN 'OK';
  END IF;
  SELECT * INTO rg FROM rg_member WHERE member_id = p_member;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN CASE
    WHEN rg.blocked_until IS NOT NULL AND rg.blocked_until > p_now THEN
      CASE WHEN rg.blocked_kind = 'self_exclusion' THEN 'RG_SELF_EXCLUDED' ELSE 'RG_COOLING_OFF' END
    WHEN rg.session_minutes IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM member_sessions s
       WHERE s.member_id = p_member
         AND s.created_at > p_now - make_interval(mins => rg.session_minutes)) THEN 'RG_SESSION_LIMIT'
    WHEN (rg.wager_day IS NOT NULL AND (CASE WHEN rg.day_key = v_day THEN rg.wagered_day ELSE 0 END) + p_amount > rg.wager_day)
      OR (rg.wager_week IS NOT NULL AND (CASE WHEN rg.week_key = v_week THEN rg.wagered_week ELSE 0 END) + p_amount > rg.wager_week)
      OR (rg.wager_month IS NOT NULL AND (CASE WHEN rg.month_key = v_month THEN rg.wagered_month ELSE 0 END) + p_amount > rg.wager_month)
      THEN 'RG_WAGER_LIMIT'
    ELSE 'RG_LOSS_LIMIT' END;
END;
$$;

-- Money paid back on a bet (a win, a rollback's or a void's stake) lowers the period's loss; a
-- rollback also lowers the wager. Counted in the period it arrives in.
CREATE OR REPLACE FUNCTION rg_give_back(p_member bigint, p_amount bigint, p_void boolean, p_now timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date;
  v_week date;
  v_month date;
  v_wager bigint := CASE WHEN p_void THEN p_amount ELSE 0 END;
BEGIN
  IF p_amount <= 0 THEN
    RETURN;
  END IF;
  v_day := ((p_now AT TIME ZONE 'UTC') + interval '8 hours')::date;
  v_week := v_day - (extract(isodow FROM v_day)::int - 1);
  v_month := date_trunc('month', v_day::timestamp)::date;
  UPDATE rg_member r SET
    day_key = v_day, week_key = v_week, month_key = v_month,
    wagered_day = (CASE WHEN r.day_key = v_day THEN r.wagered_day ELSE 0 END) - v_wager,
    wagered_week = (CASE WHEN r.week_key = v_week THEN r.wagered_week ELSE 0 END) - v_wager,
    wagered_month = (CASE WHEN r.month_key = v_month THEN r.wagered_month ELSE 0 END) - v_wager,
    lost_day = (CASE WHEN r.day_key = v_day THEN r.lost_day ELSE 0 END) - p_amount,
    lost_week = (CASE WHEN r.week_key = v_week THEN r.lost_week ELSE 0 END) - p_amount,
    lost_month = (CASE WHEN r.month_key = v_month THEN r.lost_month ELSE 0 END) - p_amount
   WHERE r.member_id = p_member;
END;
$$;

-- provider_move is 0801's with the responsible-gaming checks added (every earlier guarantee
-- kept): see the "Responsible gaming" blocks.
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
  IF p_kind NOT IN ('bet', 'win', 'rollback') THEN
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
  ELSE -- rollback
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
