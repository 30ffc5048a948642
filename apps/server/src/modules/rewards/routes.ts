import { formatMinor } from "@panalo/contracts/money";
import {
  ClaimAllRequest,
  ClaimRaffleRequest,
  ClaimRewardRequest,
  RewardListQuery,
} from "@panalo/contracts/rewards";
import type { FastifyInstance } from "fastify";
import QRCode from "qrcode";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { memberOf, requireMember } from "../members/service.ts";
import { rewardAdminRoutes } from "./admin-routes.ts";
import { claimAll, claimOne, listRewards, markSeen, unreadCount } from "./center.ts";
import { raffleViews } from "./raffle.ts";
import { memberByReferralCode, referralPage } from "./referral.ts";
import { claimRafflePrizes, rebatePage } from "./service.ts";

/**
 * The member centre's reward pages (spec §2 rewardCenter, manualRebate, referral; §7
 * MCS2_claimRafflePromotion). Every call needs a real member's token (trial accounts: spec §6
 * in_need_true_account); claims answer what was paid.
 */
export async function rewardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = [requireMember(ctx, { realOnly: true })];
  const now = () => ctx.clock.now();

  route(app, { method: "GET", url: "/wps/rewards/list", query: RewardListQuery, guards: member }, async (i) =>
    listRewards(ctx.db, memberOf(i.req).id, i.query, i.lang, now()),
  );
  route(app, { method: "GET", url: "/wps/rewards/unread", guards: member }, async (i) => ({
    count: await unreadCount(ctx.db, memberOf(i.req).id, now()),
  }));
  route(app, { method: "POST", url: "/wps/rewards/seen", guards: member }, async (i) => {
    await markSeen(ctx.db, memberOf(i.req).id, now());
    return { count: 0 };
  });
  route(
    app,
    { method: "POST", url: "/wps/rewards/claim", body: ClaimRewardRequest, guards: member },
    async (i) => {
      const paid = await claimOne(ctx, memberOf(i.req).id, i.body.id);
      return { claimed: 1, amount: formatMinor(paid.amountMinor), skipped: 0 };
    },
  );
  route(
    app,
    { method: "POST", url: "/wps/rewards/claimAll", body: ClaimAllRequest, guards: member },
    async (i) => claimAll(ctx, memberOf(i.req).id, i.body.source),
  );

  // manualRebate: the rates, the closed days waiting to be claimed, today's estimate so far.
  route(app, { method: "GET", url: "/wps/rewards/rebate", guards: member }, async (i) =>
    rebatePage(ctx, memberOf(i.req).id, i.lang, now()),
  );
  route(app, { method: "POST", url: "/wps/rewards/rebate/claim", guards: member }, async (i) =>
    claimAll(ctx, memberOf(i.req).id, "rebate"),
  );

  // Raffles: the list with the member's tickets, and the prize claim of spec §7.
  route(app, { method: "GET", url: "/wps/rewards/raffles", guards: member }, async (i) =>
    raffleViews(ctx.db, memberOf(i.req).id, i.lang),
  );
  route(
    app,
    { method: "POST", url: "/wps/relay/MCS2_claimRafflePromotion", body: ClaimRaffleRequest, guards: member },
    async (i) => claimRafflePrizes(ctx, memberOf(i.req).id, i.body.raffleId),
  );

  // Referral (invite friends): the member's code, link, QR and friends (masked).
  route(app, { method: "GET", url: "/wps/referral/info", guards: member }, async (i) =>
    referralPage(ctx.db, memberOf(i.req).id, ctx.config.PUBLIC_URL),
  );
  // The QR of a referral link, drawn here from the site's address and a code that exists.
  app.get("/media/qr/referral/:code", async (req, reply) => {
    const parsed = z.object({ code: z.string().regex(/^[A-Za-z0-9]{4,20}\.svg$/) }).safeParse(req.params);
    if (!parsed.success) throw Errors.notFound("QR code");
    const code = parsed.data.code.replace(/\.svg$/, "").toUpperCase();
    if ((await memberByReferralCode(ctx.db, code)) === null) throw Errors.notFound("QR code");
    const link = new URL(`/register?referralCode=${code}`, ctx.config.PUBLIC_URL).toString();
    const svg = await QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    reply.header("cache-control", "public, max-age=300");
    return reply.type("image/svg+xml").send(svg);
  });

  await rewardAdminRoutes(app, ctx);
}
