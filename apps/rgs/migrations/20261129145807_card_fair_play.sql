-- Fair play at the card tables (docs/cards.md "Fair play"): an operator may refuse a second
-- player from the same address or device at one table. The rule is set for all tables here and
-- may be overridden per table (card_tables.distinct_players: NULL follows this setting).
CREATE TABLE rgs.card_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  -- Refuse a seat to a player whose address or device already has another player seated.
  distinct_players boolean NOT NULL DEFAULT false,
  updated_at timestamptz
);
INSERT INTO rgs.card_settings (id) VALUES (1);

ALTER TABLE rgs.card_tables ADD COLUMN distinct_players boolean;
