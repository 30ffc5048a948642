-- The sportsbook moves money only through the provider protocol (docs/sports.md "Money"): each
-- bet's calls (debit, credit, rollback, reverse) are written with the change that asks for them
-- and sent after it commits, one after the other per bet (sb_money_calls, an outbox), so a crash
-- or a lost answer is sent again (every call is idempotent by its transaction id).
-- A bet is 'pending' until its debit is taken, 'refused' when the platform refused it (or it
-- was cancelled before it was taken: a rollback then follows its debit).
ALTER TABLE sb_bets DROP CONSTRAINT sb_bets_status_check;
ALTER TABLE sb_bets ADD CONSTRAINT sb_bets_status_check
  CHECK (status IN ('pending', 'refused', 'open', 'settled', 'void', 'cashed_out'));
-- The bet's transaction id on the platform: sb:<id>, or the reversal that staked it again after
-- a void was undone (later credits and rollbacks name it).
ALTER TABLE sb_bets ADD COLUMN bet_tid text;
-- The call that settled it (credit or rollback) and its transaction id: what an undoing reverses.
ALTER TABLE sb_bets ADD COLUMN settle_call text;
ALTER TABLE sb_bets ADD COLUMN settle_tid text;

CREATE TABLE sb_money_calls (
  id bigserial PRIMARY KEY,
  bet_id bigint NOT NULL REFERENCES sb_bets (id),
  call text NOT NULL CHECK (call IN ('debit', 'credit', 'rollback', 'reverse')),
  transaction_id text NOT NULL UNIQUE,
  ref_transaction_id text,
  amount bigint NOT NULL CHECK (amount >= 0),
  -- reverse: what the undone settlement counted (its payout, or the stake of a void); what the
  -- wallet could not give back of it becomes the bet's debt.
  gross bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  answer jsonb
);
CREATE INDEX sb_money_calls_due_idx ON sb_money_calls (bet_id, id) WHERE done_at IS NULL;
