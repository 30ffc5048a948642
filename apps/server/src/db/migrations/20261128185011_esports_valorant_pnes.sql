-- E-sports on by default: the in-house e-sports vendor PNES is switched on where it exists
-- (it was created off; a fresh install seeds it on), and Valorant joins the e-sports the book
-- offers, beside Counter-Strike, Dota 2, League of Legends and Mobile Legends.
UPDATE game_vendors SET enabled = true, updated_at = now() WHERE vassalage = 'PNES' AND NOT enabled;
INSERT INTO sb_sports (code, name, category, sort_order) VALUES ('valorant', 'Valorant', 'ESPORTS', 11)
  ON CONFLICT (code) DO NOTHING;
