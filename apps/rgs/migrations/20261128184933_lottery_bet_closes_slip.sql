-- A bet on its slip's last draw (latest draw time, then id) says so: the credit written when that
-- draw is decided closes the slip's round. Settlement then reads only the decided draw's own bets
-- (one index range) instead of looking up every slip's later draws, a join whose plan depended on
-- table statistics a freshly filled table does not have yet. A slip's draws are fixed when it is
-- placed (draws are never rescheduled and a slip is only ever cancelled whole), so the flag never
-- changes after the insert.
ALTER TABLE rgs.lottery_bets ADD COLUMN closes_slip boolean NOT NULL DEFAULT false;

UPDATE rgs.lottery_bets b SET closes_slip = true
FROM (
  SELECT DISTINCT ON (o.slip_id) o.slip_id, o.draw_id
  FROM rgs.lottery_bets o JOIN rgs.lottery_draws d ON d.id = o.draw_id
  ORDER BY o.slip_id, d.draw_at DESC, d.id DESC
) l
WHERE b.slip_id = l.slip_id AND b.draw_id = l.draw_id;
