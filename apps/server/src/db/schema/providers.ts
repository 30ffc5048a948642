import { bigint, bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const providerClients = pgTable("provider_clients", {
  vendor: text("vendor").primaryKey(),
  /** Stakes in real money only (the PVP card rooms): provider_move refuses bonus money (BONUS_BUY_IN_NOT_ALLOWED). */
  cashOnly: boolean("cash_only").notNull().default(false),
  secret: text("secret").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  createdAt: stamp("created_at").notNull().defaultNow(),
  /** A transfer-wallet vendor's URL (migration 0520): the platform calls it; null: seamless. */
  transferUrl: text("transfer_url"),
  /** The maximum win per round as a multiple of the round's bets, or null (migration 0514). */
  maxWinMultiple: integer("max_win_multiple"),
  /** The maximum win per round as an amount in minor units, or null (migration 0514). */
  maxWinAmount: bigint("max_win_amount", { mode: "bigint" }),
});

export const launchTokens = pgTable("launch_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  vendor: text("vendor").notNull(),
  currency: text("currency").notNull(),
  expiresAt: stamp("expires_at").notNull(),
  createdAt: stamp("created_at").notNull().defaultNow(),
  /** When the provider's authenticate claimed it; a token is claimed once. */
  claimedAt: stamp("claimed_at"),
});

export const providerTransactions = pgTable("provider_transactions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  vendor: text("vendor").notNull(),
  transactionId: text("transaction_id").notNull(),
  /**
   * bet | win | rollback; rollback_tombstone (a rollback of a bet not seen yet); rollback_repeat
   * (a second rollback of a bet: answers the first one's answer); <kind>_refused (a refusal,
   * final: its response is the refusal; migration 0512).
   */
  kind: text("kind")
    .$type<
      | "bet"
      | "win"
      | "rollback"
      | "rollback_tombstone"
      | "rollback_repeat"
      | "bet_refused"
      | "win_refused"
      | "rollback_refused"
    >()
    .notNull(),
  roundId: text("round_id").notNull(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  amount: bigint("amount", { mode: "bigint" }).notNull(),
  refTransactionId: text("ref_transaction_id"),
  fingerprint: text("fingerprint").notNull(),
  response: jsonb("response"),
  /** The provider's game id a debit or credit names (migration 0502), else null. */
  gameCode: text("game_code"),
  createdAt: stamp("created_at").notNull().defaultNow(),
});

/** Transfers between the main wallet and a transfer-wallet vendor's wallet (migration 0520). */
export const vendorTransfers = pgTable("vendor_transfers", {
  id: text("id").primaryKey(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  requestId: text("request_id").notNull(),
  vendor: text("vendor").notNull(),
  direction: text("direction").$type<"in" | "out">().notNull(),
  amount: bigint("amount", { mode: "bigint" }).notNull(),
  currency: text("currency").notNull(),
  status: text("status").$type<"pending" | "unknown" | "done" | "failed">().notNull(),
  errorCode: text("error_code"),
  attempts: integer("attempts").notNull().default(0),
  /** Counted by responsible gaming as wagered and lost at its hold (migration 1021). */
  rgCounted: boolean("rg_counted").notNull().default(false),
  nextCheckAt: stamp("next_check_at").notNull(),
  createdAt: stamp("created_at").notNull().defaultNow(),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});

/** Credits above a vendor's maximum win per round, held for an operator (migration 0514). */
export const providerWinReviews = pgTable("provider_win_reviews", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  vendor: text("vendor").notNull(),
  transactionId: text("transaction_id").notNull(),
  roundId: text("round_id").notNull(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  currency: text("currency").notNull(),
  amount: bigint("amount", { mode: "bigint" }).notNull(),
  roundBets: bigint("round_bets", { mode: "bigint" }).notNull(),
  roundWins: bigint("round_wins", { mode: "bigint" }).notNull(),
  maxWinMultiple: integer("max_win_multiple"),
  maxWinAmount: bigint("max_win_amount", { mode: "bigint" }),
  status: text("status").$type<"pending" | "approved" | "rejected">().notNull().default("pending"),
  decidedBy: integer("decided_by"),
  decidedAt: stamp("decided_at"),
  note: text("note"),
  createdAt: stamp("created_at").notNull().defaultNow(),
});
