import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";
import { hoursCover, rollupState } from "../agents/service.ts";

/**
 * Valid bets per member and game category over a window, by the agents' definition
 * (modules/agents/settlement.ts teamFigures): a round counts in the window its first win (its
 * settlement, 0.00 included) falls in; its stake is the round's bets less the rolled-back ones.
 * A round settled before the window brings nothing. The category is the game's game_type in the
 * catalogue (RNG, LIVE, SPORTS, ...; OTHER when the game is not catalogued). Real money only.
 */
export interface ValidBetRow {
  memberId: number;
  gameType: string;
  currency: string;
  validBet: bigint;
}

export async function validBets(
  exec: Executor,
  windowStart: Date,
  windowEnd: Date,
  opts: { memberIds?: number[] } = {},
): Promise<ValidBetRow[]> {
  const only = opts.memberIds ? JSON.stringify(opts.memberIds) : null;
  // Every member over whole hours the agents' hourly rollup holds (the daily rebate run's closed
  // day): one range of agent_member_hours, the figures the records give (migration 0802). One
  // member's figures stay on the records (its rows, by the member index).
  const aligned = windowStart.getTime() % 3_600_000 === 0 && windowEnd.getTime() % 3_600_000 === 0;
  if (!only && aligned && hoursCover(await rollupState(exec), windowStart, windowEnd)) {
    const rolled = await queryRows<{
      member_id: string;
      game_type: string;
      currency: string;
      valid_bet: string;
    }>(
      exec,
      sql`SELECT h.member_id, h.game_type, h.currency, SUM(h.settled_valid_bet)::text AS valid_bet
        FROM agent_member_hours h
        WHERE h.hour >= ${windowStart} AND h.hour < ${windowEnd} AND h.settled_rounds > 0 AND h.currency <> 'FUN'
        GROUP BY h.member_id, h.game_type, h.currency
        HAVING SUM(h.settled_valid_bet) > 0`,
    );
    return rolled.map((r) => ({
      memberId: Number(r.member_id),
      gameType: r.game_type,
      currency: r.currency,
      validBet: BigInt(r.valid_bet),
    }));
  }
  const rows = await queryRows<{ member_id: string; game_type: string; currency: string; valid_bet: string }>(
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
  return rows.map((r) => ({
    memberId: Number(r.member_id),
    gameType: r.game_type,
    currency: r.currency,
    validBet: BigInt(r.valid_bet),
  }));
}

/** A member's valid bets over a window, all categories. */
export async function memberValidBet(
  exec: Executor,
  memberId: number,
  from: Date,
  to: Date,
): Promise<bigint> {
  const rows = await validBets(exec, from, to, { memberIds: [memberId] });
  return rows.reduce((s, r) => s + r.validBet, 0n);
}
