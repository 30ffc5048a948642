import { and, eq, sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";
import { vendorCatalogue } from "../../../db/schema/games.ts";
import { providerClients, vendorTransfers } from "../../../db/schema/providers.ts";

/**
 * Statements of the transfer wallet (transfer-wallet.ts has the rules): vendor_transfers, the
 * wallet versions and their locks, and the responsible-gaming functions a transfer calls.
 */

export type VendorTransferRow = typeof vendorTransfers.$inferSelect;

/**
 * The member's lock (bonus_member_lock: the advisory lock provider_move takes first). Transfers
 * take it before anything else so that a transfer and a seamless bet of the same member are
 * counted by responsible gaming one after the other, with the locks in provider_move's order.
 */
export async function lockPlayer(tx: Tx, memberId: number): Promise<void> {
  await tx.execute(sql`SELECT bonus_member_lock(${memberId})`);
}

/** Lock the member's vendor-wallet version row (made on first use); answers its version (-1: none). */
export async function lockVersion(tx: Tx, memberId: number, vendor: string): Promise<number> {
  await tx.execute(
    sql`INSERT INTO vendor_wallet_versions (member_id, vendor) VALUES (${memberId}, ${vendor}) ON CONFLICT DO NOTHING`,
  );
  const [row] = await queryRows<{ version: string }>(
    tx,
    sql`SELECT version FROM vendor_wallet_versions WHERE member_id = ${memberId} AND vendor = ${vendor} FOR UPDATE`,
  );
  return Number(row?.version ?? -1);
}

/** Set the version of the member's vendor wallet (under its lock). */
export async function setWalletVersion(
  tx: Tx,
  memberId: number,
  vendor: string,
  version: number,
): Promise<void> {
  await tx.execute(
    sql`UPDATE vendor_wallet_versions SET version = ${version} WHERE member_id = ${memberId} AND vendor = ${vendor}`,
  );
}

/** The ledger's balance of the member's `vendor:<VENDOR>` account (0 when it has none). */
export async function ledgerVendorBalance(
  exec: Executor,
  memberId: number,
  vendor: string,
  currency: string,
) {
  const [row] = await queryRows<{ balance: string }>(
    exec,
    sql`SELECT balance FROM ledger_balances
        WHERE member_id = ${memberId} AND kind = ${`vendor:${vendor}`} AND currency = ${currency}`,
  );
  return row ? BigInt(row.balance) : 0n;
}

/** How many transfers of the member's vendor wallet are under way (pending or unknown). */
export async function openTransferCount(tx: Tx, memberId: number, vendor: string): Promise<number> {
  const [open] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM vendor_transfers
        WHERE member_id = ${memberId} AND vendor = ${vendor} AND status IN ('pending', 'unknown')`,
  );
  return open?.n ?? 0;
}

/** Claim a transfer's outcome: only from pending/unknown; answers the row, or nothing if claimed before. */
export async function claimTransferOutcome(
  tx: Tx,
  id: string,
  set: { status: "done" | "failed"; errorCode: string | null; updatedAt: Date },
): Promise<VendorTransferRow | undefined> {
  const [claimed] = await tx
    .update(vendorTransfers)
    .set(set)
    .where(and(eq(vendorTransfers.id, id), sql`${vendorTransfers.status} IN ('pending', 'unknown')`))
    .returning();
  return claimed;
}

/** Responsible gaming: give back a counted amount (rg_give_back; `wager`: its wager too). */
export async function rgGiveBack(
  tx: Tx,
  memberId: number,
  amount: bigint,
  wager: boolean,
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`SELECT rg_give_back(${memberId}, ${amount}, ${wager ? sql`true` : sql`false`}, ${at})`,
  );
}

/** Responsible gaming: count a wager (rg_take_bet); answers its code ('OK' or the refusal). */
export async function rgTakeBet(tx: Tx, memberId: number, amount: bigint, at: Date) {
  const [rg] = await queryRows<{ code: string | null }>(
    tx,
    sql`SELECT rg_take_bet(${memberId}, ${amount}, ${at}) AS code`,
  );
  return rg;
}

export async function transferById(exec: Executor, id: string): Promise<VendorTransferRow | undefined> {
  const [row] = await exec.select().from(vendorTransfers).where(eq(vendorTransfers.id, id));
  return row;
}

/** The member's transfer of a request id. */
export async function transferByRequest(
  exec: Executor,
  memberId: number,
  requestId: string,
): Promise<VendorTransferRow | undefined> {
  const [seen] = await exec
    .select()
    .from(vendorTransfers)
    .where(and(eq(vendorTransfers.memberId, memberId), eq(vendorTransfers.requestId, requestId)));
  return seen;
}

/** Mark a transfer still pending/unknown as unknown, one attempt more, checked again at `nextCheckAt`. */
export async function markTransferUnknown(
  exec: Executor,
  id: string,
  errorCode: string,
  nextCheckAt: Date,
  now: Date,
): Promise<VendorTransferRow | undefined> {
  const [row] = await exec
    .update(vendorTransfers)
    .set({
      status: "unknown",
      errorCode,
      attempts: sql`${vendorTransfers.attempts} + 1`,
      nextCheckAt,
      updatedAt: now,
    })
    .where(and(eq(vendorTransfers.id, id), sql`${vendorTransfers.status} IN ('pending', 'unknown')`))
    .returning();
  return row;
}

/** Insert a new transfer; nothing when the member's request id has one already. */
export async function insertTransfer(
  tx: Tx,
  values: typeof vendorTransfers.$inferInsert,
): Promise<VendorTransferRow | undefined> {
  const [row] = await tx.insert(vendorTransfers).values(values).onConflictDoNothing().returning();
  return row;
}

/** A transfer refused before the vendor was called: failed with `errorCode`. */
export async function failTransfer(
  tx: Tx,
  id: string,
  errorCode: string,
  now: Date,
): Promise<VendorTransferRow | undefined> {
  const [refused] = await tx
    .update(vendorTransfers)
    .set({ status: "failed", errorCode, updatedAt: now })
    .where(eq(vendorTransfers.id, id))
    .returning();
  return refused;
}

/** The transfer was counted by responsible gaming. */
export async function markTransferRgCounted(tx: Tx, id: string): Promise<void> {
  await tx.update(vendorTransfers).set({ rgCounted: true }).where(eq(vendorTransfers.id, id));
}

/**
 * Lease up to `limit` transfers left unknown or pending past their lease (SKIP LOCKED: several
 * processes share the work) until `leaseUntil`; answers their ids.
 */
export async function leaseDueTransfers(exec: Executor, now: Date, leaseUntil: Date, limit: number) {
  return queryRows<{ id: string }>(
    exec,
    sql`UPDATE vendor_transfers SET next_check_at = ${leaseUntil.toISOString()}::timestamptz
        WHERE id IN (
          SELECT id FROM vendor_transfers
           WHERE status IN ('pending', 'unknown') AND next_check_at <= ${now.toISOString()}::timestamptz
           ORDER BY next_check_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
}

/** The enabled transfer-wallet vendors with their catalogue names (null where none). */
export async function transferVendorNames(exec: Executor) {
  return exec
    .select({ vendor: providerClients.vendor, name: vendorCatalogue.displayName })
    .from(providerClients)
    .leftJoin(vendorCatalogue, eq(vendorCatalogue.vassalage, providerClients.vendor))
    .where(and(eq(providerClients.enabled, true), sql`${providerClients.transferUrl} IS NOT NULL`));
}
