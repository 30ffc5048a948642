-- Operators' notes on a player: what support and finance want the next
-- colleague to know ("called about W12, paid late by the bank"). Written once, never edited:
-- each note is also in the audit log; a correction is a new note.
CREATE TABLE member_notes (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  operator_id integer NOT NULL REFERENCES operators (id),
  -- Kept as written: the note still names its author if the operator is renamed or removed.
  operator_name text NOT NULL,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_notes_member_idx ON member_notes (member_id, id DESC);
