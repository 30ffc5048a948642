import { bigint, bigserial, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const ledgerAccounts = pgTable("ledger_accounts", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  memberId: bigint("member_id", { mode: "number" }),
  kind: text("kind").notNull(),
  currency: text("currency").notNull(),
  balance: bigint("balance", { mode: "bigint" }),
  createdAt: stamp("created_at").notNull().defaultNow(),
});

export const ledgerTransactions = pgTable("ledger_transactions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  type: text("type").notNull(),
  reference: text("reference"),
  memberId: bigint("member_id", { mode: "number" }),
  fingerprint: text("fingerprint").notNull(),
  createdAt: stamp("created_at").notNull().defaultNow(),
});

export const ledgerEntries = pgTable("ledger_entries", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  transactionId: bigint("transaction_id", { mode: "number" }).notNull(),
  accountId: bigint("account_id", { mode: "number" }).notNull(),
  amount: bigint("amount", { mode: "bigint" }).notNull(),
  balanceAfter: bigint("balance_after", { mode: "bigint" }),
  createdAt: stamp("created_at").notNull().defaultNow(),
});
