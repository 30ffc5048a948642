import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { memberDirectory } from "../../db/schema/members.ts";
import {
  deposits,
  paymentChannels,
  payoutAccounts,
  type WithdrawalStatus,
  withdrawals,
} from "../../db/schema/payments.ts";

/** Statements on the payments tables (deposits, withdrawals, transfers and their queues). */

export interface WithdrawalState {
  id: number;
  status: string;
  payoutReference: string | null;
}

/** The state of the member's withdrawals `ids` (others' and missing ones are left out). */
export async function withdrawalStates(
  exec: Executor,
  memberId: number,
  ids: readonly number[],
): Promise<WithdrawalState[]> {
  if (ids.length === 0) return [];
  return exec
    .select({ id: withdrawals.id, status: withdrawals.status, payoutReference: withdrawals.payoutReference })
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), inArray(withdrawals.id, [...ids])));
}

/**
 * The search box of a queue: "W12"/"D12"/"12" finds the item or the member with that id, any
 * other text the members whose username, mobile or e-mail contain it (read from the members
 * module's published view, member_directory, never its table).
 */
export function queueSearch(q: string | undefined, idCol: PgColumn, memberCol: PgColumn): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const id = /^[WDwd]?(\d{1,15})$/.exec(text)?.[1];
  if (id) return or(eq(idCol, Number(id)), eq(memberCol, Number(id)));
  const like = `%${text.replace(/[%_\\]/g, "\\$&")}%`;
  return inArray(
    memberCol,
    sql`(SELECT ${memberDirectory.id} FROM ${memberDirectory} WHERE ${or(
      ilike(memberDirectory.username, like),
      ilike(memberDirectory.mobile, like),
      ilike(memberDirectory.email, like),
    )})`,
  );
}

/** The member's payout accounts not removed, oldest first. */
export async function payoutAccountsOf(exec: Executor, memberId: number) {
  return exec
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.memberId, memberId), isNull(payoutAccounts.removedAt)))
    .orderBy(asc(payoutAccounts.id));
}

export interface WithdrawalQueueQuery {
  /** Created at or after / before these instants (a range of Manila days). */
  from?: Date | undefined;
  to?: Date | undefined;
  /** An export reads only the rows that existed when it started. */
  maxId?: number | undefined;
  status?: WithdrawalStatus | undefined;
  memberId?: number | undefined;
  q?: string | undefined;
  payoutKind?: "bank" | "ewallet" | undefined;
  limit: number;
  offset: number;
}

/** A page of the withdrawal queue (pending oldest first, else newest first) and how many match. */
export async function withdrawalQueueRows(exec: Executor, query: WithdrawalQueueQuery) {
  const where = and(
    query.status ? eq(withdrawals.status, query.status) : undefined,
    query.memberId ? eq(withdrawals.memberId, query.memberId) : undefined,
    queueSearch(query.q, withdrawals.id, withdrawals.memberId),
    query.payoutKind ? sql`${withdrawals.payout}->>'kind' = ${query.payoutKind}` : undefined,
    query.from ? gte(withdrawals.createdAt, query.from) : undefined,
    query.to ? lt(withdrawals.createdAt, query.to) : undefined,
    query.maxId ? lte(withdrawals.id, query.maxId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    exec
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(query.status === "pending" ? asc(withdrawals.id) : desc(withdrawals.id))
      .limit(query.limit)
      .offset(query.offset),
    exec.select({ n: sql<number>`count(*)::int` }).from(withdrawals).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

// ---- deposits and payment channels ----

type Channel = typeof paymentChannels.$inferSelect;
type ChannelValues = typeof paymentChannels.$inferInsert;

/** The enabled payment channels in their order. */
export async function enabledChannels(exec: Executor): Promise<Channel[]> {
  return exec
    .select()
    .from(paymentChannels)
    .where(eq(paymentChannels.enabled, true))
    .orderBy(asc(paymentChannels.sortOrder), asc(paymentChannels.id));
}

/** Every payment channel in its order. */
export async function allChannels(exec: Executor): Promise<Channel[]> {
  return exec.select().from(paymentChannels).orderBy(asc(paymentChannels.sortOrder), asc(paymentChannels.id));
}

/** A page of the member's deposits, newest first, and how many they have. */
export async function memberDepositsPage(exec: Executor, memberId: number, limit: number, offset: number) {
  const mine = eq(deposits.memberId, memberId);
  const [rows, [count]] = await Promise.all([
    exec.select().from(deposits).where(mine).orderBy(desc(deposits.id)).limit(limit).offset(offset),
    exec.select({ n: sql<number>`count(*)::int` }).from(deposits).where(mine),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One of the member's own deposits; another member's is undefined. */
export async function memberDeposit(exec: Executor, id: number, memberId: number) {
  const [row] = await exec
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.memberId, memberId)));
  return row;
}

/** The deposit of a sandbox checkout reference, with its channel. */
export async function sandboxDepositByRef(exec: Executor, ref: string) {
  const [row] = await exec
    .select({ d: deposits, c: paymentChannels })
    .from(deposits)
    .innerJoin(paymentChannels, eq(paymentChannels.id, deposits.channelId))
    .where(and(eq(deposits.gatewayRef, ref), eq(paymentChannels.adapter, "sandbox")));
  return row;
}

export interface DepositQueueQuery {
  /** Created at or after / before these instants (a range of Manila days). */
  from?: Date | undefined;
  to?: Date | undefined;
  /** An export reads only the rows that existed when it started. */
  maxId?: number | undefined;
  status?: (typeof deposits.$inferSelect)["status"] | undefined;
  memberId?: number | undefined;
  q?: string | undefined;
  channelId?: number | undefined;
  limit: number;
  offset: number;
}

/** A page of the deposit queue (pending oldest first, else newest first) with each channel's name, and how many match. */
export async function depositQueueRows(exec: Executor, query: DepositQueueQuery) {
  const where = and(
    query.status ? eq(deposits.status, query.status) : undefined,
    query.memberId ? eq(deposits.memberId, query.memberId) : undefined,
    queueSearch(query.q, deposits.id, deposits.memberId),
    query.channelId ? eq(deposits.channelId, query.channelId) : undefined,
    query.from ? gte(deposits.createdAt, query.from) : undefined,
    query.to ? lt(deposits.createdAt, query.to) : undefined,
    query.maxId ? lte(deposits.id, query.maxId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    exec
      .select({ d: deposits, channelName: paymentChannels.name })
      .from(deposits)
      .leftJoin(paymentChannels, eq(paymentChannels.id, deposits.channelId))
      .where(where)
      .orderBy(query.status === "pending" ? asc(deposits.id) : desc(deposits.id))
      .limit(query.limit)
      .offset(query.offset),
    exec.select({ n: sql<number>`count(*)::int` }).from(deposits).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function channelCodeTaken(exec: Executor, code: string): Promise<boolean> {
  const [exists] = await exec
    .select({ id: paymentChannels.id })
    .from(paymentChannels)
    .where(eq(paymentChannels.code, code));
  return exists !== undefined;
}

/** A new channel; undefined when its code is taken. */
export async function insertChannel(exec: Executor, values: ChannelValues): Promise<Channel | undefined> {
  const [c] = await exec.insert(paymentChannels).values(values).onConflictDoNothing().returning();
  return c;
}

/** The channel `id`, row-locked for an update. */
export async function lockChannel(exec: Executor, id: number): Promise<Channel | undefined> {
  const [c] = await exec.select().from(paymentChannels).where(eq(paymentChannels.id, id)).for("update");
  return c;
}

/** The channel's new values, only if it is still at `version` (its version goes up by one). */
export async function updateChannelAt(
  exec: Executor,
  id: number,
  version: number,
  values: ChannelValues,
): Promise<Channel | undefined> {
  const [c] = await exec
    .update(paymentChannels)
    .set({ ...values, version: sql`${paymentChannels.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(paymentChannels.id, id), eq(paymentChannels.version, version)))
    .returning();
  return c;
}

/** A deposit's or withdrawal's amount, state and times, for another module's summary. */
export interface MoneyLineRow {
  id: number;
  amount: bigint;
  currency: string;
  status: string;
  createdAt: Date;
  decidedAt: Date | null;
}

/** States in which a deposit still waits for money or a decision. */
export const OPEN_DEPOSIT_STATES = ["pending", "awaiting_payment"] as const;
/** States in which a withdrawal still waits for a decision (its money is held). */
export const OPEN_WITHDRAWAL_STATES: readonly WithdrawalStatus[] = ["pending"];

/**
 * The member's open deposits (at most `limit`) and latest `limit` deposits, newest first, each
 * once. Two statements because an old open one must show even behind many recent ones.
 */
export async function depositLines(exec: Executor, memberId: number, limit: number): Promise<MoneyLineRow[]> {
  const cols = {
    id: deposits.id,
    amount: deposits.amount,
    currency: deposits.currency,
    status: deposits.status,
    createdAt: deposits.createdAt,
    decidedAt: deposits.decidedAt,
  };
  const [open, latest] = await Promise.all([
    exec
      .select(cols)
      .from(deposits)
      .where(and(eq(deposits.memberId, memberId), inArray(deposits.status, [...OPEN_DEPOSIT_STATES])))
      .orderBy(desc(deposits.id))
      .limit(limit),
    exec
      .select(cols)
      .from(deposits)
      .where(eq(deposits.memberId, memberId))
      .orderBy(desc(deposits.id))
      .limit(limit),
  ]);
  return mergeLines(open, latest);
}

/** As depositLines, for withdrawals. */
export async function withdrawalLines(
  exec: Executor,
  memberId: number,
  limit: number,
): Promise<MoneyLineRow[]> {
  const cols = {
    id: withdrawals.id,
    amount: withdrawals.amount,
    currency: withdrawals.currency,
    status: withdrawals.status,
    createdAt: withdrawals.createdAt,
    decidedAt: withdrawals.decidedAt,
  };
  const [open, latest] = await Promise.all([
    exec
      .select(cols)
      .from(withdrawals)
      .where(
        and(eq(withdrawals.memberId, memberId), inArray(withdrawals.status, [...OPEN_WITHDRAWAL_STATES])),
      )
      .orderBy(desc(withdrawals.id))
      .limit(limit),
    exec
      .select(cols)
      .from(withdrawals)
      .where(eq(withdrawals.memberId, memberId))
      .orderBy(desc(withdrawals.id))
      .limit(limit),
  ]);
  return mergeLines(open, latest);
}

function mergeLines(a: MoneyLineRow[], b: MoneyLineRow[]): MoneyLineRow[] {
  const byId = new Map<number, MoneyLineRow>();
  for (const row of [...a, ...b]) byId.set(row.id, row);
  return [...byId.values()].sort((x, y) => y.id - x.id);
}

/** The newest deposit's and withdrawal's ids (0 for none): where an export stops. */
export async function newestQueueId(exec: Executor, queue: "deposits" | "withdrawals"): Promise<number> {
  const t = queue === "deposits" ? deposits : withdrawals;
  const [row] = await exec.select({ id: sql<string | null>`max(${t.id})::text` }).from(t);
  return Number(row?.id ?? 0);
}
