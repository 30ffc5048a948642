-- Roles the owner shapes in the back office: a role is a named set of permissions stored here
-- (it was a fixed list in code). The six roles that existed keep exactly what they could do; the
-- new fine-grained permissions (sports.settle, players.adjust, bonuses.grant, games.write) go to
-- the roles whose broader permission guarded those calls before. The owner holds every
-- permission whatever its row says (the code says so), and cannot be changed or deleted.
CREATE TABLE admin_roles (
  name text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9_-]{1,39}$'),
  label text NOT NULL CHECK (length(label) BETWEEN 2 AND 60),
  permissions text[] NOT NULL DEFAULT '{}',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO admin_roles (name, label, permissions) VALUES
  ('owner', 'Owner', '{}'),
  ('finance', 'Finance', ARRAY['finance.read', 'finance.write', 'players.read', 'audit.read',
    'system.read', 'lottery.read', 'tables.read', 'players.adjust', 'bonuses.grant']),
  ('support', 'Support', ARRAY['players.read', 'players.write', 'content.read', 'outbox.read',
    'system.read', 'kyc.read', 'kyc.write', 'chat.operate']),
  ('content', 'Content', ARRAY['content.read', 'content.write', 'system.read', 'games.write']),
  ('marketing', 'Marketing', ARRAY['marketing.read', 'marketing.write', 'content.read',
    'content.write', 'system.read', 'games.write']),
  ('auditor', 'Auditor', ARRAY['audit.read', 'content.read', 'system.read', 'operators.read',
    'players.read', 'finance.read', 'marketing.read', 'outbox.read', 'lottery.read', 'kyc.read',
    'tables.read', 'sports.read']);

-- Every operator holds a role that exists; a role someone holds cannot be deleted.
ALTER TABLE operators ADD CONSTRAINT operators_role_fkey
  FOREIGN KEY (role) REFERENCES admin_roles (name) ON DELETE RESTRICT;
