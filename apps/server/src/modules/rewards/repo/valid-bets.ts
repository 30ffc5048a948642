import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/**
 * The valid-bet reads (valid-bets.ts): from the agents' hourly rollup, or from the providers'
 * records (the view game_transaction_log) with the games' catalogue and the members' directory.
 */

export interface ValidBetSqlRow {
  member_id: string;
  game_type: string;
  currency: string;
  valid_bet: string;
}

/** Settled valid bets per member, category and currency over whole hours of the agents' rollup. */
export async function rolledUpValidBets(exec: Executor, windowStart: Date, windowEnd: Date) {
  return queryRows<ValidBetSqlRow>(
    exec,
    sql`SELECT h.member_id, h.game_type, h.currency, SUM(h.settled_valid_bet)::text AS valid_bet
      FROM agent_member_hours h
      WHERE h.hour >= ${windowStart} AND h.hour < ${windowEnd} AND h.settled_rounds > 0 AND h.currency <> 'FUN'
      GROUP BY h.member_id, h.game_type, h.currency
      HAVING SUM(h.settled_valid_bet) > 0`,
  );
}

/**
 * Valid bets per member, category and currency of the rounds settled in the window, from the
 * records; `only` (a JSON array of member ids) narrows it to those members.
 */
export async function recordedValidBets(
  exec: Executor,
  windowStart: Date,
  windowEnd: Date,
  only: string | null,
) {
  return queryRows<ValidBetSqlRow>(
    exec,
    sql`WITH settled AS (
        SELECT w.vendor, w.round_id, w.member_id
        FROM game_transaction_log w
        WHERE w.kind = 'win' AND w.created_at >= ${windowStart} AND w.created_at < ${windowEnd}
          AND (${only}::jsonb IS NULL OR w.member_id IN (SELECT jsonb_array_elements_text(${only}::jsonb)::bigint))
        GROUP BY w.vendor, w.round_id, w.member_id
      ), round_rows AS (
        SELECT p.vendor, p.round_id, p.kind, p.created_at, p.amount, p.transaction_id, p.ref_transaction_id, p.game_code
        FROM game_transaction_log p
        JOIN (SELECT DISTINCT vendor, round_id FROM settled) k ON k.vendor = p.vendor AND k.round_id = p.round_id
        WHERE p.kind IN ('bet', 'win', 'rollback')
      ), per_round AS (
        SELECT vendor, round_id, bool_or(kind = 'win' AND created_at < ${windowStart}) AS earlier,
          COALESCE(SUM(amount) FILTER (WHERE kind = 'bet'), 0) AS bets,
          MAX(game_code) FILTER (WHERE kind = 'bet') AS game_code
        FROM round_rows GROUP BY vendor, round_id
      ), rolled AS (
        SELECT b.vendor, b.round_id, SUM(b.amount) AS amount
        FROM round_rows b JOIN round_rows r
          ON r.kind = 'rollback' AND r.vendor = b.vendor AND r.round_id = b.round_id AND r.ref_transaction_id = b.transaction_id
        WHERE b.kind = 'bet'
        GROUP BY b.vendor, b.round_id
      )
      SELECT s.member_id, COALESCE(g.game_type, 'OTHER') AS game_type, m.currency,
        SUM(pr.bets - COALESCE(rl.amount, 0))::text AS valid_bet
      FROM settled s
      JOIN per_round pr ON pr.vendor = s.vendor AND pr.round_id = s.round_id AND NOT pr.earlier
      LEFT JOIN rolled rl ON rl.vendor = s.vendor AND rl.round_id = s.round_id
      LEFT JOIN game_catalogue g ON g.vendor = s.vendor AND g.game_code = pr.game_code
      JOIN member_directory m ON m.id = s.member_id AND m.currency <> 'FUN'
      GROUP BY s.member_id, COALESCE(g.game_type, 'OTHER'), m.currency
      HAVING SUM(pr.bets - COALESCE(rl.amount, 0)) > 0`,
  );
}
