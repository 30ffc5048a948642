import { PositiveAmount } from "@panalo/contracts/money";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { memberOf, requireMember } from "../members/service.ts";
import { syncVendorWallet, transferVendors, transferView, transferWithVendor } from "./transfer-wallet.ts";

const Wallet = z.string().regex(/^(MAIN|[A-Z0-9_]{2,30})$/);
const TransferBody = z
  .object({
    fromWallet: Wallet,
    toWallet: Wallet,
    amount: PositiveAmount,
    requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .refine((b) => (b.fromWallet === "MAIN") !== (b.toWallet === "MAIN"), {
    message: "one side must be MAIN",
    path: ["toWallet"],
  });

const RG_REFUSALS = new Set([
  "RG_LOSS_LIMIT",
  "RG_WAGER_LIMIT",
  "RG_SELF_EXCLUDED",
  "RG_COOLING_OFF",
  "RG_SESSION_LIMIT",
]);

/**
 * spec §7 GCS_walletTransfer: money between the main wallet and a transfer-wallet vendor's
 * wallet (transfer-wallet.ts says how). Real accounts only: play money never leaves the site.
 */
export async function transferWalletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const real = [requireMember(ctx, { realOnly: true })];

  route(
    app,
    { method: "POST", url: "/wps/relay/GCS_walletTransfer", body: TransferBody, guards: real },
    async ({ body, req }) => {
      const t = await transferWithVendor(ctx, {
        memberId: memberOf(req).id,
        vendor: body.fromWallet === "MAIN" ? body.toWallet : body.fromWallet,
        direction: body.fromWallet === "MAIN" ? "in" : "out",
        amount: body.amount,
        requestId: body.requestId,
      });
      // A refusal by the vendor is final and the money is back: the member is told so plainly.
      if (t.status === "failed") {
        if (t.errorCode === "INSUFFICIENT_FUNDS") throw Errors.conflict("INSUFFICIENT_FUNDS");
        // Responsible gaming refused it (a loss or wager limit, an exclusion, a spent session):
        // the same messages as a seamless bet's, in the member's language.
        if (t.errorCode && RG_REFUSALS.has(t.errorCode)) throw new AppError(t.errorCode, 403);
        throw Errors.conflict("TRANSFER_REFUSED");
      }
      return transferView(ctx, t);
    },
  );

  // The vendors a member can transfer to; with sync=1 each wallet is first read from its vendor.
  route(
    app,
    {
      method: "GET",
      url: "/wps/relay/GCS_transferVendors",
      query: z.object({ sync: z.enum(["0", "1"]).default("0") }),
      guards: real,
    },
    async ({ query, req }) => {
      const vendors = await transferVendors(ctx);
      if (query.sync === "1") {
        const id = memberOf(req).id;
        await Promise.all(vendors.map((v) => syncVendorWallet(ctx, id, v.vendor).catch(() => false)));
      }
      return { vendors };
    },
  );
}
