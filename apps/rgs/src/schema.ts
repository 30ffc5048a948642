import type { RgsRoundOutcome, RgsRoundStatus } from "@panalo/contracts/rgs";
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/** Drizzle tables matching apps/rgs/migrations/*.sql exactly: the RGS's own schema `rgs`. */
export const rgs = pgSchema("rgs");
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const seeds = rgs.table("seeds", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  playerId: bigint("player_id", { mode: "number" }).notNull(),
  serverSeed: text("server_seed").notNull(),
  serverSeedHash: text("server_seed_hash").notNull(),
  clientSeed: text("client_seed").notNull(),
  nonce: integer("nonce").notNull().default(0),
  active: boolean("active").notNull().default(true),
  revealedAt: stamp("revealed_at"),
  createdAt: stamp("created_at").notNull().defaultNow(),
});

export const sessions = rgs.table("sessions", {
  id: uuid("id").primaryKey(),
  playerId: bigint("player_id", { mode: "number" }).notNull(),
  vendor: text("vendor").notNull(),
  gameId: text("game_id").notNull(),
  currency: text("currency").notNull(),
  token: text("token").notNull(),
  lang: text("lang").notNull().default("TY"),
  expiresAt: stamp("expires_at").notNull(),
  createdAt: stamp("created_at").notNull().defaultNow(),
});

export const rounds = rgs.table("rounds", {
  id: uuid("id").primaryKey(),
  seq: bigserial("seq", { mode: "number" }).notNull(),
  sessionId: uuid("session_id").notNull(),
  requestId: text("request_id").notNull(),
  playerId: bigint("player_id", { mode: "number" }).notNull(),
  vendor: text("vendor").notNull(),
  gameId: text("game_id").notNull(),
  currency: text("currency").notNull(),
  betPerLine: bigint("bet_per_line", { mode: "bigint" }).notNull(),
  bet: bigint("bet", { mode: "bigint" }).notNull(),
  win: bigint("win", { mode: "bigint" }),
  seedId: bigint("seed_id", { mode: "number" }).notNull(),
  nonce: integer("nonce").notNull(),
  status: text("status").$type<RgsRoundStatus>().notNull(),
  outcome: jsonb("outcome").$type<RgsRoundOutcome>(),
  balance: bigint("balance", { mode: "bigint" }),
  errorCode: text("error_code"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: stamp("next_attempt_at").notNull(),
  createdAt: stamp("created_at").notNull().defaultNow(),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
  /** A free spin: the grant it used (migration 0013); its bet sent to the platform is 0.00. */
  grantId: text("grant_id"),
});

export const protocolCalls = rgs.table("protocol_calls", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  roundId: uuid("round_id"),
  call: text("call").notNull(),
  transactionId: text("transaction_id"),
  httpStatus: integer("http_status"),
  result: text("result").notNull(),
  code: text("code"),
  createdAt: stamp("created_at").notNull().defaultNow(),
});

/** A transfer-wallet vendor's wallet of one player (migration 0003). */
export const transferWallets = rgs.table(
  "transfer_wallets",
  {
    playerId: bigint("player_id", { mode: "number" }).notNull(),
    vendor: text("vendor").notNull(),
    currency: text("currency").notNull(),
    balance: bigint("balance", { mode: "bigint" }).notNull(),
    version: bigint("version", { mode: "number" }).notNull().default(0),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.vendor] })],
);

export const transfers = rgs.table(
  "transfers",
  {
    transferId: text("transfer_id").notNull(),
    vendor: text("vendor").notNull(),
    kind: text("kind").$type<"deposit" | "withdraw" | "cancelled">().notNull(),
    playerId: bigint("player_id", { mode: "number" }),
    currency: text("currency"),
    amount: bigint("amount", { mode: "bigint" }),
    fingerprint: text("fingerprint"),
    answer: jsonb("answer").$type<Record<string, unknown>>(),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.transferId, t.vendor] })],
);

export const walletMoves = rgs.table(
  "wallet_moves",
  {
    transactionId: text("transaction_id").notNull(),
    vendor: text("vendor").notNull(),
    kind: text("kind").$type<"bet" | "win" | "rollback">().notNull(),
    playerId: bigint("player_id", { mode: "number" }).notNull(),
    roundId: text("round_id").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    refTransactionId: text("ref_transaction_id"),
    answer: jsonb("answer").$type<Record<string, unknown>>(),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.vendor] })],
);

export type RoundRow = typeof rounds.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
