-- Third-party sign-in (OpenID Connect / OAuth2): one row per provider account linked to a member.
CREATE TABLE member_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX member_identities_member_idx ON member_identities (member_id);
