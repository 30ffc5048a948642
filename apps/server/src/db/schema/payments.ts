import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const payoutAccounts = pgTable("payout_accounts", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  kind: text("kind").$type<"bank" | "ewallet">().notNull(),
  provider: text("provider").notNull(),
  accountName: text("account_name").notNull(),
  accountNumber: text("account_number").notNull(),
  createdAt: stamp("created_at").notNull().defaultNow(),
  removedAt: stamp("removed_at"),
});

export type WithdrawalStatus =
  | "pending"
  | "paid"
  | "rejected"
  | "received"
  | "partly_received"
  | "not_received"
  | "auto_received";

export const withdrawals = pgTable("withdrawals", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  requestId: text("request_id").notNull(),
  amount: bigint("amount", { mode: "bigint" }).notNull(),
  currency: text("currency").notNull(),
  payout: jsonb("payout")
    .$type<{ kind: string; provider: string; accountName: string; accountNumber: string }>()
    .notNull(),
  status: text("status").$type<WithdrawalStatus>().notNull(),
  reason: text("reason"),
  decidedBy: integer("decided_by"),
  decidedAt: stamp("decided_at"),
  receiptAt: stamp("receipt_at"),
  proofUrl: text("proof_url"),
  /** The bank's or e-wallet's reference of the payout, entered when marked paid (migration 0427). */
  payoutReference: text("payout_reference"),
  createdAt: stamp("created_at").notNull().defaultNow(),
});

export const paymentChannels = pgTable("payment_channels", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  kind: text("kind").$type<"bank" | "gateway">().notNull(),
  name: text("name").notNull(),
  adapter: text("adapter"),
  minAmount: bigint("min_amount", { mode: "bigint" }).notNull(),
  maxAmount: bigint("max_amount", { mode: "bigint" }).notNull(),
  currency: text("currency").notNull().default("PHP"),
  enabled: boolean("enabled").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
  secrets: jsonb("secrets").$type<Record<string, string>>().notNull().default({}),
  version: integer("version").notNull().default(1),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});

export type DepositStatus = "pending" | "approved" | "rejected" | "awaiting_payment" | "paid" | "failed";

export const deposits = pgTable("deposits", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  channelId: integer("channel_id").notNull(),
  requestId: text("request_id").notNull(),
  amount: bigint("amount", { mode: "bigint" }).notNull(),
  currency: text("currency").notNull(),
  status: text("status").$type<DepositStatus>().notNull(),
  reference: text("reference"),
  proofUrl: text("proof_url"),
  gatewayRef: text("gateway_ref"),
  reason: text("reason"),
  decidedBy: integer("decided_by"),
  decidedAt: stamp("decided_at"),
  createdAt: stamp("created_at").notNull().defaultNow(),
  /** The deposit bonus the member chose (migration 0800), applied once at the credit. */
  bonusRuleId: bigint("bonus_rule_id", { mode: "number" }),
});

export const adjustments = pgTable("adjustments", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  amount: bigint("amount", { mode: "bigint" }).notNull(),
  currency: text("currency").notNull(),
  reason: text("reason").notNull(),
  status: text("status").$type<"pending" | "applied" | "rejected">().notNull(),
  createdBy: integer("created_by").notNull(),
  decidedBy: integer("decided_by"),
  createdAt: stamp("created_at").notNull().defaultNow(),
  decidedAt: stamp("decided_at"),
});
