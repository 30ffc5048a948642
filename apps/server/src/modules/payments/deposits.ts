import { formatMinor, formatPeso } from "@panalo/contracts/money";
import type { Tx } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { emitMemberEvent, publishEvent } from "../../lib/member-events.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { requireOwnUpload } from "../../lib/member-uploads.ts";
import { checkDepositChoice, lockMember } from "../bonus/service.ts";
import { notifyMembers, postIn } from "../ledger/service.ts";
import { memberCurrency, requireKycFor } from "../members/service.ts";
import { checkDepositLimit } from "../responsible-gaming/service.ts";
import { CallbackRefused, type PaymentGateway, paymongoGateway, sandboxGateway } from "./gateways.ts";
import {
  type ChannelRow,
  channelByCode,
  channelById,
  type DepositRow,
  decidePendingDeposit,
  depositExists,
  depositIdOfRequest,
  depositOfRequest,
  enabledChannelById,
  insertDeposit,
  lockDepositByGatewayRef,
  setDepositGatewayRef,
  updateDeposit,
} from "./repo/deposits.ts";

export type Channel = ChannelRow;

/**
 * The sandbox gateway credits without money behind it: outside demo mode a sandbox channel is
 * ignored everywhere (not listed, no deposit, no callback), whatever its stored `enabled` says.
 */
export const channelUsable = (ctx: AppContext, ch: Pick<Channel, "adapter">) =>
  ch.adapter !== "sandbox" || ctx.config.DEMO_MODE;

/** `origin`: the site as the player reached it (lib/site-origin.ts), for the sandbox's checkout page. */
export function gatewayOf(ctx: AppContext, ch: Channel, origin = ctx.config.PUBLIC_URL): PaymentGateway {
  if (ch.adapter === "paymongo") {
    return paymongoGateway({
      secretKey: ch.secrets.secretKey ?? "",
      webhookSecret: ch.secrets.webhookSecret ?? "",
      live: ch.secrets.live === "true",
    });
  }
  if (ch.adapter === "sandbox" && ctx.config.DEMO_MODE) {
    return sandboxGateway({ publicUrl: origin, secret: ch.secrets.secret ?? "" });
  }
  throw Errors.notFoundCode("CHANNEL_NOT_FOUND");
}

export const depositDto = (d: DepositRow) => ({
  id: d.id,
  channelId: d.channelId,
  amount: formatMinor(d.amount),
  currency: d.currency,
  status: d.status,
  reference: d.reference,
  proofUrl: d.proofUrl,
  reason: d.reason,
  createdAt: d.createdAt.toISOString(),
  decidedAt: d.decidedAt?.toISOString() ?? null,
});

/** A deposit: by bank transfer (with the member's reference and proof) or through a gateway checkout. */
export async function createDeposit(
  ctx: AppContext,
  memberId: number,
  input: {
    channelId: number;
    amount: bigint;
    requestId: string;
    reference?: string;
    proofUrl?: string | null;
    /** A deposit bonus chosen on the deposit page. */
    bonusRuleId?: number | null;
  },
  /** The site's origin as the player reached it (lib/site-origin.ts): where the gateway sends them back. */
  origin: string = ctx.config.PUBLIC_URL,
) {
  const ch = await enabledChannelById(ctx.db, input.channelId);
  if (!ch || !channelUsable(ctx, ch)) throw Errors.notFoundCode("CHANNEL_NOT_FOUND");
  if (input.amount < ch.minAmount) throw Errors.bad("DEPOSIT_BELOW_MIN", { min: formatPeso(ch.minAmount) });
  if (input.amount > ch.maxAmount) throw Errors.bad("DEPOSIT_ABOVE_MAX", { max: formatPeso(ch.maxAmount) });
  // Deposits above the operator's amount in a period need a verified account.
  await requireKycFor(
    ctx.db,
    memberId,
    { kind: "deposit", amount: input.amount, requestId: input.requestId },
    ctx.clock.now(),
  );
  if (ch.kind === "bank" && !input.proofUrl)
    throw Errors.validation([{ path: "proofUrl", message: "PROOF_REQUIRED" }]);
  if (ch.kind === "bank" && input.proofUrl)
    await requireOwnUpload(ctx.db, memberId, input.proofUrl, "proofUrl");
  if (input.bonusRuleId) await checkDepositChoice(ctx.db, memberId, input.bonusRuleId, input.amount);
  const currency = await memberCurrency(ctx.db, memberId);
  // A self-excluded or cooling-off member deposits nothing (the member gate
  // "deposit"), and a deposit must fit the member's deposit limits — checked in the transaction
  // that records it (a retry of a recorded request is answered as before, not counted twice).
  const at = ctx.clock.now();
  const refusal = await memberGate(ctx.db, memberId, "deposit", at);
  if (refusal) throw new AppError(refusal, 403);
  const row = await ctx.db.transaction(async (tx) => {
    const seen = await depositIdOfRequest(tx, memberId, input.requestId);
    if (!seen) await checkDepositLimit(tx, memberId, input.amount, at);
    return insertDeposit(tx, {
      memberId,
      channelId: ch.id,
      requestId: input.requestId,
      amount: input.amount,
      currency: currency ?? ch.currency,
      status: ch.kind === "bank" ? "pending" : "awaiting_payment",
      reference: input.reference ?? null,
      proofUrl: ch.kind === "bank" ? (input.proofUrl ?? null) : null,
      bonusRuleId: input.bonusRuleId ?? null,
      // The platform's clock (the deposit limits count deposits by it).
      createdAt: at,
    });
  });
  const d = row ?? (await depositOfRequest(ctx.db, memberId, input.requestId));
  if (!d) throw Errors.internal();
  if (ch.kind === "bank") return { deposit: depositDto(d), checkoutUrl: null };
  // A retried request for a gateway deposit that already has a checkout sends the member there again.
  const base = ctx.config.PUBLIC_URL.replace(/\/$/, "");
  const site = origin.replace(/\/$/, "");
  if (d.gatewayRef) return { deposit: depositDto(d), checkoutUrl: null };
  let checkout: { checkoutUrl: string; gatewayRef: string };
  try {
    checkout = await gatewayOf(ctx, ch, site).createCheckout({
      depositId: d.id,
      amount: d.amount,
      currency: d.currency,
      description: `Panalo deposit D${d.id}`,
      // The member centre's deposit page with this deposit's outcome, on the player's own address.
      returnUrl: `${site}/depositv2?deposit=${d.id}`,
      callbackUrl: `${base}/payments/callback/${ch.code}`,
    });
  } catch {
    await updateDeposit(ctx.db, d.id, { status: "failed", reason: "gateway unavailable" });
    throw Errors.bad("GATEWAY_UNAVAILABLE");
  }
  const updated = await setDepositGatewayRef(ctx.db, d.id, checkout.gatewayRef);
  return { deposit: depositDto(updated ?? d), checkoutUrl: checkout.checkoutUrl };
}

/**
 * Credit a deposit once: the status change, the ledger movement and the chosen deposit bonus
 * (keyed bonus:deposit:<id>) commit together.
 */
async function credit(ctx: AppContext, d: DepositRow, ch: Channel, tx: Parameters<typeof postIn>[0]) {
  // The member's lock before the main account's row (the provider protocol's order).
  if (d.bonusRuleId !== null) await lockMember(tx, d.memberId);
  const legs = [
    { account: { house: `clearing:${ch.code}`, currency: d.currency }, amount: -d.amount },
    { account: { member: d.memberId, kind: "main" as const, currency: d.currency }, amount: d.amount },
  ];
  await postIn(tx, {
    idempotencyKey: `deposit:${d.id}`,
    type: "deposit",
    reference: `D${d.id}`,
    memberId: d.memberId,
    legs,
  });
  // The reactions (the chosen deposit bonus, in the bonus module) commit with the credit.
  await publishEvent({ ctx, exec: tx }, "deposit.credited", {
    depositId: d.id,
    memberId: d.memberId,
    amount: d.amount,
    currency: d.currency,
    bonusRuleId: d.bonusRuleId,
  });
  // The member's message about it, in this transaction, once per deposit.
  await emitMemberEvent(tx, {
    kind: "deposit.credited",
    memberId: d.memberId,
    ref: `D${d.id}`,
    params: { id: `D${d.id}`, amount: d.amount.toString(), currency: d.currency },
  });
  return legs;
}

/**
 * A gateway's callback. The signature is checked first; a forged one changes nothing. A paid
 * result credits once however often it arrives, and never after the deposit was closed otherwise;
 * an amount that differs from the deposit is refused (kept for the operator to look at).
 */
export async function handleCallback(
  ctx: AppContext,
  channelCode: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  onRefused: (reason: string) => void = () => {},
): Promise<"credited" | "duplicate" | "failed" | "refused"> {
  const ch = await channelByCode(ctx.db, channelCode);
  if (ch?.kind !== "gateway" || !channelUsable(ctx, ch)) {
    onRefused("no_channel");
    return "refused";
  }
  let result: ReturnType<PaymentGateway["parseCallback"]>;
  try {
    result = gatewayOf(ctx, ch).parseCallback(headers, rawBody, Math.floor(ctx.clock.now().getTime() / 1000));
  } catch (err) {
    onRefused(err instanceof CallbackRefused ? err.reason : "bad_body");
    return "refused";
  }
  if (!result) {
    onRefused("bad_body");
    return "refused";
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const d = await lockDepositByGatewayRef(tx, result.gatewayRef, ch.id);
    if (!d) return { kind: "refused" as const };
    if (d.status !== "awaiting_payment") return { kind: "duplicate" as const };
    if (result.status === "failed") {
      await updateDeposit(tx, d.id, { status: "failed", decidedAt: ctx.clock.now() });
      return { kind: "failed" as const };
    }
    if (result.amount !== d.amount) {
      await updateDeposit(tx, d.id, { reason: `gateway reported ${formatMinor(result.amount)}` });
      return { kind: "refused" as const };
    }
    await updateDeposit(tx, d.id, { status: "paid", decidedAt: ctx.clock.now() });
    return { kind: "credited" as const, legs: await credit(ctx, d, ch, tx) };
  });
  if (outcome.kind === "credited") await notifyMembers(ctx, { legs: outcome.legs });
  return outcome.kind;
}

/** The operator approves (credits) or rejects a bank-transfer deposit, once. */
export async function decideDeposit(
  ctx: AppContext,
  op: { id: number; username: string },
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  ip: string,
) {
  const out = await ctx.db.transaction((tx) => decideDepositIn(ctx, tx, op, id, decision, ip));
  if (out.legs) await notifyMembers(ctx, { legs: out.legs });
  return depositDto(out.d);
}

/** The decision inside the caller's transaction (a bulk approval runs several in one). */
export async function decideDepositIn(
  ctx: AppContext,
  tx: Tx,
  op: { id: number; username: string },
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  ip: string,
) {
  const d = await decidePendingDeposit(tx, id, {
    status: decision.approve ? "approved" : "rejected",
    reason: decision.approve ? null : decision.reason,
    decidedBy: op.id,
    decidedAt: ctx.clock.now(),
  });
  if (!d) {
    throw (await depositExists(tx, id)) ? Errors.conflict("DEPOSIT_NOT_PENDING") : Errors.notFound("deposit");
  }
  const ch = await channelById(tx, d.channelId);
  if (!ch) throw Errors.internal();
  const legs = decision.approve ? await credit(ctx, d, ch, tx) : null;
  await recordAudit(tx, {
    operatorId: op.id,
    operatorName: op.username,
    action: decision.approve ? "approve" : "reject",
    entityType: "deposit",
    entityId: String(id),
    before: { status: "pending" },
    after: { status: d.status, reason: d.reason },
    ip,
  });
  return { d, legs };
}
