import { randomBytes } from "node:crypto";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { type Leg, memberBalances, notifyMember, postIn } from "../ledger/service.ts";
import { memberCurrency, memberStanding, responsibleGamingActive } from "../members/service.ts";
import {
  claimTransferOutcome,
  failTransfer,
  insertTransfer,
  leaseDueTransfers,
  ledgerVendorBalance,
  lockPlayer,
  lockVersion,
  markTransferRgCounted,
  markTransferUnknown,
  openTransferCount,
  rgGiveBack,
  rgTakeBet,
  setWalletVersion,
  transferById,
  transferByRequest,
  transferVendorNames,
  type VendorTransferRow,
} from "./repo/transfer-wallet.ts";
import { providerClient, signProvider } from "./service.ts";

/**
 * The transfer wallet (spec §7 GCS_walletTransfer; docs/provider-protocol.md
 * "Transfer wallet"): moving money between the main wallet and the wallet a vendor keeps itself.
 *
 * A transfer is a row of vendor_transfers and at most three ledger movements, each under its own
 * idempotency key: the hold into the clearing account (with the row, in one transaction), then
 * exactly one of done (on to the destination) or refund (back to the source), chosen by a
 * conditional status update so two finishers can never both post. The vendor call happens between
 * the two, outside any transaction; an answer we cannot trust leaves the transfer `unknown`, and
 * the reconciliation asks the vendor's `status` until it knows (a transfer the vendor never saw is
 * then cancelled on its side, so it can never be applied late).
 *
 * The member's `vendor:<VENDOR>` account follows the vendor's real balance: each balance the
 * vendor reports carries a version, and a newer one is posted as a `vendor_result` (the wins and
 * losses at the vendor, against house:games) — only while no transfer of that wallet is under
 * way, under the lock of vendor_wallet_versions, which every movement of the wallet takes first.
 */

/** The clearing account between the main wallet and the vendors' wallets. */
const CLEARING = "vendor-transfer";
/** A `pending` transfer whose process died is taken up by the reconciliation after this long. */
const PENDING_LEASE_MS = 60_000;
const VENDOR_TIMEOUT_MS = 8_000;

export type TransferTransport = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

/** How a transfer URL is reached: in this process for a path ("/rgs/…"), over HTTP otherwise. */
const transports = new WeakMap<object, TransferTransport>();
export function setLocalTransferTransport(ctx: Pick<AppContext, "db">, t: TransferTransport): void {
  transports.set(ctx.db, t);
}

async function httpTransport(url: string, body: string, headers: Record<string, string>) {
  const res = await fetch(url, {
    method: "POST",
    headers,
    body,
    signal: AbortSignal.timeout(VENDOR_TIMEOUT_MS),
  });
  return { status: res.status, body: await res.text() };
}

type VendorCall = "balance" | "deposit" | "withdraw" | "status";
export type VendorResult =
  | { kind: "ok"; value: Record<string, unknown> }
  | { kind: "refused"; code: string }
  | { kind: "unknown"; reason: string };

const Answer = z.union([
  z.object({ success: z.literal(true), value: z.record(z.string(), z.unknown()) }),
  z.object({ success: z.literal(false), code: z.string() }),
]);

interface TransferVendor {
  vendor: string;
  secret: string;
  transferUrl: string;
}

/** A transfer-wallet vendor's credentials (the protocol's per-process cache), or VENDOR_NOT_TRANSFER. */
async function transferVendor(ctx: AppContext, vendor: string): Promise<TransferVendor> {
  const c = await providerClient(ctx, vendor);
  if (!c?.enabled || !c.transferUrl) throw Errors.bad("VENDOR_NOT_TRANSFER");
  return { vendor: c.vendor, secret: c.secret, transferUrl: c.transferUrl };
}

/** One signed call to the vendor (docs/provider-protocol.md): ok, a definite refusal, or unknown. */
export async function callVendor(
  ctx: AppContext,
  v: TransferVendor,
  call: VendorCall,
  fields: Record<string, unknown>,
): Promise<VendorResult> {
  const raw = JSON.stringify({ requestId: randomBytes(12).toString("hex"), ...fields });
  const url = `${v.transferUrl.replace(/\/+$/, "")}/${call}`;
  const local = url.startsWith("/") ? transports.get(ctx.db) : undefined;
  if (url.startsWith("/") && !local) return { kind: "unknown", reason: "no in-process transport" };
  let res: { status: number; body: string };
  try {
    res = await (local ?? httpTransport)(url, raw, {
      "content-type": "application/json",
      "x-signature": signProvider(v.secret, raw, Math.floor(ctx.clock.now().getTime() / 1000)),
    });
  } catch (err) {
    return { kind: "unknown", reason: err instanceof Error ? err.message : String(err) };
  }
  if (res.status >= 500) return { kind: "unknown", reason: `HTTP ${res.status}` };
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    return { kind: "unknown", reason: "unreadable answer" };
  }
  const a = Answer.safeParse(json);
  if (!a.success) return { kind: "unknown", reason: "unexpected answer" };
  return a.data.success ? { kind: "ok", value: a.data.value } : { kind: "refused", code: a.data.code };
}

/** A vendor balance answer: the balance in minor units and its version, or null if unreadable. */
function reported(value: Record<string, unknown>): { balance: bigint; version: number } | null {
  const balance = typeof value.balance === "string" ? parseMoney(value.balance) : null;
  const version = Number(value.version);
  if (balance === null || balance < 0n || !Number.isSafeInteger(version) || version < 0) return null;
  return { balance, version };
}

/**
 * Apply a balance the vendor reported, inside the caller's transaction (which holds the version
 * lock): only if newer than the last applied and no transfer of this wallet is under way; the
 * difference is posted as a vendor_result. Answers whether it was applied.
 */
async function applyReported(
  tx: Tx,
  memberId: number,
  vendor: string,
  currency: string,
  seen: number,
  r: { balance: bigint; version: number },
  /** The answer of a transfer the ledger has just finished (not a balance read on its own). */
  ofFinishedTransfer = false,
): Promise<boolean> {
  if (r.version <= seen) return false;
  if ((await openTransferCount(tx, memberId, vendor)) > 0) {
    // Another transfer is under way: its effect on the vendor's balance is not known yet, so the
    // balance is not applied. But the ledger now holds this finished transfer, so no balance
    // older than it may be applied later (transfers finish here in another order than the
    // vendor applied them: an older snapshot would take a newer transfer back out).
    if (ofFinishedTransfer) await setWalletVersion(tx, memberId, vendor, r.version);
    return false;
  }
  const ledger = await ledgerVendorBalance(tx, memberId, vendor, currency);
  const delta = r.balance - ledger;
  if (delta !== 0n) {
    await postIn(tx, {
      idempotencyKey: `vresult:${memberId}:${vendor}:${r.version}`,
      type: "vendor_result",
      reference: `${vendor} v${r.version}`,
      memberId,
      legs: [
        { account: { house: "games", currency }, amount: -delta },
        { account: { member: memberId, kind: `vendor:${vendor}`, currency }, amount: delta },
      ],
    });
  }
  await setWalletVersion(tx, memberId, vendor, r.version);
  return true;
}

/** Read the vendor's balance of this member and bring the ledger's vendor account up to it. */
export async function syncVendorWallet(ctx: AppContext, memberId: number, vendor: string): Promise<boolean> {
  const v = await transferVendor(ctx, vendor);
  const currency = await memberCurrency(ctx.db, memberId);
  if (currency === undefined) throw Errors.notFound("member");
  const res = await callVendor(ctx, v, "balance", { playerId: memberId, currency });
  if (res.kind !== "ok") return false;
  const r = reported(res.value);
  if (!r) return false;
  const applied = await ctx.db.transaction(async (tx) => {
    const seen = await lockVersion(tx, memberId, vendor);
    return applyReported(tx, memberId, vendor, currency, seen, r);
  });
  if (applied) await notifyMember(ctx, memberId);
  return applied;
}

type TransferRow = VendorTransferRow;

const legsOf = (t: TransferRow, stage: "hold" | "done" | "refund"): Leg[] => {
  const main = { member: t.memberId, kind: "main" as const, currency: t.currency };
  const vendorWallet = { member: t.memberId, kind: `vendor:${t.vendor}` as const, currency: t.currency };
  const clearing = { house: CLEARING, currency: t.currency };
  const from = t.direction === "in" ? main : vendorWallet;
  const to = t.direction === "in" ? vendorWallet : main;
  const target = stage === "hold" ? clearing : stage === "done" ? to : from;
  const source = stage === "hold" ? from : clearing;
  return [
    { account: source, amount: -t.amount },
    { account: target, amount: t.amount },
  ];
};

/**
 * Finish a transfer once: `done` moves the held money on, `failed` gives it back. The status
 * update claims it (only from pending/unknown), so a reconciliation and a late answer never both
 * post; a vendor balance in the answer is applied after, under the same lock.
 */
async function finish(
  ctx: AppContext,
  t: TransferRow,
  outcome: { status: "done" } | { status: "failed"; code: string },
  report: { balance: bigint; version: number } | null,
): Promise<TransferRow> {
  const row = await ctx.db.transaction(async (tx) => {
    // The member's lock first (provider_move's order: member, responsible gaming, ledger).
    await lockPlayer(tx, t.memberId);
    const seen = await lockVersion(tx, t.memberId, t.vendor);
    const claimed = await claimTransferOutcome(tx, t.id, {
      status: outcome.status,
      errorCode: outcome.status === "failed" ? outcome.code.slice(0, 100) : null,
      updatedAt: ctx.clock.now(),
    });
    if (!claimed) return null;
    // Responsible gaming: a refused transfer-in that was counted gives its wager and loss back; a
    // transfer-out that arrived lowers the period's loss (counted in the period it arrives in).
    if (outcome.status === "failed" && t.direction === "in" && claimed.rgCounted) {
      await rgGiveBack(tx, t.memberId, t.amount, true, ctx.clock.now());
    } else if (outcome.status === "done" && t.direction === "out") {
      await rgGiveBack(tx, t.memberId, t.amount, false, ctx.clock.now());
    }
    const stage = outcome.status === "done" ? "done" : "refund";
    await postIn(tx, {
      idempotencyKey: `vt:${t.id}:${stage}`,
      type: outcome.status === "done" ? "vendor_transfer" : "vendor_transfer_refund",
      reference: t.id,
      memberId: t.memberId,
      legs: legsOf(t, stage),
    });
    if (report) await applyReported(tx, t.memberId, t.vendor, t.currency, seen, report, true);
    return claimed;
  });
  if (row) await notifyMember(ctx, t.memberId);
  const now = await transferById(ctx.db, t.id);
  return row ?? now ?? t;
}

/** The vendor's answer to deposit/withdraw/status, applied to the transfer. */
async function settleWith(ctx: AppContext, t: TransferRow, res: VendorResult, viaStatus: boolean) {
  if (res.kind === "ok") {
    const status = res.value.status;
    if (status === "done") return finish(ctx, t, { status: "done" }, reported(res.value));
    if (viaStatus && status === "failed")
      return finish(ctx, t, { status: "failed", code: "VENDOR_FAILED" }, null);
    return markUnknown(ctx, t, `unexpected status ${String(status)}`);
  }
  if (res.kind === "refused") {
    // A definite refusal moved nothing on the vendor's side; a refusal we do not expect from a
    // well-behaved vendor (a mismatch of our own id) is still final for this transfer.
    return finish(ctx, t, { status: "failed", code: res.code }, null);
  }
  return markUnknown(ctx, t, res.reason);
}

/** Backoff of the status checks: 5 s, 10 s, 20 s, … at most 10 minutes. */
const checkDelayMs = (attempts: number) => Math.min(5_000 * 2 ** Math.min(attempts, 10), 600_000);

async function markUnknown(ctx: AppContext, t: TransferRow, reason: string): Promise<TransferRow> {
  const row = await markTransferUnknown(
    ctx.db,
    t.id,
    reason.slice(0, 100),
    new Date(ctx.clock.now().getTime() + checkDelayMs(t.attempts)),
    ctx.clock.now(),
  );
  return row ?? t;
}

export interface TransferInput {
  memberId: number;
  vendor: string;
  direction: "in" | "out";
  amount: bigint;
  requestId: string;
}

/**
 * GCS_walletTransfer: main wallet → vendor wallet (`in`) or back (`out`). The same requestId
 * answers the same transfer — a refused one too: a transfer above the balance is kept as
 * `failed` (INSUFFICIENT_FUNDS) without moving anything, so its request id never applies later. Money is held before the vendor is called; what the vendor answers
 * decides done or failed, and no answer leaves it for the reconciliation.
 */
export async function transferWithVendor(ctx: AppContext, input: TransferInput): Promise<TransferRow> {
  const v = await transferVendor(ctx, input.vendor);
  const m = await memberStanding(ctx.db, input.memberId);
  if (!m) throw Errors.notFound("member");
  // Money into a vendor's wallet is play (the member gate "play": self-exclusion,
  // cooling-off, a spent session limit); taking it back out is always allowed.
  if (input.direction === "in") {
    const refusal = await memberGate(ctx.db, m.id, "play", ctx.clock.now());
    if (refusal) throw new AppError(refusal, 403);
  }
  // A withdrawal can only take what the vendor says the player has: bring the ledger up to it.
  if (input.direction === "out") await syncVendorWallet(ctx, m.id, v.vendor);

  const id = `VT${randomBytes(10).toString("hex").toUpperCase()}`;
  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, m.id);
    await lockVersion(tx, m.id, v.vendor);
    const row = await insertTransfer(tx, {
      id,
      memberId: m.id,
      requestId: input.requestId,
      vendor: v.vendor,
      direction: input.direction,
      amount: input.amount,
      currency: m.currency,
      status: "pending",
      nextCheckAt: new Date(now.getTime() + PENDING_LEASE_MS),
      createdAt: now,
      updatedAt: now,
    });
    if (!row) return null;
    // Responsible gaming: money into a vendor's wallet is wagered and, until it comes back, lost.
    // Counted here, under the member's lock and in the transaction that holds the money, by the
    // same rg_take_bet as a seamless bet: every loss and wager limit must still hold and no
    // exclusion, cooling-off or spent session stand in the way. A refusal is kept like the
    // insufficient funds below (this request id answers it from now on); nothing moves.
    if (input.direction === "in") {
      const rg = (await responsibleGamingActive(tx, m.id))
        ? await rgTakeBet(tx, m.id, row.amount, now)
        : undefined;
      if (rg?.code && rg.code !== "OK") {
        const refused = await failTransfer(tx, row.id, rg.code, now);
        return refused ?? null;
      }
      if (rg?.code === "OK") {
        await markTransferRgCounted(tx, row.id);
        row.rgCounted = true;
      }
    }
    try {
      // In a savepoint: a refused hold keeps the transfer's row, and with it the refusal.
      await tx.transaction((sp) =>
        postIn(sp, {
          idempotencyKey: `vt:${row.id}:hold`,
          type: "vendor_transfer",
          reference: row.id,
          memberId: m.id,
          legs: legsOf(row, "hold"),
        }),
      );
    } catch (err) {
      if (!(err instanceof AppError && err.code === "INSUFFICIENT_FUNDS")) throw err;
      if (row.rgCounted) {
        // Counted above but never held: taken out of the totals again.
        await rgGiveBack(tx, m.id, row.amount, true, now);
      }
      // A refusal is an answer too: this request id answers INSUFFICIENT_FUNDS from now on and
      // is never applied later, whatever the balance becomes. Nothing moved; the vendor is not
      // called.
      const refused = await failTransfer(tx, row.id, "INSUFFICIENT_FUNDS", now);
      return refused ?? null;
    }
    return row;
  });
  if (!created) {
    // The same request again: its transfer, as it stands (a different one reusing the id is refused).
    const seen = await transferByRequest(ctx.db, m.id, input.requestId);
    if (!seen) throw Errors.internal();
    if (seen.vendor !== v.vendor || seen.direction !== input.direction || seen.amount !== input.amount) {
      throw new AppError("DUPLICATE_MISMATCH", 409);
    }
    return seen;
  }
  if (created.status === "failed") return created;
  await notifyMember(ctx, m.id);
  const res = await callVendor(ctx, v, input.direction === "in" ? "deposit" : "withdraw", {
    transferId: created.id,
    playerId: m.id,
    currency: m.currency,
    amount: formatMinor(created.amount),
  });
  return settleWith(ctx, created, res, false);
}

/**
 * The reconciliation: transfers left unknown (or pending past their lease: the process died
 * during the call) are claimed with a lease (SKIP LOCKED: several processes share the work) and
 * their outcome asked of the vendor. Runs outside any transaction: the vendor may be this process.
 */
export async function reconcileVendorTransfers(
  ctx: AppContext,
  limit = 20,
): Promise<{ checked: number; settled: number }> {
  const now = ctx.clock.now();
  const claimed = await leaseDueTransfers(ctx.db, now, new Date(now.getTime() + PENDING_LEASE_MS), limit);
  let settled = 0;
  for (const { id } of claimed) {
    const t = await transferById(ctx.db, id);
    if (!t || (t.status !== "pending" && t.status !== "unknown")) continue;
    let v: TransferVendor;
    try {
      v = await transferVendor(ctx, t.vendor);
    } catch {
      await markUnknown(ctx, t, "vendor no longer configured");
      continue;
    }
    const after = await settleWith(ctx, t, await callVendor(ctx, v, "status", { transferId: t.id }), true);
    if (after.status === "done" || after.status === "failed") settled++;
  }
  return { checked: claimed.length, settled };
}

/** Run the reconciliation every `everyMs` until stopped. */
export function startVendorTransferLoop(
  ctx: AppContext,
  everyMs: number,
  log: (msg: string, err?: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => reconcileVendorTransfers(ctx))
      .catch((err) => log("vendor transfer reconciliation failed", err));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** The transfer-wallet vendors a member can move money to, with their display names. */
export async function transferVendors(ctx: AppContext) {
  const rows = await transferVendorNames(ctx.db);
  return rows.map((r) => ({ vendor: r.vendor, name: r.name ?? r.vendor }));
}

/** A transfer as the member sees it, with the wallets it touched. */
export async function transferView(ctx: AppContext, t: TransferRow) {
  const balances = await memberBalances(ctx.db, t.memberId);
  const of = (kind: string) =>
    balances.find((b) => b.kind === kind && b.currency === t.currency)?.balance ?? 0n;
  return {
    transferId: t.id,
    vendor: t.vendor,
    direction: t.direction,
    amount: formatMinor(t.amount),
    status: t.status,
    code: t.errorCode,
    main: formatMinor(of("main")),
    vendorBalance: formatMinor(of(`vendor:${t.vendor}`)),
  };
}
