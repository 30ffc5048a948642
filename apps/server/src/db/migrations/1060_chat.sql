-- Customer-service chat. One open conversation per member at a time; its
-- messages are numbered per conversation by the conversation row's own counter, taken under the
-- row lock in the transaction that inserts the message: no gaps, no reordering across processes.
CREATE TABLE chat_operators (
  operator_id integer PRIMARY KEY REFERENCES operators (id),
  -- Taking new conversations now (the console's "available" switch).
  available boolean NOT NULL DEFAULT false,
  -- Which team the operator answers for: 'general' or 'vip' (spec §6 VIP routing).
  team text NOT NULL DEFAULT 'general' CHECK (team IN ('general', 'vip')),
  max_open integer NOT NULL DEFAULT 8 CHECK (max_open BETWEEN 1 AND 100),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chat_conversations (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  team text NOT NULL CHECK (team IN ('general', 'vip')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  operator_id integer REFERENCES operators (id),
  last_seq integer NOT NULL DEFAULT 0,
  member_read_seq integer NOT NULL DEFAULT 0,
  operator_read_seq integer NOT NULL DEFAULT 0,
  -- The seq of the last away message sent (business hours): one per stretch of member messages.
  away_sent_seq integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz
);
CREATE UNIQUE INDEX chat_conversations_open_member ON chat_conversations (member_id) WHERE status = 'open';
CREATE INDEX chat_conversations_member_idx ON chat_conversations (member_id, id DESC);
CREATE INDEX chat_conversations_operator_open ON chat_conversations (operator_id) WHERE status = 'open';

-- Images sent in a conversation: private, served only to its member and to chat operators.
CREATE TABLE chat_images (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  conversation_id bigint NOT NULL REFERENCES chat_conversations (id),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chat_messages (
  conversation_id bigint NOT NULL REFERENCES chat_conversations (id),
  seq integer NOT NULL CHECK (seq > 0),
  sender text NOT NULL CHECK (sender IN ('member', 'operator', 'system')),
  operator_id integer REFERENCES operators (id),
  -- The sender's own id for the message: a retry of the same send is the same message.
  client_id text,
  body text NOT NULL DEFAULT '' CHECK (length(body) <= 2000),
  image_id text REFERENCES chat_images (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (conversation_id, seq),
  CHECK (body <> '' OR image_id IS NOT NULL)
);
CREATE UNIQUE INDEX chat_messages_client_id ON chat_messages (conversation_id, client_id) WHERE client_id IS NOT NULL;

-- Canned replies, one text per language (TY, EN, CN, VI, TH, ID, JA).
CREATE TABLE chat_canned_replies (
  id serial PRIMARY KEY,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  texts jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Business hours and the away message (one row).
CREATE TABLE chat_settings (
  id smallint PRIMARY KEY CHECK (id = 1),
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
