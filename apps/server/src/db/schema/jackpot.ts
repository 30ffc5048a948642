import {
  bigint,
  bigserial,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** The jackpot module's tables (modules/jackpot; docs/jackpot.md). */
export const jackpotPools = pgTable("jackpot_pools", {
  id: integer("id").primaryKey(),
  currency: text("currency").notNull(),
  sharePpm: integer("share_ppm").notNull(),
  seedAmount: bigint("seed_amount", { mode: "bigint" }).notNull(),
  mustDropBy: bigint("must_drop_by", { mode: "bigint" }).notNull(),
  amount: bigint("amount", { mode: "bigint" }).notNull(),
  cycle: integer("cycle").notNull().default(0),
  vendors: text("vendors").array().notNull().default([]),
  version: integer("version").notNull().default(1),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});

export const jackpotContributions = pgTable(
  "jackpot_contributions",
  {
    vendor: text("vendor").notNull(),
    roundId: text("round_id").notNull(),
    poolId: integer("pool_id").notNull(),
    memberId: bigint("member_id", { mode: "number" }).notNull(),
    stake: bigint("stake", { mode: "bigint" }).notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    winId: bigint("win_id", { mode: "number" }),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vendor, t.roundId] })],
);

export const jackpotWins = pgTable("jackpot_wins", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  poolId: integer("pool_id").notNull(),
  cycle: integer("cycle").notNull(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  vendor: text("vendor").notNull(),
  gameCode: text("game_code"),
  roundId: text("round_id").notNull(),
  amount: bigint("amount", { mode: "bigint" }).notNull(),
  reason: text("reason").$type<"draw" | "must_drop">().notNull(),
  draw: text("draw").notNull(),
  serverSeedHash: text("server_seed_hash"),
  clientSeed: text("client_seed"),
  nonce: integer("nonce"),
  createdAt: stamp("created_at").notNull().defaultNow(),
  /** Who sends PNJ's debit and credit: the in-house game server, or the platform itself. */
  payer: text("payer").$type<"rgs" | "platform">().notNull().default("rgs"),
  /** When PNJ's credit of the win was answered (null: pending). */
  paidAt: stamp("paid_at"),
});

/**
 * Where contributions land (migration jackpot_pool_shards): the pool's amount is the pool row's
 * plus its shards'; a win folds the shards back into the pool row under the row locks of both.
 */
export const jackpotPoolShards = pgTable(
  "jackpot_pool_shards",
  {
    poolId: integer("pool_id").notNull(),
    shard: smallint("shard").notNull(),
    cycle: integer("cycle").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull().default(0n),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.shard] })],
);
