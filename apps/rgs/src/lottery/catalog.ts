import type { LotteryGameType, LotterySchedule } from "@panalo/contracts/lottery";
import { GAMES, type LotteryGame, type PrizeTable } from "@panalo/game-math/lottery";
import { sql } from "drizzle-orm";
import type { RgsDb, RgsTx } from "../db.ts";

/** The vendor every lottery game is sold under (seeded in the platform as a LOTT vendor). */
export const LOTTERY_VENDOR = "TCG_SEA";

export interface LotteryDefaults {
  code: string;
  name: string;
  gameType: LotteryGameType;
  tag: string;
  schedule: LotterySchedule;
  cutoffSeconds: number;
  prizeTable: PrizeTable;
  /** Minor units. */
  minStake: bigint;
  maxStake: bigint;
  liabilityLimit: bigint;
  cancelAllowed: boolean;
}

const DIGITS_TIMES = ["14:00", "17:00", "21:00"];
const pcso = (
  code: string,
  schedule: LotterySchedule,
  prizeTable: PrizeTable,
  minStake: bigint,
  maxStake: bigint,
  liabilityLimit: bigint,
): Omit<LotteryDefaults, "name"> => ({
  code,
  gameType: "LOTT",
  tag: "PCSO",
  schedule,
  cutoffSeconds: 20 * 60,
  prizeTable,
  minStake,
  maxStake,
  liabilityLimit,
  cancelAllowed: true,
});
const weekly = (weekdays: number[]): LotterySchedule => ({ kind: "weekly", weekdays, time: "21:00" });
const fast = (minutes: number, cutoffSeconds: number): Omit<LotteryDefaults, "name"> => ({
  code: `E3D-${minutes}`,
  gameType: "ELOTT",
  tag: "ELOTT",
  schedule: { kind: "every", minutes },
  cutoffSeconds,
  prizeTable: { straight: 900 },
  minStake: 1_00n,
  maxStake: 1_000_00n,
  liabilityLimit: 500_000_00n,
  cancelAllowed: false,
});

/**
 * The lottery games with PCSO-like defaults, written once when the RGS starts (operators edit
 * them in the back office afterwards). Multipliers are per unit staked: a ₱10 Swertres straight
 * pays ₱4,500 (450×), EZ2 ₱4,000 (400×); the pick-six prizes are PCSO's for a ₱20 ticket.
 */
export const LOTTERY_CATALOG: readonly Omit<LotteryDefaults, "name">[] = [
  pcso("2D", { kind: "daily", times: DIGITS_TIMES }, { straight: 400 }, 10_00n, 5_000_00n, 2_000_000_00n),
  pcso("3D", { kind: "daily", times: DIGITS_TIMES }, { straight: 450 }, 10_00n, 5_000_00n, 2_000_000_00n),
  pcso("4D", weekly([1, 3, 5]), { straight: 5000 }, 10_00n, 2_000_00n, 5_000_000_00n),
  pcso(
    "6/42",
    weekly([2, 4, 6]),
    { matches: { 6: 300_000, 5: 1200, 4: 40, 3: 1 } },
    20_00n,
    1_000_00n,
    10n ** 12n,
  ),
  pcso(
    "6/45",
    weekly([1, 3, 5]),
    { matches: { 6: 450_000, 5: 1600, 4: 40, 3: 1 } },
    20_00n,
    1_000_00n,
    10n ** 12n,
  ),
  pcso(
    "6/49",
    weekly([2, 4, 0]),
    { matches: { 6: 800_000, 5: 2500, 4: 60, 3: 1 } },
    20_00n,
    1_000_00n,
    10n ** 12n,
  ),
  pcso(
    "6/55",
    weekly([1, 3, 6]),
    { matches: { 6: 1_500_000, 5: 7500, 4: 100, 3: 1 } },
    20_00n,
    1_000_00n,
    10n ** 12n,
  ),
  pcso(
    "6/58",
    weekly([2, 5, 0]),
    { matches: { 6: 2_500_000, 5: 6000, 4: 100, 3: 2 } },
    20_00n,
    1_000_00n,
    10n ** 12n,
  ),
  fast(1, 10),
  fast(3, 30),
  fast(5, 30),
];

export function mathOf(code: string): LotteryGame | undefined {
  return GAMES[code];
}

/** The games every catalog lists (the platform seeds one catalog game per entry). */
export function lotteryCatalog(): Array<{
  code: string;
  name: string;
  gameType: LotteryGameType;
  tag: string;
}> {
  return LOTTERY_CATALOG.map((g) => ({
    code: g.code,
    name: GAMES[g.code]?.name ?? g.code,
    gameType: g.gameType,
    tag: g.tag,
  }));
}

/**
 * Write the games not there yet (an operator's settings are never overwritten). Every process
 * does this at start: under an advisory lock (72_014), so two starting together never both
 * write a game's first prize table.
 */
export async function seedLotteryGames(db: RgsDb): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(72014)`);
    await seedLotteryGamesIn(tx);
  });
}

async function seedLotteryGamesIn(db: RgsTx): Promise<void> {
  const values = LOTTERY_CATALOG.map(
    (g, i) =>
      sql`(${g.code}, ${GAMES[g.code]?.name ?? g.code}, ${g.gameType}, ${g.tag}, ${JSON.stringify(g.schedule)}::jsonb,
        ${g.cutoffSeconds}, ${JSON.stringify(g.prizeTable)}::jsonb, ${g.minStake.toString()}::bigint,
        ${g.maxStake.toString()}::bigint, ${g.liabilityLimit.toString()}::bigint, ${g.cancelAllowed}, ${i})`,
  );
  await db.execute(
    sql`INSERT INTO rgs.lottery_games (code, name, game_type, tag, schedule, cutoff_seconds, prize_table,
          min_stake, max_stake, liability_limit, cancel_allowed, sort_order)
        VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (code) DO NOTHING`,
  );
  await db.execute(
    sql`INSERT INTO rgs.lottery_prize_tables (game_code, prize_table)
        SELECT g.code, g.prize_table FROM rgs.lottery_games g
        WHERE NOT EXISTS (SELECT 1 FROM rgs.lottery_prize_tables p WHERE p.game_code = g.code)`,
  );
}
