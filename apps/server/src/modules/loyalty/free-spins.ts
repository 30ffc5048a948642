import { formatMinor } from "@panalo/contracts/money";
import type { RgsFreeSpinGrant, RgsFreeSpinGrantClosed } from "@panalo/contracts/rgs";
import { rgsAdminSecret, signAdminCall } from "@panalo/rgs/lottery/admin-auth";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { type Lang, messageFor } from "../../lib/messages.ts";
import { rgsTransport } from "../../lib/rgs-transport.ts";
import { leaseDueGrants, markGrantGranted, postponeGrant } from "./repo/free-spins.ts";

/** One free-spin grant the platform asks the RGS to make. */
export interface GrantRequest {
  grantId: string;
  memberId: number;
  vendor: string;
  gameCode: string;
  currency: string;
  spins: number;
  betPerLine: bigint;
  expiresAt: Date;
}
/**
 * Makes a grant on the RGS; `close` (the job's, for a grant still undelivered at its expiry) tells
 * the RGS to give it up and answers whether the RGS had it.
 */
export type GrantSender = ((g: GrantRequest) => Promise<RgsFreeSpinGrant>) & {
  close?: (g: GrantRequest) => Promise<RgsFreeSpinGrantClosed>;
};
/**
 * The reasons stored on a free-spins redemption the platform rejected itself (the operator's own
 * reasons are free text), and the codes of their texts in the member's language.
 */
export const FS_REFUSED_REASON = "free spins unavailable";
export const FS_EXPIRED_REASON = "free spins expired before they could be delivered";
const SYSTEM_REASONS: Record<string, string> = {
  "rejected by operator": "MALL_REJECT_BY_OPERATOR", // the back office's reason when none is typed
  [FS_REFUSED_REASON]: "MALL_REJECT_FREESPINS_REFUSED",
  [FS_EXPIRED_REASON]: "MALL_REJECT_FREESPINS_EXPIRED",
};
/** A redemption's reason as the member reads it: the platform's own in their language. */
export function reasonText(reason: string | null, lang: Lang): string | null {
  const code = reason ? SYSTEM_REASONS[reason] : undefined;
  return code ? messageFor(code, lang) : reason;
}

/** Undo a redemption whose grant cannot be made: rejected, its points and stock returned, once. */
export type GrantUndo = (ctx: AppContext, redemptionId: number, reason?: string) => Promise<void>;

/** The RGS answered and will not make this grant (no such slot, a bet it cannot play). */
export class GrantRefused extends Error {
  constructor(readonly code: string) {
    super(`the RGS refused the grant: ${code}`);
  }
}
/** The RGS's codes that mean the grant can never be made (so no earlier copy made it). */
const REFUSALS = new Set(["GAME_NOT_FOUND", "BET_INVALID", "VALIDATION_ERROR"]);

/** Each app's sender, for the job that sends pending grants again (it has the context only). */
const senders = new WeakMap<AppContext, GrantSender>();
export function setGrantSender(ctx: AppContext, send: GrantSender): void {
  senders.set(ctx, send);
}

/**
 * The platform's side: POST /rgs/admin/freespins/grants signed like the lottery's back-office
 * calls (HMAC(APP_SECRET, "rgs-admin"), operator "loyalty-mall"). The RGS stores a grant once per
 * grantId, so a resent call is harmless. A refusal of the RGS throws GrantRefused; a failure whose
 * outcome is unknown (no answer, a 5xx, an answer that does not parse) FREESPINS_UNAVAILABLE.
 */
export function rgsGrantSender(app: FastifyInstance, ctx: AppContext): GrantSender {
  const call = rgsTransport(app, ctx);
  const secret = ctx.config.APP_SECRET ? rgsAdminSecret(ctx.config.APP_SECRET) : "";
  const post = async <T>(path: string, g: GrantRequest): Promise<T> => {
    const body = JSON.stringify({
      grantId: g.grantId,
      playerId: g.memberId,
      vendor: g.vendor,
      gameId: g.gameCode,
      currency: g.currency,
      spins: g.spins,
      betPerLine: formatMinor(g.betPerLine),
      expiresAt: g.expiresAt.toISOString(),
    });
    let res: { status: number; body: string };
    try {
      res = await call("POST", path, body, {
        "content-type": "application/json",
        ...signAdminCall(secret, { method: "POST", path, operator: "loyalty-mall", body }),
      });
    } catch {
      throw new AppError("FREESPINS_UNAVAILABLE", 503);
    }
    let json: { success?: boolean; value?: T };
    try {
      json = JSON.parse(res.body) as typeof json;
    } catch {
      throw new AppError("FREESPINS_UNAVAILABLE", 503);
    }
    if (json.success === true && json.value) return json.value;
    const code = (json as { code?: unknown }).code;
    if (res.status >= 400 && res.status < 500 && typeof code === "string" && REFUSALS.has(code))
      throw new GrantRefused(code);
    throw new AppError("FREESPINS_UNAVAILABLE", 503);
  };
  return Object.assign((g: GrantRequest) => post<RgsFreeSpinGrant>("/rgs/admin/freespins/grants", g), {
    close: (g: GrantRequest) => post<RgsFreeSpinGrantClosed>("/rgs/admin/freespins/grants/close", g),
  });
}

/** How long a sender holds a pending grant before the job may take it (a sender that died). */
export const GRANT_LEASE_MS = 60_000;

/**
 * Send one pending grant and record the outcome: granted; refused by the RGS (`undo`: the
 * redemption rejected, its points and stock returned, the grant marked refused, in one
 * transaction — the grant can never be made, so none exists); or still pending (no answer),
 * sent again later. The grant's row moves out of 'pending' once.
 */
export async function deliverGrant(
  ctx: AppContext,
  redemptionId: number,
  g: GrantRequest,
  send: GrantSender,
  undo: GrantUndo,
): Promise<"granted" | "refused" | "pending"> {
  try {
    await send(g).catch((err) => (err instanceof GrantRefused ? Promise.reject(err) : send(g)));
  } catch (err) {
    if (err instanceof GrantRefused) {
      // The redemption rejected and the grant marked refused in one transaction (`undo`), once.
      await undo(ctx, redemptionId);
      return "refused";
    }
    await later(ctx, redemptionId, err);
    return "pending";
  }
  return granted(ctx, redemptionId);
}

/**
 * A grant still undelivered when it expires can no longer be played, so it is not sent again:
 * the RGS is asked to close it. If the RGS never had it (every earlier answer lost with the call),
 * it is stored closed there and the member gets the points and stock back (the redemption
 * rejected, once). If it had it, the member had the spins until they lapsed: granted.
 */
export async function closeExpiredGrant(
  ctx: AppContext,
  redemptionId: number,
  g: GrantRequest,
  send: GrantSender,
  undo: GrantUndo,
): Promise<"granted" | "refused" | "pending"> {
  const close = send.close;
  if (!close) return "pending";
  let made: boolean;
  try {
    made = (await close(g)).made;
  } catch (err) {
    if (!(err instanceof GrantRefused)) {
      await later(ctx, redemptionId, err);
      return "pending";
    }
    made = false; // the RGS cannot make it (its slot retired), and it had none
  }
  if (!made) {
    await undo(ctx, redemptionId, FS_EXPIRED_REASON);
    return "refused";
  }
  return granted(ctx, redemptionId);
}

/** The RGS has the grant: the copy leaves 'pending' (once). */
async function granted(ctx: AppContext, redemptionId: number): Promise<"granted"> {
  await markGrantGranted(ctx.db, redemptionId);
  return "granted";
}

/** A delivery that got no answer: the grant stays pending and is tried again later. */
async function later(ctx: AppContext, redemptionId: number, err: unknown): Promise<void> {
  // Sent again after 1 minute, then 2, 4, … at most an hour (from this row's failed attempts).
  const message = err instanceof Error ? err.message : String(err);
  await postponeGrant(ctx.db, redemptionId, message.slice(0, 200), ctx.clock.now());
}

/**
 * The minute job (loyalty.free-spin-grants): each pending grant whose time has come is taken
 * (its next attempt moved past the lease in one statement, so two processes never send the same
 * one at once) and sent again — or, past its expiry, closed (closeExpiredGrant). Counted as granted,
 * refused (the redemption undone, points returned) or still pending.
 */
export async function resendGrants(
  ctx: AppContext,
  undo: GrantUndo,
): Promise<{ granted: number; refused: number; pending: number }> {
  const out = { granted: 0, refused: 0, pending: 0 };
  const send = senders.get(ctx);
  if (!send) return out;
  const now = ctx.clock.now();
  const due = await leaseDueGrants(ctx.db, now, new Date(now.getTime() + GRANT_LEASE_MS));
  for (const r of due) {
    const expired = new Date(r.expires_at).getTime() <= now.getTime();
    const outcome = await (expired ? closeExpiredGrant : deliverGrant)(
      ctx,
      Number(r.redemption_id),
      {
        grantId: r.grant_id,
        memberId: Number(r.member_id),
        vendor: r.vendor,
        gameCode: r.game_code,
        currency: r.currency,
        spins: r.spins,
        betPerLine: BigInt(r.bet_per_line),
        expiresAt: new Date(r.expires_at),
      },
      send,
      undo,
    );
    out[outcome]++;
  }
  return out;
}
