-- Members' private files: deposit proofs, receipt proofs, later KYC documents.
-- Served only to their owner and to operators with the permission, under a random id of 128 bits
-- or more (never a sequence), never cached. Public media (banners, logos) stay in `media`.
CREATE TABLE member_uploads (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32,64}$'),
  -- members (id): the foreign key is added in 0421, after the members table exists.
  member_id bigint NOT NULL,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  sha256 text NOT NULL,
  -- The public media row a proof was kept in before this table existed (moved by 0421).
  legacy_media_id integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_uploads_member_idx ON member_uploads (member_id, created_at DESC);
