-- Game vendors (spec §3): the header nav and footer carousel are built from them.
CREATE TABLE game_vendors (
  node_id serial PRIMARY KEY,
  vassalage text NOT NULL UNIQUE,
  game_type text NOT NULL,
  account_type_id integer NOT NULL,
  display_name text NOT NULL,
  small_icon text NOT NULL,
  logo text NOT NULL,
  logo_hover text NOT NULL,
  is_hot boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX game_vendors_type_sort_idx ON game_vendors (game_type, sort, node_id) WHERE enabled;
