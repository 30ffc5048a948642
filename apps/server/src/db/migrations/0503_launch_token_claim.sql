-- A launch token opens one game session: the provider's authenticate claims it (once, and only
-- within minutes of the launch); bets of that session keep using it until it expires.
ALTER TABLE launch_tokens ADD COLUMN claimed_at timestamptz;
