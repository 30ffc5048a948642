-- A vendor whose stakes must be real money (the in-house PVP card rooms, vendor PNP: a buy-in
-- becomes chips another player can win, so bonus money may not buy in). provider_move refuses
-- such a vendor's bet with BONUS_BUY_IN_NOT_ALLOWED when real money does not cover it.
ALTER TABLE provider_clients ADD COLUMN cash_only boolean NOT NULL DEFAULT false;
