import type { CockfightBetRequest, CockfightBetView } from "@panalo/contracts/cockfight";
import { COCKFIGHT_GAME_CODE } from "@panalo/contracts/cockfight";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import type { RoundsContext } from "../rounds/engine.ts";
import { placeStake } from "../rounds/stakes.ts";
import type { SessionRow } from "../schema.ts";
import {
  betRow,
  betView,
  COCKFIGHT_SESSION_PREFIX,
  COCKFIGHT_STORE,
  type FightRow,
  fightRow,
  loadFight,
  publishFight,
} from "./model.ts";

/**
 * One bet on a fight: the checks and the row in one transaction holding the fight row FOR SHARE
 * (bets do not wait for each other; the operator's close, an UPDATE of that row, waits for every
 * bet being judged, and a bet judged after it sees the fight closed), then ONE debit
 * (placeStake). Betting is open while the fight's status is open and before its closes_at. The
 * live pool moves with the debit's answer, in the statement that marks the bet placed, and the
 * fight's new odds are pushed to every player of the arena.
 */
export async function placeBet(
  ctx: RoundsContext,
  session: SessionRow,
  input: CockfightBetRequest,
): Promise<{ bet: CockfightBetView; fight: FightRow | null }> {
  if (!session.gameId.startsWith(COCKFIGHT_SESSION_PREFIX)) throw new RgsError("GAME_NOT_FOUND", 404);
  const gameCode = session.gameId.slice(COCKFIGHT_SESSION_PREFIX.length);
  const amount = parseMoney(input.amount);
  if (amount === null || amount <= 0n)
    throw new RgsError("VALIDATION_ERROR", 400, null, [
      { path: "amount", message: "must be more than 0.00" },
    ]);
  const bet = await placeStake(ctx, COCKFIGHT_STORE, session, {
    requestId: input.requestId,
    gameCode,
    closed: "BETS_CLOSED",
    view: (r) => betView(betRow(r), null),
    alsoOnPlaced: sql`, pooled AS (
        UPDATE rgs.cockfight_fights f SET
          pool_meron = f.pool_meron + CASE WHEN moved.side = 'meron' THEN moved.total ELSE 0 END,
          pool_wala = f.pool_wala + CASE WHEN moved.side = 'wala' THEN moved.total ELSE 0 END,
          pool_draw = f.pool_draw + CASE WHEN moved.side = 'draw' THEN moved.total ELSE 0 END,
          updated_at = moved.updated_at
        FROM moved WHERE f.id = moved.fight_id AND f.status IN ('open', 'closed') RETURNING f.id)`,
    reserve: async (tx, id, lease, created) => {
      const [r] = await rows<Record<string, unknown>>(
        tx,
        sql`SELECT * FROM rgs.cockfight_fights WHERE id = ${input.fightId} FOR SHARE`,
      );
      if (!r) throw new RgsError("FIGHT_NOT_FOUND", 404);
      const f = fightRow(r);
      if (f.status !== "open" || (f.closesAt !== null && ctx.now().getTime() >= Date.parse(f.closesAt)))
        throw new RgsError("BETS_CLOSED", 409);
      if (amount < f.minBet || amount > f.maxBet)
        throw new RgsError("COCKFIGHT_LIMIT", 409, null, undefined, {
          min: formatMinor(f.minBet),
          max: formatMinor(f.maxBet),
        });
      await tx.execute(
        sql`INSERT INTO rgs.cockfight_bets (id, fight_id, event_id, game_code, session_id, request_id, player_id,
              vendor, currency, side, total, status, next_attempt_at, created_at, updated_at)
            VALUES (${id}, ${f.id}, ${f.eventId}, ${gameCode}, ${session.id}, ${input.requestId}, ${session.playerId},
              ${session.vendor}, ${session.currency}, ${input.side}, ${amount.toString()}::bigint, 'debit_pending',
              ${lease}, ${created}, ${created})`,
      );
      return amount;
    },
  });
  // The fight as it stands after the bet (its pools: the odds pushed to every player).
  const fight = await loadFight(ctx.db, bet.fightId);
  if (fight) publishFight(ctx.hub, COCKFIGHT_GAME_CODE, fight);
  return { bet: { ...bet, fightNo: fight?.fightNo ?? 0 }, fight };
}
