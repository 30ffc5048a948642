import { and, eq, inArray } from "drizzle-orm";
import type { Executor, Tx } from "../../../db/client.ts";
import { deposits, paymentChannels } from "../../../db/schema/payments.ts";

/** Statements on deposits and payment channels (deposits.ts has the rules). */

export type DepositRow = typeof deposits.$inferSelect;
export type ChannelRow = typeof paymentChannels.$inferSelect;

/** An enabled channel by id. */
export async function enabledChannelById(exec: Executor, id: number): Promise<ChannelRow | undefined> {
  const [ch] = await exec
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.id, id), eq(paymentChannels.enabled, true)));
  return ch;
}

export async function channelByCode(exec: Executor, code: string): Promise<ChannelRow | undefined> {
  const [ch] = await exec.select().from(paymentChannels).where(eq(paymentChannels.code, code));
  return ch;
}

export async function channelById(exec: Executor, id: number): Promise<ChannelRow | undefined> {
  const [ch] = await exec.select().from(paymentChannels).where(eq(paymentChannels.id, id));
  return ch;
}

/** The id of the member's deposit of a request id, if recorded. */
export async function depositIdOfRequest(
  exec: Executor,
  memberId: number,
  requestId: string,
): Promise<{ id: number } | undefined> {
  const [seen] = await exec
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.memberId, memberId), eq(deposits.requestId, requestId)));
  return seen;
}

/** The member's deposit of a request id. */
export async function depositOfRequest(
  exec: Executor,
  memberId: number,
  requestId: string,
): Promise<DepositRow | undefined> {
  const [d] = await exec
    .select()
    .from(deposits)
    .where(and(eq(deposits.memberId, memberId), eq(deposits.requestId, requestId)));
  return d;
}

/** Record a deposit; nothing when the member's request id has one already. */
export async function insertDeposit(
  exec: Executor,
  values: typeof deposits.$inferInsert,
): Promise<DepositRow | undefined> {
  const [inserted] = await exec.insert(deposits).values(values).onConflictDoNothing().returning();
  return inserted;
}

/** Change a deposit's fields (no condition on its status). */
export async function updateDeposit(
  exec: Executor,
  id: number,
  set: Partial<Pick<DepositRow, "status" | "reason" | "decidedAt">>,
): Promise<void> {
  await exec.update(deposits).set(set).where(eq(deposits.id, id));
}

/** Store the gateway's reference of a deposit; answers the row after. */
export async function setDepositGatewayRef(
  exec: Executor,
  id: number,
  gatewayRef: string,
): Promise<DepositRow | undefined> {
  const [updated] = await exec.update(deposits).set({ gatewayRef }).where(eq(deposits.id, id)).returning();
  return updated;
}

/** Lock (FOR UPDATE) and answer the channel's deposit with a gateway reference. */
export async function lockDepositByGatewayRef(
  tx: Tx,
  gatewayRef: string,
  channelId: number,
): Promise<DepositRow | undefined> {
  const [d] = await tx
    .select()
    .from(deposits)
    .where(and(eq(deposits.gatewayRef, gatewayRef), eq(deposits.channelId, channelId)))
    .for("update");
  return d;
}

/** Decide a deposit still pending; answers the row after, or nothing when it is not pending. */
export async function decidePendingDeposit(
  tx: Tx,
  id: number,
  set: { status: "approved" | "rejected"; reason: string | null; decidedBy: number; decidedAt: Date },
): Promise<DepositRow | undefined> {
  const [d] = await tx
    .update(deposits)
    .set(set)
    .where(and(eq(deposits.id, id), inArray(deposits.status, ["pending"])))
    .returning();
  return d;
}

/** Whether a deposit exists. */
export async function depositExists(exec: Executor, id: number): Promise<boolean> {
  const [exists] = await exec.select({ id: deposits.id }).from(deposits).where(eq(deposits.id, id));
  return !!exists;
}

/** The pending deposits among `ids`, with their amounts. */
export function pendingDepositAmounts(exec: Executor, ids: number[]) {
  return exec
    .select({ id: deposits.id, amount: deposits.amount })
    .from(deposits)
    .where(and(inArray(deposits.id, ids), eq(deposits.status, "pending")));
}
