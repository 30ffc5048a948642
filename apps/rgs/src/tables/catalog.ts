import { sql } from "drizzle-orm";
import type { RgsDb } from "../db.ts";

/**
 * The tables a new game server opens with (vendor PNL "Panalo Live"). Idempotent: rows that
 * exist (the back office may have changed them) are kept. Amounts in centavos.
 */
export const DEFAULT_TABLES = [
  {
    id: "baccarat-1",
    game: "baccarat",
    name: { EN: "Baccarat Manila", TY: "Baccarat Maynila" },
    chips: [1000, 5000, 10000, 50000, 100000],
    min: 1000,
    max: 5_000_000,
    limits: {
      tie: { min: 1000, max: 500_000 },
      player_pair: { min: 1000, max: 250_000 },
      banker_pair: { min: 1000, max: 250_000 },
    },
  },
  {
    id: "baccarat-nc-1",
    game: "baccarat_nc",
    name: { EN: "No Commission Baccarat", TY: "Baccarat Walang Komisyon" },
    chips: [1000, 5000, 10000, 50000, 100000],
    min: 1000,
    max: 5_000_000,
    limits: {
      tie: { min: 1000, max: 500_000 },
      player_pair: { min: 1000, max: 250_000 },
      banker_pair: { min: 1000, max: 250_000 },
    },
  },
  {
    id: "roulette-1",
    game: "roulette",
    name: { EN: "European Roulette", TY: "European Roulette" },
    chips: [500, 1000, 5000, 10000, 50000],
    min: 500,
    max: 2_000_000,
    limits: {
      straight: { min: 500, max: 100_000 },
      split: { min: 500, max: 200_000 },
      street: { min: 500, max: 300_000 },
      trio: { min: 500, max: 300_000 },
      corner: { min: 500, max: 400_000 },
      first4: { min: 500, max: 400_000 },
      six: { min: 500, max: 600_000 },
      dozen: { min: 500, max: 1_000_000 },
      column: { min: 500, max: 1_000_000 },
    },
  },
  {
    id: "dragon-tiger-1",
    game: "dragon_tiger",
    name: { EN: "Dragon Tiger", TY: "Dragon Tiger" },
    chips: [1000, 5000, 10000, 50000, 100000],
    min: 1000,
    max: 5_000_000,
    limits: { tie: { min: 1000, max: 500_000 }, suited_tie: { min: 1000, max: 100_000 } },
  },
  {
    id: "sicbo-1",
    game: "sicbo",
    name: { EN: "Sic Bo", TY: "Sic Bo" },
    chips: [500, 1000, 5000, 10000, 50000],
    min: 500,
    max: 2_000_000,
    limits: {
      total: { min: 500, max: 200_000 },
      triple: { min: 500, max: 20_000 },
      any_triple: { min: 500, max: 100_000 },
      double: { min: 500, max: 200_000 },
      combo: { min: 500, max: 300_000 },
      single: { min: 500, max: 1_000_000 },
    },
  },
] as const;

/** The best RTP of a table's main bets, for the platform's listing (percent, two decimals). */
export async function seedLiveTables(db: RgsDb): Promise<void> {
  for (const [i, t] of DEFAULT_TABLES.entries()) {
    await db.execute(
      sql`INSERT INTO rgs.live_tables (id, game, name, chips, min_bet, max_bet, limits, sort)
          VALUES (${t.id}, ${t.game}, ${JSON.stringify(t.name)}::jsonb, ${`{${t.chips.join(",")}}`}::bigint[],
            ${t.min}, ${t.max}, ${JSON.stringify(t.limits)}::jsonb, ${i})
          ON CONFLICT (id) DO NOTHING`,
    );
  }
}
