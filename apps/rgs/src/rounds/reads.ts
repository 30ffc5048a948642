import { sql } from "drizzle-orm";
import { type RgsContext, RgsError } from "../context.ts";
import { rows } from "../db.ts";
import type { RoundGame } from "./engine.ts";
import { type StakeRow, stakeRowOf } from "./stakes.ts";

/** What a game's API reads of its rounds and stakes (the same queries for every game). */
const tableOf = (name: string) => sql.raw(`rgs.${name}`);
const col = (name: string) => sql.raw(name);

/** Each room's latest round: one index probe per room, however many rounds there are. */
export async function latestByRoom<Round>(
  ctx: RgsContext,
  game: RoundGame<{ id: string }, Round>,
): Promise<Map<string, Round>> {
  const s = game.store;
  const found = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT r.* FROM ${tableOf(s.roomsTable)} t CROSS JOIN LATERAL (
          SELECT * FROM ${tableOf(s.rounds)} WHERE ${col(s.room)} = t.id ORDER BY ${col(s.no)} DESC LIMIT 1) r`,
  );
  return new Map(found.map((r) => [String(r[s.room]), game.roundOf(r)]));
}

export async function roundById<Round>(
  ctx: RgsContext,
  game: RoundGame<{ id: string }, Round>,
  id: string,
): Promise<Round> {
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM ${tableOf(game.store.rounds)} WHERE id = ${id}`,
  );
  if (!r) throw new RgsError("ROUND_NOT_FOUND", 404);
  return game.roundOf(r);
}

/** A room's last finished rounds (in `statuses`), newest first. */
export async function recentRounds<Round>(
  ctx: RgsContext,
  game: RoundGame<{ id: string }, Round>,
  roomId: string,
  statuses: string[],
  limit: number,
): Promise<Round[]> {
  const s = game.store;
  return (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM ${tableOf(s.rounds)} WHERE ${col(s.room)} = ${roomId}
            AND status IN (${sql.join(
              statuses.map((x) => sql`${x}`),
              sql`, `,
            )})
          ORDER BY ${col(s.no)} DESC LIMIT ${limit}`,
    )
  ).map(game.roundOf);
}

/** A player's stakes in a round that stand (a page reloaded mid-round shows them again). */
export async function playerStakes(
  ctx: RgsContext,
  game: RoundGame<{ id: string }, unknown>,
  roundId: string,
  playerId: number,
): Promise<StakeRow[]> {
  const s = game.store;
  return (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM ${tableOf(s.stakes.table)} WHERE ${col(s.stakes.round)} = ${roundId}
            AND player_id = ${playerId} AND status IN ('placed', 'credit_pending', 'settled')
          ORDER BY ${col(s.stakeOrder)}`,
    )
  ).map((r) => stakeRowOf(s.stakes, r));
}

/**
 * The stake a game-recall link names, with its round and room: only the player and vendor the
 * (already checked) link was signed for.
 */
export async function recalledStake<Room extends { id: string }, Round>(
  ctx: RgsContext,
  game: RoundGame<Room, Round>,
  id: string,
  q: { player: number; vendor: string },
): Promise<{ stake: StakeRow; round: Round; room: Room }> {
  const s = game.store;
  const [row] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM ${tableOf(s.stakes.table)} WHERE id = ${id}`,
  );
  const stake = row ? stakeRowOf(s.stakes, row) : null;
  if (!stake || stake.playerId !== q.player || stake.vendor !== q.vendor)
    throw new RgsError("ROUND_NOT_FOUND", 404);
  const round = await roundById(ctx, game, stake.roundId);
  const room = await game.loadRoom(ctx.db, stake.gameCode);
  if (!room) throw new RgsError("ROUND_NOT_FOUND", 404);
  return { stake, round, room };
}
