import { bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const lotteryGames = pgTable("lottery_games", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  mathCode: text("math_code").notNull(),
  schedule: jsonb("schedule").$type<import("@panalo/game-math/lottery").Schedule>().notNull(),
  tag: text("tag").notNull(),
  cutoffSeconds: integer("cutoff_seconds").notNull(),
  prizeTable: jsonb("prize_table").$type<import("@panalo/game-math/lottery").PrizeTable>().notNull(),
  enabled: boolean("enabled").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const lotteryDraws = pgTable("lottery_draws", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  gameCode: text("game_code").notNull(),
  drawNo: text("draw_no").notNull().unique(),
  drawAt: stamp("draw_at").notNull(),
  cutoffAt: stamp("cutoff_at").notNull(),
  seed: text("seed").notNull(),
  seedHash: text("seed_hash").notNull(),
  result: jsonb("result").$type<number[]>(),
  status: text("status").$type<"open" | "drawn">().notNull(),
  drawnAt: stamp("drawn_at"),
});
