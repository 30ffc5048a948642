-- The sportsbook's Unified Odds Feed adapter: who settled a market (a trader's manual
-- settlement gives way to the feed's), a crash-safe mark for a settlement still to be undone,
-- legs voided by a time-ranged bet_cancel, the adapter's per-product state for recovery, and the
-- messages refused with their reason.
ALTER TABLE sb_markets ADD COLUMN settled_source text NOT NULL DEFAULT '';
-- Set in the transaction that rolls back or replaces a settlement; cleared once its bets have
-- reopened (so a crash between the two is finished when the message is delivered again).
ALTER TABLE sb_markets ADD COLUMN unsettle_pending boolean NOT NULL DEFAULT false;
CREATE INDEX sb_markets_unsettle_idx ON sb_markets (id) WHERE unsettle_pending;
-- A bet_cancel for bets placed in a time range voids the legs, not the market (its feed ms).
ALTER TABLE sb_bet_legs ADD COLUMN void_ts bigint;

-- The AMQP adapter's state per UOF product (1 live odds, 3 prematch…): the timestamp of the last
-- message applied (recovery asks from there after a restart or when alive messages stop), the
-- recovery asked and when its snapshot_complete came.
CREATE TABLE sb_feed_state (
  product integer PRIMARY KEY,
  last_ts bigint NOT NULL DEFAULT 0,
  last_alive_at timestamptz,
  recovery_request_id bigint,
  recovery_after bigint,
  recovery_asked_at timestamptz,
  recovery_done_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Messages the adapter refused (malformed or not for the book), with the reason; never applied.
CREATE TABLE sb_feed_rejects (
  id bigserial PRIMARY KEY,
  source text NOT NULL,
  routing_key text NOT NULL DEFAULT '',
  reason text NOT NULL,
  body text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sb_feed_rejects_time_idx ON sb_feed_rejects (received_at DESC);
