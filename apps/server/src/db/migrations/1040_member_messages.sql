-- Platform messages to members (spec §2 messageV2, unread badges) and the
-- feedback queue (spec §5, §7 /wps/feedback).
--
-- A message is one row whatever its audience:
--   member   one member, written by an operator;
--   event    one member, written by a member event (a deposit credited, …), once per (kind, ref);
--   segment  the members a segment matched at send time: one mark row each, written by one
--            INSERT … SELECT;
--   everyone a broadcast: NO row per member at send time. A member's read or delete writes their
--            mark lazily, so a broadcast to 100,000 members costs one row until they act on it.
-- Operator texts are plain text per language (texts); event messages keep their kind and params
-- and are rendered from the template of the kind in the reader's language.
CREATE TABLE member_messages (
  id bigserial PRIMARY KEY,
  audience text NOT NULL CHECK (audience IN ('member', 'event', 'segment', 'everyone')),
  category text NOT NULL CHECK (category IN ('service', 'marketing')),
  texts jsonb,
  kind text,
  ref text,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  segment jsonb,
  -- Mark rows written at send time (member, event, segment); for everyone, the members there were.
  recipients integer NOT NULL DEFAULT 0,
  -- The one member of a member or event message (the back office's list names them).
  member_id bigint REFERENCES members (id) ON DELETE CASCADE,
  operator_id integer REFERENCES operators (id),
  operator_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((texts IS NULL) = (kind IS NOT NULL)),
  CHECK (kind IS NULL OR ref IS NOT NULL)
);
-- An event written twice (a retried deposit credit, two handlers) makes one message.
CREATE UNIQUE INDEX member_messages_event_uq ON member_messages (kind, ref) WHERE kind IS NOT NULL;
CREATE INDEX member_messages_everyone_idx ON member_messages (created_at) WHERE audience = 'everyone';
CREATE INDEX member_messages_sent_idx ON member_messages (id) WHERE kind IS NULL;

-- A member's state of one message: read, deleted (a soft delete, per member).
CREATE TABLE member_message_marks (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  message_id bigint NOT NULL REFERENCES member_messages (id) ON DELETE CASCADE,
  read_at timestamptz,
  deleted_at timestamptz,
  PRIMARY KEY (member_id, message_id)
);
-- The badge: a member's unread, undeleted marks.
CREATE INDEX member_message_marks_unread_idx ON member_message_marks (member_id, message_id)
  WHERE read_at IS NULL AND deleted_at IS NULL;
-- The back office's read counts per message.
CREATE INDEX member_message_marks_message_idx ON member_message_marks (message_id);

CREATE TABLE feedback (
  id bigserial PRIMARY KEY,
  -- NULL: a visitor who was not logged in (spec §7: the call is open).
  member_id bigint REFERENCES members (id) ON DELETE SET NULL,
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 140),
  -- A member_uploads address of the sender (private: served to the back office by its own route).
  screenshot_url text,
  page text,
  lang text NOT NULL,
  state text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'replied', 'closed')),
  reply text,
  replied_by integer REFERENCES operators (id),
  replied_by_name text,
  replied_at timestamptz,
  closed_at timestamptz,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_state_idx ON feedback (state, id);
