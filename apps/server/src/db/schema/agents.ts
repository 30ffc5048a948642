import type {
  BillStatus,
  ContractKind,
  ContractPeriod,
  ContractStatus,
  ContractTerms,
} from "@panalo/contracts/agent-contracts";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ledgerTransactions } from "./ledger.ts";
import { members } from "./members.ts";

export type SettlementSchedule = "daily" | "hourly" | "realtime";

/**
 * The upline–downline tree as a closure table (migration 0700): one row per (ancestor,
 * descendant), the member itself at depth 0. Kept in step with members.upline_id by triggers;
 * never written by application code.
 */
export const memberTree = pgTable(
  "member_tree",
  {
    ancestorId: bigint("ancestor_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    descendantId: bigint("descendant_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    depth: smallint("depth").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index("member_tree_descendant_idx").on(t.descendantId, t.depth),
    index("member_tree_ancestor_depth_idx").on(t.ancestorId, t.depth),
  ],
);

/** Agent contracts (migration 0720): offered by an upline to a direct downline. */
export const agentContracts = pgTable(
  "agent_contracts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<ContractKind>().notNull(),
    uplineId: bigint("upline_id", { mode: "number" }).references(() => members.id),
    downlineId: bigint("downline_id", { mode: "number" })
      .notNull()
      .references(() => members.id),
    funding: text("funding").$type<"platform" | "upline">().notNull(),
    period: text("period").$type<ContractPeriod>().notNull(),
    terms: jsonb("terms").$type<ContractTerms>().notNull(),
    rateBp: integer("rate_bp").notNull(),
    status: text("status").$type<ContractStatus>().notNull(),
    offeredByOperator: bigint("offered_by_operator", { mode: "number" }),
    offeredAt: timestamp("offered_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endReason: text("end_reason"),
    settledUntil: timestamp("settled_until", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("agent_contracts_active_idx").on(t.downlineId, t.kind).where(sql`status = 'active'`),
    uniqueIndex("agent_contracts_offer_idx").on(t.downlineId, t.kind).where(sql`status = 'offered'`),
    index("agent_contracts_upline_idx").on(t.uplineId, t.kind, t.status),
    index("agent_contracts_due_idx").on(t.kind, t.settledUntil).where(sql`accepted_at IS NOT NULL`),
  ],
);

/** Every change of a contract, append-only (trigger). */
export const agentContractEvents = pgTable(
  "agent_contract_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    contractId: bigint("contract_id", { mode: "number" })
      .notNull()
      .references(() => agentContracts.id),
    action: text("action").notNull(),
    memberId: bigint("member_id", { mode: "number" }).references(() => members.id),
    operatorId: bigint("operator_id", { mode: "number" }),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("agent_contract_events_contract_idx").on(t.contractId, t.id)],
);

/** One settlement run per (schedule, job period). */
export const agentSettlementRuns = pgTable(
  "agent_settlement_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    schedule: text("schedule").$type<SettlementSchedule>().notNull(),
    periodKey: text("period_key").notNull(),
    cutoff: timestamp("cutoff", { withTimezone: true }).notNull(),
    status: text("status").$type<"running" | "done" | "failed">().notNull(),
    held: boolean("held").notNull().default(false),
    attempts: integer("attempts").notNull().default(0),
    bills: integer("bills").notNull().default(0),
    paid: integer("paid").notNull().default(0),
    paidMinor: bigint("paid_minor", { mode: "bigint" }).notNull().default(0n),
    insufficient: integer("insufficient").notNull().default(0),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    unique().on(t.schedule, t.periodKey),
    index("agent_settlement_runs_started_idx").on(t.startedAt.desc()),
  ],
);

/** One bill per (contract, contract period). */
export const agentBills = pgTable(
  "agent_bills",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    contractId: bigint("contract_id", { mode: "number" })
      .notNull()
      .references(() => agentContracts.id),
    periodKey: text("period_key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    windowEnd: timestamp("window_end", { withTimezone: true }).notNull(),
    runId: bigint("run_id", { mode: "number" })
      .notNull()
      .references(() => agentSettlementRuns.id),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id),
    payerId: bigint("payer_id", { mode: "number" }).references(() => members.id),
    kind: text("kind").$type<ContractKind>().notNull(),
    currency: text("currency").notNull(),
    validBet: bigint("valid_bet", { mode: "bigint" }).notNull(),
    netLoss: bigint("net_loss", { mode: "bigint" }).notNull(),
    activeMembers: integer("active_members").notNull(),
    rateBp: integer("rate_bp").notNull(),
    carryIn: bigint("carry_in", { mode: "bigint" }).notNull().default(0n),
    carryOut: bigint("carry_out", { mode: "bigint" }).notNull().default(0n),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    status: text("status").$type<BillStatus>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    ledgerTransactionId: bigint("ledger_transaction_id", { mode: "number" }).references(
      () => ledgerTransactions.id,
    ),
    paidByRun: bigint("paid_by_run", { mode: "number" }).references(() => agentSettlementRuns.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    unique().on(t.contractId, t.periodKey),
    index("agent_bills_member_idx").on(t.memberId, t.windowEnd.desc()),
    index("agent_bills_run_idx").on(t.runId),
    index("agent_bills_unpaid_idx").on(t.id).where(sql`status IN ('pending', 'insufficient')`),
  ],
);
