-- Content the operator edits and the site shows.
-- Texts are jsonb objects by language code: {"TY": "...", "EN": "...", "CN": ...}.
-- Every editable row carries a version for optimistic locking in the back office.
CREATE TABLE media (
  id serial PRIMARY KEY,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX media_sha256_idx ON media (sha256);

CREATE TABLE banners (
  id serial PRIMARY KEY,
  group_name text NOT NULL,
  image_url text NOT NULL,
  linkage_type text CHECK (linkage_type IN ('ROUTE', 'URL', 'GAME')),
  linkage text,
  alt jsonb NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  starts_at timestamptz,
  ends_at timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX banners_group_sort_idx ON banners (group_name, sort_order, id) WHERE enabled;

CREATE TABLE notices (
  id serial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('B', 'PL', 'PU', 'PR', 'H')),
  title jsonb NOT NULL,
  content jsonb NOT NULL,
  starts_at timestamptz,
  ends_at timestamptz,
  sort_order integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notices_type_sort_idx ON notices (type, sort_order, id) WHERE enabled;

CREATE TABLE help_categories (
  id serial PRIMARY KEY,
  title jsonb NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE help_articles (
  id serial PRIMARY KEY,
  category_id integer NOT NULL REFERENCES help_categories (id) ON DELETE CASCADE,
  title jsonb NOT NULL,
  content jsonb NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX help_articles_category_idx ON help_articles (category_id, sort_order, id);

CREATE TABLE resources (
  id serial PRIMARY KEY,
  resource_type text NOT NULL UNIQUE,
  url text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE seo_texts (
  path text PRIMARY KEY,
  title jsonb NOT NULL,
  description jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
