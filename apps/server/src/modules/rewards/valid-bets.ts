import type { Executor } from "../../db/client.ts";
import { hoursCover, rollupState } from "../agents/service.ts";
import { recordedValidBets, rolledUpValidBets } from "./repo/valid-bets.ts";

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
    const rolled = await rolledUpValidBets(exec, windowStart, windowEnd);
    return rolled.map((r) => ({
      memberId: Number(r.member_id),
      gameType: r.game_type,
      currency: r.currency,
      validBet: BigInt(r.valid_bet),
    }));
  }
  const rows = await recordedValidBets(exec, windowStart, windowEnd, only);
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
