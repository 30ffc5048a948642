-- A time-ranged bet_cancel voids the legs of bets placed in its range (void_ts, migration 1201);
-- its rollback_bet_cancel un-voids them. The rollback's timestamp is now kept on the leg, so a
-- replay of the older bet_cancel (a feed recovery resends messages) arriving after its rollback
-- does not void those legs again: a cancel applies only if it is newer than the last rollback.
ALTER TABLE sb_bet_legs ADD COLUMN unvoid_ts bigint NOT NULL DEFAULT 0;
