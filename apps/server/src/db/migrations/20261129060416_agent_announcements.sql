-- Agents-only announcements (spec §2 agent centre "announcement"): a notice's audience is
-- everyone (players, and agents in their centre) or agents only; a notice for agents is
-- never shown on the player site.
ALTER TABLE notices ADD COLUMN audience text NOT NULL DEFAULT 'all'
  CHECK (audience IN ('all', 'agents'));
