import { bigint, boolean, date, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The reports' rollup tables (migration 0250; modules/reports): closed Manila days, recomputed
 * whole by report_rollup_day. Written only by the rollup; read by the dashboard and reports.
 */
export const reportPlayerGameDays = pgTable(
  "report_player_game_days",
  {
    day: date("day").notNull(),
    memberId: bigint("member_id", { mode: "number" }).notNull(),
    vendor: text("vendor").notNull(),
    gameCode: text("game_code").notNull(),
    bets: bigint("bets", { mode: "bigint" }).notNull(),
    wins: bigint("wins", { mode: "bigint" }).notNull(),
    rounds: bigint("rounds", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.vendor, t.gameCode, t.memberId] })],
);

export const reportGameDays = pgTable(
  "report_game_days",
  {
    day: date("day").notNull(),
    vendor: text("vendor").notNull(),
    gameCode: text("game_code").notNull(),
    bets: bigint("bets", { mode: "bigint" }).notNull(),
    wins: bigint("wins", { mode: "bigint" }).notNull(),
    rounds: bigint("rounds", { mode: "number" }).notNull(),
    players: integer("players").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.vendor, t.gameCode] })],
);

export const reportPlayerDays = pgTable(
  "report_player_days",
  {
    day: date("day").notNull(),
    memberId: bigint("member_id", { mode: "number" }).notNull(),
    bets: bigint("bets", { mode: "bigint" }).notNull(),
    wins: bigint("wins", { mode: "bigint" }).notNull(),
    rounds: bigint("rounds", { mode: "number" }).notNull(),
    deposits: bigint("deposits", { mode: "bigint" }).notNull(),
    depositCount: integer("deposit_count").notNull(),
    withdrawals: bigint("withdrawals", { mode: "bigint" }).notNull(),
    withdrawalCount: integer("withdrawal_count").notNull(),
    bonuses: bigint("bonuses", { mode: "bigint" }).notNull(),
    adjustments: bigint("adjustments", { mode: "bigint" }).notNull(),
    firstDeposit: boolean("first_deposit").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.memberId] })],
);

export const reportChannelDays = pgTable(
  "report_channel_days",
  {
    day: date("day").notNull(),
    kind: text("kind").$type<"deposit" | "withdrawal">().notNull(),
    channel: text("channel").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    succeeded: integer("succeeded").notNull(),
    failed: integer("failed").notNull(),
    fees: bigint("fees", { mode: "bigint" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.channel] })],
);

export const reportRollupState = pgTable("report_rollup_state", {
  id: integer("id").primaryKey(),
  doneUntil: date("done_until"),
  /** Hours before this (from done_until's day on) are in report_player_game_hours (0901). */
  hoursUntil: timestamp("hours_until", { withTimezone: true, mode: "date" }),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const reportDays = pgTable("report_days", {
  day: date("day").primaryKey(),
  deposits: bigint("deposits", { mode: "bigint" }).notNull(),
  depositCount: integer("deposit_count").notNull(),
  withdrawals: bigint("withdrawals", { mode: "bigint" }).notNull(),
  withdrawalCount: integer("withdrawal_count").notNull(),
  bonuses: bigint("bonuses", { mode: "bigint" }).notNull(),
  adjustments: bigint("adjustments", { mode: "bigint" }).notNull(),
  firstDepositors: integer("first_depositors").notNull(),
  activePlayers: integer("active_players").notNull(),
});

/**
 * The live day by the hour (migration 0901): hour × member × vendor × game, from done_until's
 * day on. (report_active_bits, migration 0900, holds bit strings and is read by SQL only.)
 */
export const reportPlayerGameHours = pgTable(
  "report_player_game_hours",
  {
    hour: timestamp("hour", { withTimezone: true, mode: "date" }).notNull(),
    day: date("day").notNull(),
    memberId: bigint("member_id", { mode: "number" }).notNull(),
    vendor: text("vendor").notNull(),
    gameCode: text("game_code").notNull(),
    bets: bigint("bets", { mode: "bigint" }).notNull(),
    wins: bigint("wins", { mode: "bigint" }).notNull(),
    rounds: bigint("rounds", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.vendor, t.gameCode, t.memberId] })],
);
